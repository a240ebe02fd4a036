import { type LanguageCode, SETTING_OF_CODE } from "./i18n/languages.ts";
import { isTimeZone, mailDateFormatter } from "./intl-formatters.ts";
import { formatMajor } from "./money.ts";

/**
 * How one reader sees prices and dates: the pages, the admin area, the mails
 * and the payment emulators all format through here, with the reader's
 * language and time zone (their settings) or, for a visitor and for every
 * page kept for visitors, the store's.
 */
export interface Formatting {
  /** A BCP 47 locale for numbers and currencies. */
  locale: string;
  /** An IANA time zone for dates. */
  timeZone: string;
}

/** The store's own: visitors, cached public pages, mails without a learner. */
export const STORE_FORMATTING: Formatting = { locale: "en-GB", timeZone: "Europe/London" };

/** The settings page's languages (SPEC.md section 9) as locales. */
const LOCALE_OF_LANGUAGE: Record<string, string> = { English: "en-GB", Spanish: "es-ES", French: "fr-FR" };

/** A learner's settings as their formatting; the store's for a visitor or an unknown value. */
export function formattingOf(settings: { language: string; timezone: string } | null | undefined): Formatting {
  if (!settings) return STORE_FORMATTING;
  return {
    locale: LOCALE_OF_LANGUAGE[settings.language] ?? STORE_FORMATTING.locale,
    timeZone: isTimeZone(settings.timezone) ? settings.timezone : STORE_FORMATTING.timeZone,
  };
}

/**
 * A reader's formatting from the language their page is in: a learner's own
 * settings, or for a guest the language chosen (switcher, Accept-Language)
 * with the store's time zone. Kept guest pages are kept per language.
 */
export function readerFormatting(
  language: LanguageCode,
  settings: { language: string; timezone: string } | null | undefined,
): Formatting {
  return formattingOf(settings ?? { language: SETTING_OF_CODE[language], timezone: STORE_FORMATTING.timeZone });
}

/**
 * What came off a price (a credit, a discount) as the amount to write: negative, so a receipt or
 * a cart reads "-£3.30" as taken off; nothing taken off stays "£0.00".
 */
export const takenOff = (amount: number): number => (amount > 0 ? -amount : 0);

/** A price the API gives in major units (19.99), for people: "£19.99" (en-GB), "19,99 £" (fr-FR), "¥500" (JPY). */
export function formatAmount(major: number, currency: string, formatting: Formatting = STORE_FORMATTING): string {
  return formatMajor(major, currency, formatting.locale);
}

/**
 * When a change took effect, as a mail states it, in UTC (a mail may be read
 * anywhere). English keeps the mails' own form ('Sat, 21 Nov 2026 10:05:00
 * UTC'); Spanish and French write it in full by Intl ('samedi 21 novembre
 * 2026 à 10:05:00 UTC').
 */
export function formatMailDate(at: Date, locale: string = STORE_FORMATTING.locale): string {
  if (locale === STORE_FORMATTING.locale) return at.toUTCString().replace("GMT", "UTC");
  return mailDateFormatter(locale, "UTC").format(at);
}

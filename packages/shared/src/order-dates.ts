import { type Formatting, STORE_FORMATTING } from "./formatting.ts";
import { kept } from "./intl-formatters.ts";

/*
 * Order dates, in a module of their own: only loaders (on the server) and the
 * admin area's client format them, so the public pages' JavaScript, which
 * formats prices through formatting.ts, does not carry them.
 */

const orderDateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An order's date and time in the reader's time zone: 'November 21, 2026 at
 * 10:05 AM' in English (SPEC.md section 9: long US English, 12-hour), and the
 * same long date and short time in the reader's language otherwise (issue 13:
 * dates follow the language): '21 novembre 2026 à 10:05'.
 */
export function formatOrderDate(iso: string, formatting: Formatting = STORE_FORMATTING): string {
  const { timeZone } = formatting;
  const locale = formatting.locale.startsWith("en") ? "en-US" : formatting.locale;
  const format = kept(
    orderDateFormats,
    `${locale}\n${timeZone}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        dateStyle: "long",
        timeStyle: "short",
        hour12: locale === "en-US" ? true : undefined,
        timeZone,
      }),
  );
  return format.format(new Date(iso));
}

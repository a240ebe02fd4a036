import { currencyFormatter, formatPrice } from "./intl-formatters.ts";

/**
 * Money, in one place. The store keeps every amount as an integer of minor
 * units of its currency: pence and cents (1999 is 19.99 GBP), whole yen (1200
 * is 1,200 JPY), fils (1500 is 1.500 KWD). The API shows major units as
 * numbers, providers want decimal strings, people read formatted prices.
 * Every conversion between these lives here and takes the currency, whose
 * minor-unit exponent (ISO 4217, as Intl knows it) says how many minor units
 * make a major one, so no amount is rounded two ways or charged 100 times over.
 * What a price or an amount may be, and reading one from a client or a
 * provider, is in money-rules.ts: the pages that only show prices carry none of it.
 */

const digitsKept = new Map<string, number>();

/** How many decimal places a currency writes (ISO 4217, as Intl knows it): GBP 2, JPY 0, KWD 3. */
export function currencyDigits(currency: string): number {
  const code = currency.toUpperCase();
  let digits = digitsKept.get(code);
  if (digits === undefined) {
    digits = currencyFormatter("en", code).resolvedOptions().maximumFractionDigits ?? 2;
    digitsKept.set(code, digits);
  }
  return digits;
}

/** Minor units in one major unit: 100 for GBP, 1 for JPY, 1000 for KWD. */
export function minorPerMajor(currency: string): number {
  return 10 ** currencyDigits(currency);
}

/** A price in major units (19.99) as minor units (1999), rounded to the nearest minor unit. */
export function toMinor(major: number, currency: string): number {
  return Math.round(major * minorPerMajor(currency));
}

/** Minor units (1999) as the API's major-unit number (19.99; 1200 yen stays 1200). */
export function toMajor(minor: number, currency: string): number {
  return minor / minorPerMajor(currency);
}

/**
 * Minor units as providers write amounts, with the currency's decimals
 * (integer arithmetic, no float rounding): GBP 1999 → "19.99", JPY 1200 → "1200", KWD 1500 → "1.500".
 */
export function decimalAmount(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  if (digits === 0) return `${sign}${abs}`;
  const per = 10 ** digits;
  return `${sign}${Math.trunc(abs / per)}.${String(abs % per).padStart(digits, "0")}`;
}

/**
 * A price for people, from minor units of its currency: formatMoney(3249, "GBP") → "£32.49",
 * formatMoney(1200, "JPY") → "JP¥1,200" ("￥1,200" in ja-JP); in the reader's locale ("32,49 £" in fr-FR).
 */
export function formatMoney(minor: number, currency: string, locale = "en-GB"): string {
  const code = currency.toUpperCase();
  return formatPrice(locale, code, toMajor(minor, code));
}

/** A price for people from major units (the API's 19.99), in the reader's locale. */
export function formatMajor(major: number, currency: string, locale = "en-GB"): string {
  return formatPrice(locale, currency.toUpperCase(), major);
}

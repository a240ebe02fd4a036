import { currencyFormatter } from "./intl-formatters.ts";

/**
 * Money, in one place. The store keeps every amount as an integer of minor
 * units (pence, cents): 1999 is 19.99. The API shows major units as numbers,
 * providers want decimal strings, people read formatted prices. Every
 * conversion between these lives here, so no amount is rounded two ways.
 *
 * The store's currencies have two decimal places (env.ts refuses others).
 */
export const MINOR_PER_MAJOR = 100;

/** A price in major units (19.99) as minor units (1999), rounded to the nearest minor unit. */
export function toMinor(major: number): number {
  return Math.round(major * MINOR_PER_MAJOR);
}

/** Whether a major-unit price is a whole number of minor units (19.99 yes, 19.999 no), float noise allowed. */
export function isWholeMinor(major: number): boolean {
  return Math.abs(major * MINOR_PER_MAJOR - Math.round(major * MINOR_PER_MAJOR)) < 1e-6;
}

/** Minor units (1999) as the API's major-unit number (19.99). */
export function toMajor(minor: number): number {
  return minor / MINOR_PER_MAJOR;
}

/** Whether `code` is a currency of ISO 4217 that Intl can format ("GBP" yes, "ABC" no: well-formed but no currency). */
export function isIsoCurrency(code: string): boolean {
  return Intl.supportedValuesOf("currency").includes(code);
}

/** Whether a currency writes two decimal places, as the store's amounts assume (GBP yes, JPY no). */
export function hasTwoDecimals(currency: string): boolean {
  try {
    const digits = currencyFormatter("en", currency).resolvedOptions().maximumFractionDigits;
    return digits === 2;
  } catch {
    return false;
  }
}

/**
 * What a client says it pays, a number (19.99) or a string ("19.99"), in minor
 * units; null when it is not a finite amount.
 */
export function minorOfClientAmount(amount: number | string): number | null {
  const value = typeof amount === "string" ? Number(amount.trim() === "" ? Number.NaN : amount) : amount;
  return Number.isFinite(value) ? toMinor(value) : null;
}

/** Minor units as providers write amounts: 1999 → "19.99" (integer arithmetic, no float rounding). */
export function decimalAmount(minor: number): string {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  return `${sign}${Math.trunc(abs / MINOR_PER_MAJOR)}.${String(abs % MINOR_PER_MAJOR).padStart(2, "0")}`;
}

/**
 * A provider's decimal amount back in minor units: "19.99", "19.9", "20"; with
 * `trailingZeros`, also "19.990" (PayU pads amounts). Null for anything else,
 * so an amount that is not plainly readable never matches a payment.
 */
export function minorOfDecimalAmount(text: string | undefined, options: { trailingZeros?: boolean } = {}) {
  const pattern = options.trailingZeros ? /^(\d{1,9})(?:\.(\d{1,2})0*)?$/ : /^(\d{1,9})(?:\.(\d{1,2}))?$/;
  const match = pattern.exec(text ?? "");
  if (!match) return null;
  return Number(match[1]) * MINOR_PER_MAJOR + Number((match[2] ?? "").padEnd(2, "0"));
}

/** How many decimal places a currency writes (ISO 4217, as Intl knows it): GBP 2, JPY 0, KWD 3. */
export function currencyDigits(currency: string): number {
  return currencyFormatter("en", currency).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * A price for people, from minor units of its currency: formatMoney(3249, "GBP") → "£32.49",
 * formatMoney(500, "JPY") → "¥500"; in the reader's locale ("32,49 £" in fr-FR).
 */
export function formatMoney(minor: number, currency: string, locale = "en-GB"): string {
  const code = currency.toUpperCase();
  return currencyFormatter(locale, code).format(minor / 10 ** currencyDigits(code));
}

/** A price for people from major units (the API's 19.99), in the reader's locale. */
export function formatMajor(major: number, currency: string, locale = "en-GB"): string {
  return currencyFormatter(locale, currency.toUpperCase()).format(major);
}

import { type Message, plain } from "./i18n/message.ts";
import { currencyFormatter, formatPrice } from "./intl-formatters.ts";

/**
 * Money, in one place. The store keeps every amount as an integer of minor
 * units of its currency: pence and cents (1999 is 19.99 GBP), whole yen (1200
 * is 1,200 JPY), fils (1500 is 1.500 KWD). The API shows major units as
 * numbers, providers want decimal strings, people read formatted prices.
 * Every conversion between these lives here and takes the currency, whose
 * minor-unit exponent (ISO 4217, as Intl knows it) says how many minor units
 * make a major one, so no amount is rounded two ways or charged 100 times over.
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

/**
 * One of something per currency, made on first use and kept: the schemas that
 * check prices in the store's currency (a store has one, tests a few).
 */
export function perCurrency<T>(make: (currency: string) => T): (currency: string) => T {
  const made = new Map<string, T>();
  return (currency) => {
    const code = currency.toUpperCase();
    let value = made.get(code);
    if (value === undefined) {
      value = make(code);
      made.set(code, value);
    }
    return value;
  };
}

/** A price in major units (19.99) as minor units (1999), rounded to the nearest minor unit. */
export function toMinor(major: number, currency: string): number {
  return Math.round(major * minorPerMajor(currency));
}

/** Whether a major-unit price is a whole number of minor units (GBP 19.99 yes, 19.999 no; JPY 1200 yes, 1200.5 no), float noise allowed. */
export function isWholeMinor(major: number, currency: string): boolean {
  const minor = major * minorPerMajor(currency);
  return Math.abs(minor - Math.round(minor)) < 1e-6;
}

/**
 * The step of every price and charge, in minor units: 1, but 10 in a
 * three-decimal currency (BHD, JOD, KWD, OMR, TND): Stripe takes card payments
 * in these only in whole tens of fils (an amount whose last digit is 0). Prices,
 * coupon amounts and discounts keep to it, so what the cart shows is what is charged.
 */
export function minorStep(currency: string): number {
  return currencyDigits(currency) === 3 ? 10 : 1;
}

/** The decimals a price may have: the currency's, but two in a three-decimal one (minorStep). */
function priceDigits(currency: string): number {
  return currencyDigits(currency) - Math.log10(minorStep(currency));
}

/** Whether a major-unit price is a whole number of steps (minorStep): GBP 19.99 yes; KWD 1.25 yes, 1.255 no. */
export function isPriceStep(major: number, currency: string): boolean {
  const steps = major * 10 ** priceDigits(currency);
  return Math.abs(steps - Math.round(steps)) < 1e-6;
}

const DIGIT_WORDS = ["no", "one", "two", "three", "four"];

/**
 * Why a price with too many decimals is refused, under `subject` ("Price"), as
 * a message: "Price has at most two decimals" (GBP, and KWD: minorStep), "Price
 * must be a whole number: {{currency}} has no decimals" with JPY (JPY).
 */
export function wholeMinorMessage(subject: string, currency: string): Message {
  const digits = priceDigits(currency);
  if (digits === 0) {
    return {
      key: `${subject} must be a whole number: {{currency}} has no decimals`,
      values: { currency: currency.toUpperCase() },
    };
  }
  return plain(`${subject} has at most ${DIGIT_WORDS[digits] ?? digits} decimal${digits === 1 ? "" : "s"}`);
}

/** Minor units (1999) as the API's major-unit number (19.99; 1200 yen stays 1200). */
export function toMajor(minor: number, currency: string): number {
  return minor / minorPerMajor(currency);
}

/** Whether `code` is a currency of ISO 4217 that Intl can format ("GBP" yes, "ABC" no: well-formed but no currency). */
export function isIsoCurrency(code: string): boolean {
  return Intl.supportedValuesOf("currency").includes(code);
}

/**
 * What a client says it pays, a number (19.99) or a string ("19.99"), in minor
 * units; null when it is not a finite amount.
 */
export function minorOfClientAmount(amount: number | string, currency: string): number | null {
  const value = typeof amount === "string" ? Number(amount.trim() === "" ? Number.NaN : amount) : amount;
  return Number.isFinite(value) ? toMinor(value, currency) : null;
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
 * A provider's decimal amount back in minor units: GBP "19.99", "19.9", "20";
 * JPY "1200"; with `trailingZeros`, also "19.990" and "1200.00" (PayU pads
 * amounts). Null for anything else, so an amount that is not plainly readable
 * never matches a payment.
 */
export function minorOfDecimalAmount(
  text: string | undefined,
  currency: string,
  options: { trailingZeros?: boolean } = {},
): number | null {
  const digits = currencyDigits(currency);
  const zeros = options.trailingZeros ? "0*" : "";
  // A zero-decimal amount has no fraction of its own: only padding zeros may follow its point.
  const tail = digits === 0 ? (options.trailingZeros ? "(?:\\.0+)?" : "") : `(?:\\.(\\d{1,${digits}})${zeros})?`;
  const match = new RegExp(`^(\\d{1,9})${tail}$`).exec(text ?? "");
  if (!match) return null;
  return Number(match[1]) * 10 ** digits + Number((match[2] ?? "").padEnd(digits, "0") || 0);
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

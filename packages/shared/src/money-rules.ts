import { type Message, plain } from "./i18n/message.ts";
import { currencyDigits, minorPerMajor, toMinor } from "./money.ts";

/*
 * The rules of amounts (money.ts holds the conversions and formats): which
 * prices a currency allows and why one is refused, and reading an amount that
 * a client or a provider sends. Apart from money.ts, so that the script every
 * page loads, which only shows prices, carries none of it.
 */

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

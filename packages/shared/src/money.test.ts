import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { english } from "./i18n/message.ts";
import { currencyDigits, decimalAmount, formatMajor, formatMoney, toMajor, toMinor } from "./money.ts";
import {
  isPriceStep,
  isWholeMinor,
  minorOfClientAmount,
  minorOfDecimalAmount,
  minorStep,
  wholeMinorMessage,
} from "./money-rules.ts";

/** One currency per minor-unit exponent Intl knows: none, two and three decimals. */
const BY_DIGITS = { JPY: 0, KRW: 0, GBP: 2, EUR: 2, USD: 2, INR: 2, BHD: 3, KWD: 3 } as const;
const CURRENCIES = Object.keys(BY_DIGITS) as (keyof typeof BY_DIGITS)[];

describe("money", () => {
  it("takes each currency's minor unit from Intl", () => {
    for (const currency of CURRENCIES) expect(currencyDigits(currency)).toBe(BY_DIGITS[currency]);
  });

  it("round-trips every amount up to 1,000.00 through provider strings and major units", () => {
    const wrong: number[] = [];
    for (let minor = 0; minor <= 100_000; minor++) {
      const back = minorOfDecimalAmount(decimalAmount(minor, "GBP"), "GBP");
      if (back !== minor || toMinor(toMajor(minor, "GBP"), "GBP") !== minor) wrong.push(minor);
    }
    expect(wrong).toEqual([]);
  });

  it("round-trips any amount major ↔ minor and through provider strings, in every exponent", () => {
    fc.assert(
      fc.property(fc.constantFrom(...CURRENCIES), fc.integer({ min: 0, max: 999_999_999 }), (currency, minor) => {
        const major = toMajor(minor, currency);
        expect(toMinor(major, currency)).toBe(minor);
        expect(isWholeMinor(major, currency)).toBe(true);
        const text = decimalAmount(minor, currency);
        const digits = currencyDigits(currency);
        // The currency's own decimals, no more and no fewer: "1200" for JPY, "12.000" for KWD.
        expect(text).toMatch(digits === 0 ? /^\d+$/ : new RegExp(`^\\d+\\.\\d{${digits}}$`));
        expect(minorOfDecimalAmount(text, currency)).toBe(minor);
        expect(minorOfDecimalAmount(`${text}${digits === 0 ? ".00" : "0"}`, currency, { trailingZeros: true })).toBe(
          minor,
        );
        expect(minorOfClientAmount(String(major), currency)).toBe(minor);
      }),
    );
  });

  it("finds a price finer than the currency's minor unit, in every exponent", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCIES),
        fc.integer({ min: 0, max: 9_999_999 }),
        fc.integer({ min: 1, max: 9 }),
        (currency, minor, tenth) => {
          // A tenth of a minor unit more: 1200.5 yen, 19.995 pounds, 1.2345 dinars.
          const major = (minor * 10 + tenth) / 10 ** (currencyDigits(currency) + 1);
          expect(isWholeMinor(major, currency)).toBe(false);
        },
      ),
    );
  });

  it("writes providers' amounts and reads them back exactly", () => {
    expect(decimalAmount(1999, "GBP")).toBe("19.99");
    expect(decimalAmount(5, "GBP")).toBe("0.05");
    expect(decimalAmount(100, "GBP")).toBe("1.00");
    expect(decimalAmount(-250, "GBP")).toBe("-2.50");
    expect(decimalAmount(1200, "JPY")).toBe("1200");
    expect(decimalAmount(1500, "KWD")).toBe("1.500");
    expect(toMinor(0.1 + 0.2, "GBP")).toBe(30);
    expect(toMinor(32.49, "GBP")).toBe(3249);
    expect(toMinor(1200, "JPY")).toBe(1200);
    expect(toMajor(1200, "JPY")).toBe(1200);
    expect(toMinor(1.5, "KWD")).toBe(1500);
  });

  it("reads only plain amounts with the currency's decimals", () => {
    expect(minorOfDecimalAmount("19.9", "GBP")).toBe(1990);
    expect(minorOfDecimalAmount("20", "GBP")).toBe(2000);
    expect(minorOfDecimalAmount("19.990", "GBP")).toBeNull();
    expect(minorOfDecimalAmount("19.990", "GBP", { trailingZeros: true })).toBe(1999);
    expect(minorOfDecimalAmount("19.991", "GBP", { trailingZeros: true })).toBeNull();
    expect(minorOfDecimalAmount("1200", "JPY")).toBe(1200);
    expect(minorOfDecimalAmount("1200.00", "JPY")).toBeNull();
    expect(minorOfDecimalAmount("1200.5", "JPY")).toBeNull();
    expect(minorOfDecimalAmount("1200.00", "JPY", { trailingZeros: true })).toBe(1200);
    expect(minorOfDecimalAmount("1200.50", "JPY", { trailingZeros: true })).toBeNull();
    expect(minorOfDecimalAmount("1.5", "KWD")).toBe(1500);
    expect(minorOfDecimalAmount("1.2345", "KWD")).toBeNull();
    for (const bad of ["", " 1", "1.", ".5", "-1", "1e3", "0x10", "19.999", "1,000", undefined]) {
      expect(minorOfDecimalAmount(bad, "GBP")).toBeNull();
    }
  });

  it("reads what a client says it pays", () => {
    expect(minorOfClientAmount(19.99, "GBP")).toBe(1999);
    expect(minorOfClientAmount("19.99", "GBP")).toBe(1999);
    expect(minorOfClientAmount(1200, "JPY")).toBe(1200);
    expect(minorOfClientAmount("", "GBP")).toBeNull();
    expect(minorOfClientAmount("abc", "GBP")).toBeNull();
    expect(minorOfClientAmount(Number.POSITIVE_INFINITY, "GBP")).toBeNull();
  });

  it("says how many decimals a price may have", () => {
    expect(english(wholeMinorMessage("Price", "GBP"))).toBe("Price has at most two decimals");
    expect(english(wholeMinorMessage("Price", "JPY"))).toBe("Price must be a whole number: JPY has no decimals");
    // Three-decimal currencies are priced in tens of fils, as Stripe charges them.
    expect(english(wholeMinorMessage("price", "KWD"))).toBe("price has at most two decimals");
  });

  it("keeps prices in three-decimal currencies to tens of the minor unit, and every other currency to its own", () => {
    expect(["JPY", "GBP", "USD", "BHD", "JOD", "KWD", "OMR", "TND"].map(minorStep)).toEqual([
      1, 1, 1, 10, 10, 10, 10, 10,
    ]);
    expect(isPriceStep(1.25, "KWD")).toBe(true);
    expect(isPriceStep(12.35, "BHD")).toBe(true);
    expect(isPriceStep(1.255, "KWD")).toBe(false);
    expect(isPriceStep(19.99, "GBP")).toBe(true);
    expect(isPriceStep(19.995, "GBP")).toBe(false);
    expect(isPriceStep(1200, "JPY")).toBe(true);
    expect(isPriceStep(1200.5, "JPY")).toBe(false);
    fc.assert(
      fc.property(fc.constantFrom(...CURRENCIES), fc.integer({ min: 0, max: 99_999_999 }), (currency, steps) => {
        expect(isPriceStep(toMajor(steps * minorStep(currency), currency), currency)).toBe(true);
      }),
    );
  });

  it("formats for people with the currency's own decimals", () => {
    expect(formatMoney(3249, "GBP")).toBe("£32.49");
    expect(formatMoney(3249, "usd")).toBe("US$32.49");
    expect(formatMoney(1200, "JPY")).toBe("JP¥1,200");
    expect(formatMoney(1200, "JPY", "en-US")).toBe("¥1,200");
    expect(formatMoney(1500, "KWD")).toBe("KWD\u00a01.500");
  });

  it("writes a kept price exactly as Intl writes it, whatever was kept before", () => {
    // More distinct prices than the cache keeps, in several locales, each asked for twice.
    fc.assert(
      fc.property(
        fc.constantFrom("en-GB", "fr-FR", "es-ES", "en-US"),
        fc.constantFrom(...CURRENCIES),
        fc.integer({ min: 0, max: 99_999_999 }),
        (locale, currency, minor) => {
          const major = toMajor(minor, currency);
          const intl = new Intl.NumberFormat(locale, { style: "currency", currency }).format(major);
          expect(formatMajor(major, currency, locale)).toBe(intl);
          expect(formatMajor(major, currency, locale)).toBe(intl);
          expect(formatMoney(minor, currency, locale)).toBe(intl);
        },
      ),
      { numRuns: 2000 },
    );
    expect(formatMajor(-0, "GBP")).toBe("£0.00");
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatAmount, formattingOf, STORE_FORMATTING } from "./formatting.ts";
import { currencyDigits, decimalAmount, formatMoney, toMajor } from "./money.ts";
import { isIsoCurrency } from "./money-rules.ts";
import { formatOrderDate } from "./order-dates.ts";

const digitsOf = (text: string) => text.replace(/\D/g, "");
const LOCALES = ["en-GB", "es-ES", "fr-FR"];
const learner = (language: string, timezone = "Europe/London") => formattingOf({ language, timezone });

describe("prices for people", () => {
  it("show every amount with its two decimals and its currency, in each of the settings' languages", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), fc.constantFrom(...LOCALES), (minor, locale) => {
        const text = formatMoney(minor, "GBP", locale);
        // The same digits as the providers' amount (19.99 → "1999"): nothing rounded or dropped.
        expect(digitsOf(text)).toBe(digitsOf(decimalAmount(minor, "GBP")));
        expect(text).toMatch(locale === "es-ES" ? /GBP/ : /£/);
        expect(text).toMatch(/\d[.,]\d\d(?!\d)/);
        // From the API's major units the text is the same.
        expect(formatAmount(toMajor(minor, "GBP"), "GBP", { locale, timeZone: "UTC" })).toBe(text);
      }),
    );
  });

  it("write each language's own way", () => {
    expect(formatAmount(32.49, "GBP")).toBe("£32.49");
    expect(formatAmount(1234.5, "GBP", learner("English"))).toBe("£1,234.50");
    expect(formatAmount(1234.5, "GBP", learner("French"))).toBe("1\u202f234,50\u00a0£GB");
    expect(formatAmount(1234.5, "GBP", learner("Spanish"))).toBe("1234,50\u00a0GBP");
    expect(formatAmount(0, "EUR")).toBe("€0.00");
  });

  it("show a zero-decimal currency without decimals, and a three-decimal one with three", () => {
    expect(currencyDigits("JPY")).toBe(0);
    expect(formatMoney(500, "JPY")).toBe("JP¥500");
    expect(formatAmount(1500, "JPY")).toBe("JP¥1,500");
    expect(formatMoney(500, "JPY", "ja-JP")).toBe("￥500");
    expect(currencyDigits("KWD")).toBe(3);
    expect(formatMoney(1500, "KWD")).toBe("KWD\u00a01.500");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (yen) => {
        expect(digitsOf(formatMoney(yen, "JPY"))).toBe(String(yen));
      }),
    );
  });

  it("know the currencies of ISO 4217", () => {
    for (const code of ["GBP", "EUR", "USD", "INR", "JPY"]) expect(isIsoCurrency(code)).toBe(true);
    for (const code of ["ABC", "gbp", "XXXX", ""]) expect(isIsoCurrency(code)).toBe(false);
  });
});

describe("order dates", () => {
  const at = "2026-11-21T10:05:00Z";

  it("are long US English with a 12-hour time (SPEC.md section 9), in the reader's time zone", () => {
    expect(formatOrderDate(at)).toBe("November 21, 2026 at 10:05 AM");
    expect(formatOrderDate(at, learner("English", "Asia/Kolkata"))).toBe("November 21, 2026 at 3:35 PM");
  });

  it("are in the reader's language when it is not English (issue 13), in their time zone", () => {
    expect(formatOrderDate(at, learner("French", "America/New_York"))).toBe("21 novembre 2026 à 05:05");
    expect(formatOrderDate(at, learner("Spanish", "Australia/Sydney"))).toBe("21 de noviembre de 2026 a las 21:05");
  });
});

describe("a reader's formatting", () => {
  it("is the store's for a visitor and for settings it does not know", () => {
    expect(formattingOf(null)).toEqual(STORE_FORMATTING);
    expect(STORE_FORMATTING).toEqual({ locale: "en-GB", timeZone: "Europe/London" });
    expect(formattingOf({ language: "Klingon", timezone: "Mars/Olympus" })).toEqual(STORE_FORMATTING);
    expect(learner("French", "Asia/Kolkata")).toEqual({ locale: "fr-FR", timeZone: "Asia/Kolkata" });
  });
});

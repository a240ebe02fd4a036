import { describe, expect, it } from "vitest";
import {
  decimalAmount,
  formatMoney,
  hasTwoDecimals,
  minorOfClientAmount,
  minorOfDecimalAmount,
  toMajor,
  toMinor,
} from "./money.ts";

describe("money", () => {
  it("round-trips every amount up to 1,000.00 through provider strings and major units", () => {
    const wrong: number[] = [];
    for (let minor = 0; minor <= 100_000; minor++) {
      if (minorOfDecimalAmount(decimalAmount(minor)) !== minor || toMinor(toMajor(minor)) !== minor) wrong.push(minor);
    }
    expect(wrong).toEqual([]);
  });

  it("writes provider amounts with two places, without float artefacts", () => {
    expect(decimalAmount(1999)).toBe("19.99");
    expect(decimalAmount(5)).toBe("0.05");
    expect(decimalAmount(100)).toBe("1.00");
    expect(decimalAmount(-250)).toBe("-2.50");
    expect(toMinor(0.1 + 0.2)).toBe(30);
    expect(toMinor(32.49)).toBe(3249);
  });

  it("reads provider amounts strictly", () => {
    expect(minorOfDecimalAmount("19.9")).toBe(1990);
    expect(minorOfDecimalAmount("20")).toBe(2000);
    expect(minorOfDecimalAmount("19.990")).toBeNull();
    expect(minorOfDecimalAmount("19.990", { trailingZeros: true })).toBe(1999);
    expect(minorOfDecimalAmount("19.991", { trailingZeros: true })).toBeNull();
    for (const bad of ["", "1e3", "-1.00", " 1.00", "1.2.3", "0x10", "Infinity", undefined]) {
      expect(minorOfDecimalAmount(bad)).toBeNull();
    }
  });

  it("reads a client's amount as a number or a string", () => {
    expect(minorOfClientAmount(19.99)).toBe(1999);
    expect(minorOfClientAmount("19.99")).toBe(1999);
    expect(minorOfClientAmount("")).toBeNull();
    expect(minorOfClientAmount("abc")).toBeNull();
    expect(minorOfClientAmount(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it("formats for people and knows which currencies have two decimals", () => {
    expect(formatMoney(3249, "GBP")).toBe("£32.49");
    expect(formatMoney(3249, "usd")).toBe("US$32.49");
    expect(hasTwoDecimals("GBP")).toBe(true);
    expect(hasTwoDecimals("JPY")).toBe(false);
    expect(hasTwoDecimals("XXXX")).toBe(false);
  });
});

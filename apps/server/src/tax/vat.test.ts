import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type SellerTax, splitInclusive, taxLine, taxTreatment, totalsByRate } from "./vat.ts";
import { EU_COUNTRIES, VAT_RATES, vatRate } from "./vat-rates.ts";

const at = new Date("2026-11-30T12:00:00Z");
const ukSeller: SellerTax = { country: "GB", vatNumber: "GB123456789", oss: true };
const consumer = (country: string) => ({ country, vatNumber: null });

describe("the VAT inside a tax-inclusive price", () => {
  it("takes 20 % VAT out of £9.99 as £1.67, leaving £8.32 net", () => {
    expect(splitInclusive(999, 20)).toEqual({ netMinor: 832, vatMinor: 167 });
  });

  it("rounds half up, per line", () => {
    // 6 * 20/120 = 1 exactly; 3 * 20/120 = 0.5, rounded up to 1.
    expect(splitInclusive(6, 20)).toEqual({ netMinor: 5, vatMinor: 1 });
    expect(splitInclusive(3, 20)).toEqual({ netMinor: 2, vatMinor: 1 });
    expect(splitInclusive(2, 20)).toEqual({ netMinor: 2, vatMinor: 0 });
  });

  it("takes nothing at 0 % and handles decimal rates (Finland's 25.5 %)", () => {
    expect(splitInclusive(1999, 0)).toEqual({ netMinor: 1999, vatMinor: 0 });
    // 1000 * 25.5 / 125.5 = 203.19...
    expect(splitInclusive(1000, 25.5)).toEqual({ netMinor: 797, vatMinor: 203 });
  });

  it("always splits the whole amount, within half a minor unit of the exact VAT", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 3000 }), (gross, hundredths) => {
        const rate = hundredths / 100;
        const { netMinor, vatMinor } = splitInclusive(gross, rate);
        const exact = (gross * rate) / (100 + rate);
        expect(netMinor + vatMinor).toBe(gross);
        expect(vatMinor).toBeGreaterThanOrEqual(0);
        expect(Math.abs(vatMinor - exact)).toBeLessThanOrEqual(0.5 + 1e-9);
      }),
    );
  });
});

describe("where a sale is taxed", () => {
  it("charges nothing while the seller is not VAT registered", () => {
    const unregistered = { ...ukSeller, vatNumber: null };
    expect(taxTreatment(unregistered, consumer("GB"))).toEqual({ scheme: "not_registered", country: "GB" });
    expect(taxLine(taxTreatment(unregistered, consumer("FR")), "standard", 999, at).vatMinor).toBe(0);
  });

  it("charges UK VAT to a UK buyer, business or not, and zero-rates e-publications", () => {
    const uk = taxTreatment(ukSeller, consumer("GB"));
    expect(uk).toEqual({ scheme: "domestic", country: "GB" });
    expect(taxTreatment(ukSeller, { country: "GB", vatNumber: "GB987654321" }).scheme).toBe("domestic");
    expect(taxLine(uk, "standard", 1200, at)).toMatchObject({ ratePercent: 20, netMinor: 1000, vatMinor: 200 });
    expect(taxLine(uk, "e_publication", 1200, at)).toMatchObject({ ratePercent: 0, netMinor: 1200, vatMinor: 0 });
  });

  it("charges an EU consumer their own country's rate through the OSS, reduced for e-publications", () => {
    const france = taxTreatment(ukSeller, consumer("FR"));
    expect(france).toEqual({ scheme: "oss", country: "FR" });
    expect(taxLine(france, "standard", 1200, at)).toMatchObject({ ratePercent: 20, vatMinor: 200 });
    expect(taxLine(france, "e_publication", 1055, at)).toMatchObject({
      ratePercent: 5.5,
      netMinor: 1000,
      vatMinor: 55,
    });
    expect(taxLine(taxTreatment(ukSeller, consumer("DE")), "standard", 1190, at).vatMinor).toBe(190);
  });

  it("reverse-charges an EU business with a valid VAT number", () => {
    const business = taxTreatment(ukSeller, { country: "DE", vatNumber: "DE123456789" });
    expect(business).toEqual({ scheme: "reverse_charge", country: "DE" });
    expect(taxLine(business, "standard", 1190, at)).toMatchObject({ ratePercent: 0, netMinor: 1190, vatMinor: 0 });
  });

  it("charges no VAT outside the UK and the EU, nor to EU consumers without the OSS", () => {
    expect(taxTreatment(ukSeller, consumer("US"))).toEqual({ scheme: "outside_scope", country: "US" });
    expect(taxTreatment({ ...ukSeller, oss: false }, consumer("FR")).scheme).toBe("outside_scope");
  });

  it("charges an EU seller's own rate to EU consumers elsewhere when it is not in the OSS", () => {
    const irish: SellerTax = { country: "IE", vatNumber: "IE1234567T", oss: false };
    expect(taxTreatment(irish, consumer("FR"))).toEqual({ scheme: "domestic", country: "IE" });
    expect(taxTreatment({ ...irish, oss: true }, consumer("FR"))).toEqual({ scheme: "oss", country: "FR" });
  });

  it("follows a rate change on the day it applies", () => {
    expect(vatRate("RO", "standard", new Date("2025-07-31T23:59:59Z"))).toBe(19);
    expect(vatRate("RO", "standard", new Date("2025-08-01T00:00:00Z"))).toBe(21);
  });

  it("knows the 27 Member States and the UK, each period newest first", () => {
    expect(EU_COUNTRIES.size).toBe(27);
    for (const periods of Object.values(VAT_RATES)) {
      const days = periods.map((p) => p.from);
      expect(days).toEqual([...days].sort().reverse());
    }
  });
});

describe("an invoice's totals per rate", () => {
  it("sums the lines of each rate, lowest rate first", () => {
    const lines = [
      { ratePercent: 20, netMinor: 1000, vatMinor: 200 },
      { ratePercent: 0, netMinor: 500, vatMinor: 0 },
      { ratePercent: 20, netMinor: 832, vatMinor: 167 },
    ];
    expect(totalsByRate(lines)).toEqual([
      { ratePercent: 0, netMinor: 500, vatMinor: 0 },
      { ratePercent: 20, netMinor: 1832, vatMinor: 367 },
    ]);
  });
});

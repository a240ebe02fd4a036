import type { TaxClass } from "@skillshelf/shared/tax.ts";
import { EU_COUNTRIES, vatRate } from "./vat-rates.ts";

/** The seller's registration (CONTRACT s.7: STORE_COUNTRY, VAT_NUMBER, VAT_OSS). */
export interface SellerTax {
  country: string;
  /** Unset: not VAT registered, and no VAT is charged. */
  vatNumber: string | null;
  /** Registered for the OSS: EU consumers pay their own country's VAT. */
  oss: boolean;
}

/** Who is billed: the country they declare, and a business's name and VAT number (normalised). */
export interface Billing {
  country: string;
  companyName: string | null;
  vatNumber: string | null;
}

/** The billing details a learner gave last, and whether VIES found their VAT number valid then. */
export interface SavedBilling extends Billing {
  vatNumberValid: boolean;
}

/** Where the buyer is, and the VAT number of a business buyer once it was found valid. */
export interface BuyerTax {
  country: string;
  vatNumber: string | null;
}

/**
 * Why a line is taxed as it is:
 * - not_registered: the seller charges no VAT at all;
 * - domestic: the seller's own country's VAT (a buyer there, or an EU seller's EU consumer without the OSS);
 * - oss: an EU consumer's own country's VAT, paid through the OSS;
 * - reverse_charge: an EU business with a valid VAT number accounts for the VAT itself;
 * - outside_scope: supplied where the seller charges no VAT (outside the EU and the seller's country,
 *   or an EU consumer of a seller outside the EU that is not registered for the OSS).
 */
export type TaxScheme = "not_registered" | "domestic" | "oss" | "reverse_charge" | "outside_scope";

export interface TaxTreatment {
  scheme: TaxScheme;
  /** Whose VAT applies: the seller's country, the buyer's, or (no VAT) the buyer's. */
  country: string;
}

/** How a sale from `seller` to `buyer` is taxed: the place of supply of electronically supplied services. */
export function taxTreatment(seller: SellerTax, buyer: BuyerTax): TaxTreatment {
  if (seller.vatNumber === null) return { scheme: "not_registered", country: seller.country };
  if (buyer.country === seller.country) return { scheme: "domestic", country: seller.country };
  if (EU_COUNTRIES.has(buyer.country)) {
    if (buyer.vatNumber !== null) return { scheme: "reverse_charge", country: buyer.country };
    if (seller.oss) return { scheme: "oss", country: buyer.country };
    if (EU_COUNTRIES.has(seller.country)) return { scheme: "domestic", country: seller.country };
  }
  return { scheme: "outside_scope", country: buyer.country };
}

/** Where a sale's rates come from (tax/rate-table.ts: the committed table with the operator's changes). */
export interface RateTable {
  /** The rate (percent) of `taxClass` in `country` on `at`; undefined for a country with no rates. */
  rate(country: string, taxClass: TaxClass, at: Date): number | undefined;
}

/** The committed table alone, without an operator's changes. */
export const COMMITTED_RATES: RateTable = { rate: vatRate };

/** The rate (percent) of a line of `taxClass` under `treatment` on `at`: 0 where no VAT is charged. */
function rateOf(treatment: TaxTreatment, taxClass: TaxClass, at: Date, rates: RateTable): number {
  if (treatment.scheme !== "domestic" && treatment.scheme !== "oss") return 0;
  const rate = rates.rate(treatment.country, taxClass, at);
  if (rate === undefined) throw new Error(`no VAT rates for ${treatment.country}: add them to vat-rates.ts`);
  return rate;
}

/**
 * The VAT inside a tax-inclusive amount at `ratePercent`, in whole minor
 * units rounded half up (per line, as HMRC and the EU allow), and the net
 * left: net + vat is always the amount. Integer arithmetic on hundredths of a
 * percent, so 25.5 % rounds as exactly as 20 %.
 */
export function splitInclusive(grossMinor: number, ratePercent: number): { netMinor: number; vatMinor: number } {
  const rate = Math.round(ratePercent * 100);
  const whole = 10_000 + rate;
  const vatMinor = Math.floor((2 * grossMinor * rate + whole) / (2 * whole));
  return { netMinor: grossMinor - vatMinor, vatMinor };
}

/** One line's tax: its class, where and at what rate, and the net and VAT inside what is paid for it. */
export interface LineTax {
  taxClass: TaxClass;
  country: string;
  ratePercent: number;
  netMinor: number;
  vatMinor: number;
}

/** The tax of a line of `taxClass` for which `paidMinor` (tax included) is paid, at `rates`' rate on `at`. */
export function taxLine(
  treatment: TaxTreatment,
  taxClass: TaxClass,
  paidMinor: number,
  at: Date,
  rates: RateTable = COMMITTED_RATES,
): LineTax {
  const ratePercent = rateOf(treatment, taxClass, at, rates);
  return { taxClass, country: treatment.country, ratePercent, ...splitInclusive(paidMinor, ratePercent) };
}

/** The lines' totals by rate, lowest rate first: what an invoice sums per rate. */
export function totalsByRate(lines: readonly Pick<LineTax, "ratePercent" | "netMinor" | "vatMinor">[]) {
  const byRate = new Map<number, { ratePercent: number; netMinor: number; vatMinor: number }>();
  for (const line of lines) {
    const total = byRate.get(line.ratePercent) ?? { ratePercent: line.ratePercent, netMinor: 0, vatMinor: 0 };
    total.netMinor += line.netMinor;
    total.vatMinor += line.vatMinor;
    byRate.set(line.ratePercent, total);
  }
  return [...byRate.values()].sort((a, b) => a.ratePercent - b.ratePercent);
}

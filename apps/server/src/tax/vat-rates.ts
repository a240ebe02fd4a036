import type { TaxClass } from "@skillshelf/shared/tax.ts";

/**
 * VAT rates (percent) for electronically supplied services: the standard
 * rate, and the rate of e-publications (e-books, booklets, journals) where a
 * country taxes them differently. Each country lists its periods newest
 * first, each from the day it applies (UTC).
 *
 * The store's own data, not a library's (decision 0047): checked against the
 * European Commission's "VAT rates applied in the Member States" and
 * HMRC's VAT notice 700/1 as of 2026-01-01. A change of rate is a new period
 * at the top of its country, with the day it applies.
 */
/** When the table was last checked against its sources, and they: what the operator's page shows. */
export const VAT_RATES_CHECKED = "2026-01-01";
export const VAT_RATES_SOURCES = [
  {
    name: "European Commission: VAT rates applied in the Member States",
    url: "https://taxation-customs.ec.europa.eu/taxation/vat/vat-directive/vat-rates_en",
  },
  {
    name: "HMRC: VAT rates on different goods and services",
    url: "https://www.gov.uk/guidance/rates-of-vat-on-different-goods-and-services",
  },
] as const;

export interface RatePeriod {
  from: string;
  standard: number;
  e_publication: number;
}

export const VAT_RATES: Readonly<Record<string, readonly RatePeriod[]>> = {
  GB: [{ from: "2020-05-01", standard: 20, e_publication: 0 }],
  AT: [{ from: "2020-01-01", standard: 20, e_publication: 10 }],
  BE: [{ from: "2022-01-01", standard: 21, e_publication: 6 }],
  BG: [{ from: "2021-01-01", standard: 20, e_publication: 9 }],
  CY: [{ from: "2020-01-01", standard: 19, e_publication: 5 }],
  CZ: [{ from: "2024-01-01", standard: 21, e_publication: 0 }],
  DE: [{ from: "2021-01-01", standard: 19, e_publication: 7 }],
  DK: [{ from: "2020-01-01", standard: 25, e_publication: 25 }],
  EE: [
    { from: "2025-07-01", standard: 24, e_publication: 13 },
    { from: "2025-01-01", standard: 22, e_publication: 13 },
  ],
  ES: [{ from: "2020-04-23", standard: 21, e_publication: 4 }],
  FI: [
    { from: "2026-01-01", standard: 25.5, e_publication: 13.5 },
    { from: "2025-01-01", standard: 25.5, e_publication: 14 },
  ],
  FR: [{ from: "2020-01-01", standard: 20, e_publication: 5.5 }],
  GR: [{ from: "2020-01-01", standard: 24, e_publication: 6 }],
  HR: [{ from: "2020-01-01", standard: 25, e_publication: 5 }],
  HU: [{ from: "2020-01-01", standard: 27, e_publication: 5 }],
  IE: [{ from: "2022-05-01", standard: 23, e_publication: 0 }],
  IT: [{ from: "2020-01-01", standard: 22, e_publication: 4 }],
  LT: [{ from: "2020-01-01", standard: 21, e_publication: 9 }],
  LU: [{ from: "2024-01-01", standard: 17, e_publication: 3 }],
  LV: [{ from: "2020-01-01", standard: 21, e_publication: 12 }],
  MT: [{ from: "2020-01-01", standard: 18, e_publication: 5 }],
  NL: [{ from: "2020-01-01", standard: 21, e_publication: 9 }],
  PL: [{ from: "2020-01-01", standard: 23, e_publication: 5 }],
  PT: [{ from: "2020-01-01", standard: 23, e_publication: 6 }],
  RO: [
    { from: "2025-08-01", standard: 21, e_publication: 11 },
    { from: "2020-01-01", standard: 19, e_publication: 5 },
  ],
  SE: [{ from: "2020-01-01", standard: 25, e_publication: 6 }],
  SI: [{ from: "2020-01-01", standard: 22, e_publication: 5 }],
  SK: [
    { from: "2025-01-01", standard: 23, e_publication: 5 },
    { from: "2020-01-01", standard: 20, e_publication: 10 },
  ],
};

/** The Member States of the European Union: where the OSS and the reverse charge apply. */
export const EU_COUNTRIES: ReadonlySet<string> = new Set(Object.keys(VAT_RATES).filter((code) => code !== "GB"));

/** The day of `at` (UTC) as the table writes it: 2026-11-30. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The table's period of `country` on `day` (YYYY-MM-DD); before its oldest, the oldest. */
export function tablePeriod(country: string, day: string): RatePeriod | undefined {
  const periods = VAT_RATES[country];
  if (!periods) return undefined;
  return periods.find((p) => p.from <= day) ?? periods[periods.length - 1];
}

/** The rate (percent) of `taxClass` in `country` on `at`, by the committed table; undefined for a country with no table. */
export function vatRate(country: string, taxClass: TaxClass, at: Date): number | undefined {
  return tablePeriod(country, dayOf(at))?.[taxClass];
}

import { decimalAmount, minorPerMajor } from "@skillshelf/shared/money.ts";
import { and, eq, gte, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../db/client.ts";
import { orderLines, orders, teamRefunds } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import { csvLine } from "../lib/csv.ts";
import { REFUND_WINDOW_MS } from "../orders/money-back.ts";
import type { SellerTax, TaxScheme } from "./vat.ts";

/**
 * The figures of the seller's tax returns, from what each order kept when it
 * was paid (its scheme, and each line's country, rate, net and VAT): the
 * non-Union OSS return and the UK VAT return, as CSV (docs/payments.md, "Tax
 * returns"). One grouped read of the quarter's orders, a row per scheme,
 * country, rate, currency and the quarter each sale was made in: the output is
 * bounded by those, never by the number of orders.
 *
 * Quarters are calendar quarters in UTC: 2026-Q4 is from 2026-10-01T00:00Z to
 * 2027-01-01T00:00Z. A refund (of a whole order, once, or of a team order's
 * unclaimed seats: their share of its line) counts in the quarter it was made
 * in, by the lines' original country and rate.
 */

/** A calendar quarter, from `start` (included) to `end` (excluded), UTC. */
interface Quarter {
  /** "2026-Q4". */
  label: string;
  start: Date;
  end: Date;
}

export const QUARTER_PATTERN = /^(\d{4})-[Qq]([1-4])$/;
export const QUARTER_MESSAGE = "quarter must be a calendar quarter such as 2026-Q4.";

/** "2026-Q4" as its quarter; null for anything else (years 1970 to 9999). */
function parseQuarter(text: string): Quarter | null {
  const match = QUARTER_PATTERN.exec(text.trim());
  if (!match) return null;
  const year = Number(match[1]);
  const quarter = Number(match[2]);
  if (year < 1970) return null;
  return {
    label: `${year}-Q${quarter}`,
    start: new Date(Date.UTC(year, (quarter - 1) * 3, 1)),
    end: new Date(Date.UTC(year, quarter * 3, 1)),
  };
}

/**
 * The ECB's rate for the OSS return: 1 unit of the store's currency is `text`
 * euros ("1.1574"), kept exactly as `scaled` / `scale`.
 */
interface EurRate {
  text: string;
  scaled: bigint;
  scale: bigint;
}

const EUR_RATE_PATTERN = /^\d{1,6}(\.\d{1,10})?$/;
const EUR_RATE_MESSAGE =
  "eur_rate must be a positive number such as 1.1574: one unit of the store's currency in euros.";

/** A rate as the ECB writes it; null for anything but a positive decimal number. */
function parseEurRate(text: string): EurRate | null {
  const trimmed = text.trim();
  if (!EUR_RATE_PATTERN.test(trimmed)) return null;
  const [whole = "0", fraction = ""] = trimmed.split(".");
  const scaled = BigInt(whole + fraction);
  if (scaled === 0n) return null;
  return { text: trimmed, scaled, scale: 10n ** BigInt(fraction.length) };
}

/** Minor units of `currency` in euro cents at `rate`, rounded half away from zero; null when it cannot be converted. */
function inEuroCents(minor: number, currency: string, storeCurrency: string, rate: EurRate): number | null {
  if (currency === "EUR") return minor;
  if (currency !== storeCurrency) return null;
  const numerator = BigInt(minor) * rate.scaled * 100n;
  const denominator = rate.scale * BigInt(minorPerMajor(currency));
  const size = numerator < 0n ? -numerator : numerator;
  const rounded = (2n * size + denominator) / (2n * denominator);
  return Number(numerator < 0n ? -rounded : rounded);
}

/** The returns this module makes. */
export type TaxReturn = "oss" | "uk";

/**
 * Refuses (409) a return the store is not registered for: the OSS return without `VAT_OSS=on`,
 * the UK return for a seller not established in GB (STORE_COUNTRY) or not VAT registered.
 */
export function assertRegisteredFor(kind: TaxReturn, tax: SellerTax): void {
  let refusal: string | null = null;
  if (kind === "oss" && (tax.vatNumber === null || !tax.oss)) {
    refusal = "The store is not registered for the OSS (VAT_OSS is off): there is no OSS return to make.";
  } else if (kind === "uk" && tax.country !== "GB") {
    refusal = `The UK VAT return is for a seller established in the United Kingdom; STORE_COUNTRY is ${tax.country}.`;
  } else if (kind === "uk" && tax.vatNumber === null) {
    refusal = "The store is not VAT registered (VAT_NUMBER is unset): there is no UK VAT return to make.";
  }
  if (refusal !== null) throw new AppError("conflict", refusal);
}

/** The quarter a route or the CLI was given; 422 for anything but YYYY-Qn. */
export function quarterOf(text: string): Quarter {
  const quarter = parseQuarter(text);
  if (!quarter) throw new AppError("invalid", QUARTER_MESSAGE, { quarter: QUARTER_MESSAGE });
  return quarter;
}

/** The EUR rate a route or the CLI was given; none when blank, 422 for anything but a positive number. */
export function eurRateOf(text: string | undefined): EurRate | undefined {
  if (text === undefined || text.trim() === "") return undefined;
  const rate = parseEurRate(text);
  if (!rate) throw new AppError("invalid", EUR_RATE_MESSAGE, { eur_rate: EUR_RATE_MESSAGE });
  return rate;
}

/** One group of order lines: sales of the quarter less its refunds, in minor units of `currency`. */
interface Figures {
  scheme: TaxScheme;
  country: string;
  rate: number;
  currency: string;
  /** The quarter the sales were made in: the requested one, or an earlier one for refunds of its sales. */
  period: string;
  netMinor: number;
  vatMinor: number;
}

/**
 * The quarter's figures by scheme, country, rate, currency and quarter of sale:
 * what was sold in it (orders placed in it), less what was refunded in it
 * (orders refunded in it, whenever they were placed). Orders placed before VAT
 * (no scheme) are left out. A refund comes at most REFUND_WINDOW_MS after its
 * order (refund-order.ts), which bounds the orders read to the quarter and the
 * days before it (orders_created_idx).
 */
async function quarterFigures(db: DbOrTx, quarter: Quarter, scheme?: TaxScheme): Promise<Figures[]> {
  const sold = and(gte(orders.createdAt, quarter.start), lt(orders.createdAt, quarter.end)) as SQL;
  const refunded = and(
    eq(orders.refundState, "refunded"),
    gte(orders.refundedAt, quarter.start),
    lt(orders.refundedAt, quarter.end),
  ) as SQL;
  // +1 for a sale of the quarter, -1 for a refund in it, 0 for an order both sold and refunded in it.
  const sign = sql`((case when ${sold} then 1 else 0 end) - (case when ${refunded} then 1 else 0 end))`;
  const period = sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-"Q"Q')`;
  // Both reads: a row per scheme, country, rate, currency and quarter of sale, of `net` and `vat` each with its sign.
  const figures = (net: AnyPgColumn, vat: AnyPgColumn, signed: SQL) => ({
    scheme: orders.taxScheme,
    country: orderLines.taxCountry,
    rate: orderLines.vatRate,
    currency: orders.currency,
    period,
    netMinor: sql<number>`coalesce(sum(${net} * ${signed}), 0)`.mapWith(Number),
    vatMinor: sql<number>`coalesce(sum(${vat} * ${signed}), 0)`.mapWith(Number),
  });
  const groups = [orders.taxScheme, orderLines.taxCountry, orderLines.vatRate, orders.currency, period];
  const within = (...also: SQL[]) =>
    and(
      gte(orders.createdAt, new Date(quarter.start.getTime() - REFUND_WINDOW_MS)),
      lt(orders.createdAt, quarter.end),
      isNotNull(orders.taxScheme),
      scheme ? eq(orders.taxScheme, scheme) : undefined,
      ...also,
    );
  const rows = await db
    .select(figures(orderLines.netMinor, orderLines.vatMinor, sign))
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(within(sql`(${sold} or ${refunded})`, isNotNull(orderLines.netMinor)))
    .groupBy(...groups);
  // A refund of unclaimed seats in the quarter takes its share of the line off (-1). The whole refund of
  // an order takes its lines off whole, so what its seats' refunds gave back before is put back (+1):
  // that refund gave back only the rest.
  const seatsRefunded = and(gte(teamRefunds.createdAt, quarter.start), lt(teamRefunds.createdAt, quarter.end)) as SQL;
  const seatSign = sql`((case when ${refunded} then 1 else 0 end) - (case when ${seatsRefunded} then 1 else 0 end))`;
  const seatRows = await db
    .select(figures(teamRefunds.netMinor, teamRefunds.vatMinor, seatSign))
    .from(teamRefunds)
    .innerJoin(orders, eq(orders.id, teamRefunds.orderId))
    .innerJoin(orderLines, eq(orderLines.id, teamRefunds.orderLineId))
    .where(within(sql`(${seatsRefunded} or ${refunded})`, isNotNull(teamRefunds.netMinor)))
    .groupBy(...groups);
  const merged = new Map<string, (typeof rows)[number]>();
  for (const row of [...rows, ...seatRows]) {
    const key = [row.scheme, row.country, Number(row.rate ?? 0), row.currency, row.period].join(" ");
    const kept = merged.get(key);
    if (kept)
      merged.set(key, { ...kept, netMinor: kept.netMinor + row.netMinor, vatMinor: kept.vatMinor + row.vatMinor });
    else merged.set(key, row);
  }
  return [...merged.values()].map((row) => ({
    scheme: row.scheme ?? "not_registered",
    country: row.country ?? "",
    rate: Number(row.rate ?? 0),
    currency: row.currency,
    period: row.period,
    netMinor: row.netMinor,
    vatMinor: row.vatMinor,
  }));
}

const byKey =
  <T>(key: (row: T) => string) =>
  (a: T, b: T) =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
const rateKey = (rate: number) => rate.toFixed(2).padStart(6, "0");

/**
 * The non-Union OSS return of `quarter` (Council Implementing Regulation 282/2011 art. 59 and 61):
 *
 * - "supplies": per Member State of consumption and rate, the taxable amount (net) and the VAT of
 *   the OSS sales placed in the quarter, less the refunds made in the quarter of those same sales;
 * - "correction": refunds made in the quarter of sales declared in an earlier quarter's return, as
 *   negative figures under that quarter (`period`), country and rate. Since July 2021 an OSS return
 *   is not amended: a change to an earlier quarter goes into the next return, separately, per
 *   Member State and period (art. 61), and the current period's figures are never negative;
 * - "total": the sums per currency, corrections included: the VAT to pay with the return.
 *
 * Amounts are in the orders' currency (the store's). OSS returns are filed in euros: with `eurRate`
 * (the ECB's rate of the quarter's last day, art. 366 of Directive 2006/112/EC) each row is also
 * converted, rounded half up to the cent, and the totals sum the converted rows.
 */
export async function ossReturnCsv(
  db: DbOrTx,
  options: { quarter: Quarter; storeCurrency: string; eurRate?: EurRate | undefined },
): Promise<string> {
  const { quarter, storeCurrency, eurRate } = options;
  const figures = await quarterFigures(db, quarter, "oss");
  const supplies = figures
    .filter((row) => row.period === quarter.label)
    .sort(byKey((row) => `${row.currency} ${row.country} ${rateKey(row.rate)}`));
  const corrections = figures
    .filter((row) => row.period !== quarter.label && (row.netMinor !== 0 || row.vatMinor !== 0))
    .sort(byKey((row) => `${row.currency} ${row.period} ${row.country} ${rateKey(row.rate)}`));

  const header = ["section", "period", "country", "rate", "currency", "taxable_amount", "vat"];
  let csv = csvLine(eurRate ? [...header, "eur_rate", "taxable_amount_eur", "vat_eur"] : header);
  // The store's currency first, with zeros when nothing was sold: a nil return has its totals row too.
  const totals = new Map<string, { netMinor: number; vatMinor: number; netEur: number | null; vatEur: number | null }>([
    [storeCurrency, { netMinor: 0, vatMinor: 0, netEur: 0, vatEur: 0 }],
  ]);
  const euros = (minor: number, currency: string) =>
    eurRate ? inEuroCents(minor, currency, storeCurrency, eurRate) : null;
  const eurFields = (currency: string, netEur: number | null, vatEur: number | null) =>
    eurRate
      ? [
          currency === "EUR" ? "1" : eurRate.text,
          netEur === null ? null : decimalAmount(netEur, "EUR"),
          vatEur === null ? null : decimalAmount(vatEur, "EUR"),
        ]
      : [];
  for (const [section, rows] of [
    ["supplies", supplies],
    ["correction", corrections],
  ] as const) {
    for (const row of rows) {
      const netEur = euros(row.netMinor, row.currency);
      const vatEur = euros(row.vatMinor, row.currency);
      const total = totals.get(row.currency) ?? { netMinor: 0, vatMinor: 0, netEur: 0, vatEur: 0 };
      total.netMinor += row.netMinor;
      total.vatMinor += row.vatMinor;
      total.netEur = total.netEur === null || netEur === null ? null : total.netEur + netEur;
      total.vatEur = total.vatEur === null || vatEur === null ? null : total.vatEur + vatEur;
      totals.set(row.currency, total);
      csv += csvLine([
        section,
        row.period,
        row.country,
        String(row.rate),
        row.currency,
        decimalAmount(row.netMinor, row.currency),
        decimalAmount(row.vatMinor, row.currency),
        ...eurFields(row.currency, netEur, vatEur),
      ]);
    }
  }
  for (const [currency, total] of totals) {
    csv += csvLine([
      "total",
      quarter.label,
      null,
      null,
      currency,
      decimalAmount(total.netMinor, currency),
      decimalAmount(total.vatMinor, currency),
      ...eurFields(currency, total.netEur, total.vatEur),
    ]);
  }
  return csv;
}

/** What each scheme's sales are on the UK return (HMRC VAT Notice 700/12, boxes 1 and 6). */
const UK_SCHEMES: Record<TaxScheme, { description: string; note: string; box6: boolean }> = {
  domestic: { description: "UK sales (UK VAT charged)", note: "in box 1 (VAT) and box 6 (net)", box6: true },
  reverse_charge: {
    description: "Sales to EU businesses (reverse charge)",
    note: "in box 6: outside the scope of UK VAT, the customer accounts for the VAT",
    box6: true,
  },
  outside_scope: {
    description: "Sales to customers outside the UK and the EU",
    note: "in box 6: outside the scope of UK VAT",
    box6: true,
  },
  oss: {
    description: "Sales to EU consumers (OSS)",
    note: "not in this return: declared in the OSS return",
    box6: false,
  },
  not_registered: {
    description: "Sales made before VAT registration",
    note: "not in this return: no VAT was charged",
    box6: false,
  },
};
const SCHEME_ORDER: TaxScheme[] = ["domestic", "reverse_charge", "outside_scope", "oss", "not_registered"];

/**
 * The UK VAT return of `quarter` for a seller established in GB (HMRC VAT Notice 700/12):
 *
 * - box 1: the VAT of the domestic (GB) lines;
 * - box 6: the net of the domestic lines (zero-rated e-publications too) plus the sales the UK
 *   return counts though no UK VAT is due on them: reverse-charged sales to EU businesses and
 *   sales outside the scope of UK VAT (customers outside the UK and the EU). Sales to EU
 *   consumers declared in the OSS return are not in box 6;
 * - boxes 2, 8 and 9 (goods moved between Northern Ireland and the EU) are 0: the store sells
 *   electronically supplied services; boxes 4 and 7 (purchases) and so box 5 are the operator's;
 * - a breakdown by scheme and rate, which the boxes sum.
 *
 * A refund reduces the figures of the quarter it was made in (its credit note's), whatever the
 * quarter of the sale (the VAT Regulations 1995 reg. 38: adjusted in the period the decrease is
 * accounted for). Amounts in the orders' currency: boxes per currency, should the store have had
 * several. HMRC takes boxes 6 to 9 in whole pounds.
 */
export async function ukReturnCsv(db: DbOrTx, options: { quarter: Quarter; storeCurrency: string }): Promise<string> {
  const { quarter, storeCurrency } = options;
  const figures = await quarterFigures(db, quarter);
  // By scheme and rate: the quarter of the sale and the country make no difference here.
  const breakdown = new Map<string, Figures>();
  for (const row of figures) {
    const key = `${row.currency} ${SCHEME_ORDER.indexOf(row.scheme)} ${rateKey(row.rate)}`;
    const kept = breakdown.get(key);
    if (kept) {
      kept.netMinor += row.netMinor;
      kept.vatMinor += row.vatMinor;
    } else breakdown.set(key, { ...row });
  }
  const rows = [...breakdown.entries()].sort(byKey(([key]) => key)).map(([, row]) => row);
  const currencies = [...new Set(rows.map((row) => row.currency))];
  if (currencies.length === 0) currencies.push(storeCurrency);

  let csv = csvLine(["section", "item", "description", "rate", "currency", "amount", "net", "vat", "note"]);
  for (const currency of currencies) {
    const mine = rows.filter((row) => row.currency === currency);
    const box1 = mine.filter((row) => row.scheme === "domestic").reduce((sum, row) => sum + row.vatMinor, 0);
    const box6 = mine.filter((row) => UK_SCHEMES[row.scheme].box6).reduce((sum, row) => sum + row.netMinor, 0);
    const amount = (minor: number) => decimalAmount(minor, currency);
    const none =
      "0 for a seller of electronically supplied services: goods moved between Northern Ireland and the EU only";
    const boxes: [string, string, string | null, string][] = [
      [
        "1",
        "VAT due on sales and other outputs",
        amount(box1),
        "the VAT of UK sales, less refunds made in the quarter",
      ],
      ["2", "VAT due on acquisitions of goods from the EU", amount(0), none],
      ["3", "Total VAT due (box 1 + box 2)", amount(box1), "box 1 + box 2"],
      ["4", "VAT reclaimed on purchases", null, "not known to the store: the VAT on your purchases"],
      ["5", "Net VAT to pay or reclaim (box 3 - box 4)", null, "box 3 less box 4"],
      [
        "6",
        "Total value of sales excluding VAT",
        amount(box6),
        "UK sales, reverse charge and outside-the-scope sales, net of VAT, less refunds; OSS sales excluded; HMRC takes whole pounds",
      ],
      ["7", "Total value of purchases excluding VAT", null, "not known to the store: your purchases"],
      ["8", "Total value of goods supplied to the EU", amount(0), none],
      ["9", "Total value of goods acquired from the EU", amount(0), none],
    ];
    for (const [item, description, value, note] of boxes) {
      csv += csvLine(["box", item, description, null, currency, value, null, null, note]);
    }
    for (const row of mine) {
      const scheme = UK_SCHEMES[row.scheme];
      csv += csvLine([
        "breakdown",
        row.scheme,
        scheme.description,
        String(row.rate),
        currency,
        null,
        amount(row.netMinor),
        amount(row.vatMinor),
        scheme.note,
      ]);
    }
  }
  return csv;
}

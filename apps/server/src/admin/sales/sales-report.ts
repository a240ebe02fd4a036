import { type Message, messageOfIssue } from "@skillshelf/shared/i18n/message.ts";
import { toMajor } from "@skillshelf/shared/money.ts";
import {
  SALES_TOP,
  type SalesAnswer,
  type SalesFigures,
  type SalesQuery,
  type SalesReport,
  salesQuerySchema,
} from "@skillshelf/shared/sales.ts";
import { and, gte, lte, ne, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db, DbOrTx } from "../../db/client.ts";
import { categories, contentGroups, salesDayCountries, salesDayLines, salesDays } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { bucketKey, bucketsOf, dayOf, type SalesRange, salesRange } from "./sales-range.ts";

/** What one day, or a period of days, adds up to, in minor units: the figures before they are written. */
interface Tally {
  orders: number;
  gross: number;
  credit: number;
  discount: number;
  vat: number;
  /** Refunded on the day: how many, what they had paid, the VAT inside. */
  refundCount: number;
  refunds: number;
  refundVat: number;
  /** Placed on the day and refunded since; of those, within the money-back guarantee. */
  refunded: number;
  guaranteed: number;
}

const emptyTally = (): Tally => ({
  orders: 0,
  gross: 0,
  credit: 0,
  discount: 0,
  vat: 0,
  refundCount: 0,
  refunds: 0,
  refundVat: 0,
  refunded: 0,
  guaranteed: 0,
});

function addInto(into: Tally, from: Partial<Tally>): void {
  for (const [key, value] of Object.entries(from) as [keyof Tally, number][]) into[key] += value;
}

/** A share as the API gives it: 0 to 1, to 4 decimals; null without orders to share. */
const shareOf = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000);

function figuresOf(t: Tally, currency: string): SalesFigures {
  const money = (minor: number) => toMajor(minor, currency);
  return {
    gross: money(t.gross),
    refunds: money(t.refunds),
    net: money(t.gross - t.refunds),
    vat: money(t.vat - t.refundVat),
    orders: t.orders,
    average_order: t.orders === 0 ? null : money(Math.round(t.gross / t.orders)),
    refund_count: t.refundCount,
    refunded_orders: t.refunded,
    refund_rate: shareOf(t.refunded, t.orders),
    guarantee_refunded_orders: t.guaranteed,
    guarantee_refund_rate: shareOf(t.guaranteed, t.orders),
    credit: money(t.credit),
    discount: money(t.discount),
  };
}

const total = (column: AnyPgColumn | SQL) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/**
 * Each day's figures from `range.previous.from` to `range.to`, from the
 * summary the trigger of migration 0020 keeps: a row per day, whatever the
 * history's length; a day without one had no order and no refund.
 */
async function dailyTallies(tx: DbOrTx, range: SalesRange): Promise<Map<string, Tally>> {
  const rows = await tx
    .select({
      day: sql<string>`${salesDays.day}::text`,
      orders: salesDays.orders,
      gross: salesDays.grossMinor,
      credit: salesDays.creditMinor,
      discount: salesDays.discountMinor,
      vat: salesDays.vatMinor,
      refundCount: salesDays.refundCount,
      refunds: salesDays.refundsMinor,
      refundVat: salesDays.refundVatMinor,
      refunded: salesDays.refundedOrders,
      guaranteed: salesDays.guaranteeRefundedOrders,
    })
    .from(salesDays)
    .where(and(gte(salesDays.day, range.previous.from), lte(salesDays.day, range.to)));
  return new Map(rows.map(({ day, ...tally }) => [day, tally]));
}

interface Sold {
  id: number;
  name: string;
  gross: number;
  count: number;
}

/** The largest first (then the most sold, then by name), the first SALES_TOP of them and the rest summed. */
function topOf<Row extends Sold>(rows: Row[], currency: string) {
  const sorted = [...rows].sort(
    (a, b) => b.gross - a.gross || b.count - a.count || a.name.localeCompare(b.name) || a.id - b.id,
  );
  const rest = sorted.slice(SALES_TOP);
  const money = (row: Row) => ({ ...row, gross: toMajor(row.gross, currency) });
  return {
    rows: sorted.slice(0, SALES_TOP).map(money),
    others: rest.length
      ? {
          items: rest.length,
          gross: toMajor(
            rest.reduce((sum, row) => sum + row.gross, 0),
            currency,
          ),
          count: rest.reduce((sum, row) => sum + row.count, 0),
        }
      : null,
  };
}

/** What the lines of the orders placed in the range sold, per artefact (its whole and its groups) and per group. */
async function soldInRange(tx: DbOrTx, range: SalesRange, currency: string) {
  const rows = await tx
    .select({
      categoryId: salesDayLines.categoryId,
      groupId: salesDayLines.groupId,
      // A sold artefact or group cannot be deleted (order_lines restricts it): the id only stands in for a lost name.
      artefact: sql<string>`coalesce(${categories.name}, '#' || ${salesDayLines.categoryId})`,
      group: sql<string>`coalesce(${contentGroups.name}, '#' || ${salesDayLines.groupId})`,
      count: total(salesDayLines.lines),
      gross: total(salesDayLines.paidMinor),
    })
    .from(salesDayLines)
    .leftJoin(categories, sql`${categories.id} = ${salesDayLines.categoryId}`)
    .leftJoin(contentGroups, sql`${contentGroups.id} = ${salesDayLines.groupId}`)
    .where(and(gte(salesDayLines.day, range.from), lte(salesDayLines.day, range.to)))
    .groupBy(salesDayLines.categoryId, salesDayLines.groupId, categories.name, contentGroups.name)
    .having(ne(sql`sum(${salesDayLines.lines})`, 0));
  const artefacts = new Map<number, Sold>();
  for (const row of rows) {
    const artefact = artefacts.get(row.categoryId) ?? { id: row.categoryId, name: row.artefact, gross: 0, count: 0 };
    artefact.gross += row.gross;
    artefact.count += row.count;
    artefacts.set(row.categoryId, artefact);
  }
  const groups = rows
    .filter((row) => row.groupId !== 0)
    .map((row) => ({
      id: row.groupId,
      name: row.group,
      artefact_id: row.categoryId,
      artefact: row.artefact,
      gross: row.gross,
      count: row.count,
    }));
  return { artefacts: topOf([...artefacts.values()], currency), groups: topOf(groups, currency) };
}

/** Per buyer country ('' in the summary: none, orders placed before VAT), the orders placed in the range. */
async function countriesInRange(tx: DbOrTx, range: SalesRange, currency: string) {
  const rows = await tx
    .select({
      country: salesDayCountries.country,
      orders: total(salesDayCountries.orders),
      gross: total(salesDayCountries.grossMinor),
    })
    .from(salesDayCountries)
    .where(and(gte(salesDayCountries.day, range.from), lte(salesDayCountries.day, range.to)))
    .groupBy(salesDayCountries.country)
    .having(ne(sql`sum(${salesDayCountries.orders})`, 0))
    .orderBy(sql`sum(${salesDayCountries.grossMinor}) desc`, salesDayCountries.country);
  return rows.map((row) => ({
    country: row.country || null,
    gross: toMajor(row.gross, currency),
    orders: row.orders,
  }));
}

/** The first day an order was placed on, or null without any (the "all" range starts there). */
async function firstSaleDay(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ day: sql<string | null>`min(${salesDays.day})::text` })
    .from(salesDays)
    .where(ne(salesDays.orders, 0));
  return row?.day ?? null;
}

/** The days a checked query asks for, today (`now`, UTC); 422 for a series per day too long. */
export async function resolveSalesRange(db: Db, query: SalesQuery, now: Date): Promise<SalesRange> {
  return salesRange(query, dayOf(now), query.range === "all" ? await firstSaleDay(db) : null);
}

/**
 * The sales figures of a checked query (packages/shared/src/sales.ts has each
 * figure's definition): the range's, the previous period's, the series, and
 * what sold per artefact, group and country. Read in one read-only snapshot,
 * so the tables add up even while orders are placed. Amounts are in the
 * store's one currency.
 */
export async function salesReport(
  db: Db,
  options: { query: SalesQuery; now: Date; currency: string },
): Promise<SalesReport> {
  const { currency } = options;
  const range = await resolveSalesRange(db, options.query, options.now);
  return db.transaction(
    async (tx) => {
      const days = await dailyTallies(tx, range);
      const sold = await soldInRange(tx, range, currency);
      const countries = await countriesInRange(tx, range, currency);
      const current = emptyTally();
      const previous = emptyTally();
      const buckets = bucketsOf(range).map((bucket) => ({ ...bucket, tally: emptyTally() }));
      const bucketAt = new Map(buckets.map((bucket) => [bucket.key, bucket.tally]));
      for (const [day, tally] of days) {
        if (day < range.from) {
          if (day >= range.previous.from) addInto(previous, tally);
          continue;
        }
        if (day > range.to) continue;
        addInto(current, tally);
        const bucket = bucketAt.get(bucketKey(range.interval, day));
        if (bucket) addInto(bucket, tally);
      }
      return {
        currency,
        preset: range.preset,
        from: range.from,
        to: range.to,
        interval: range.interval,
        figures: figuresOf(current, currency),
        previous: { from: range.previous.from, to: range.previous.to, ...figuresOf(previous, currency) },
        series: buckets.map(({ from, to, tally }) => ({ from, to, ...figuresOf(tally, currency) })),
        ...sold,
        countries,
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/**
 * What the sales page gets for its URL's query (StoreContext.admin.sales):
 * the report, or each refused field's message as a key with values, checked
 * as the API checks it, which the page shows under the field in its language.
 */
export async function salesAnswer(
  db: Db,
  options: { query: Record<string, string>; now: Date; currency: string },
): Promise<SalesAnswer> {
  const parsed = salesQuerySchema.safeParse(options.query);
  if (!parsed.success) {
    const errors: Record<string, Message> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "range")] ??= messageOfIssue(issue.message);
    return { report: null, errors };
  }
  try {
    return { report: await salesReport(db, { ...options, query: parsed.data }), errors: null };
  } catch (error) {
    if (error instanceof AppError && error.code === "invalid" && error.fields)
      return { report: null, errors: { ...error.fields } };
    throw error;
  }
}

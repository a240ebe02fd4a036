import { Readable } from "node:stream";
import { currencyDigits, decimalAmount } from "@skillshelf/shared/money.ts";
import type { SalesFigures, SalesReport } from "@skillshelf/shared/sales.ts";
import type { DbOrTx } from "../../db/client.ts";
import { csvLine } from "../../lib/csv.ts";
import { ordersPlacedIn } from "./orders-in-range.ts";
import type { DayRange } from "./sales-range.ts";

const FIGURE_COLUMNS = [
  "gross",
  "refunds",
  "net",
  "vat",
  "orders",
  "average_order",
  "refund_count",
  "refunded_orders",
  "refund_rate",
  "guarantee_refunded_orders",
  "guarantee_refund_rate",
  "credit",
  "discount",
] as const satisfies readonly (keyof SalesFigures)[];

const MONEY_COLUMNS = new Set<string>(["gross", "refunds", "net", "vat", "average_order", "credit", "discount"]);

/**
 * The figures as one table, a row per period: the range, the previous
 * period, then each day or month of the series, with the JSON's figures as
 * columns (each defined in packages/shared/src/sales.ts), in major units.
 */
export function salesFiguresCsv(report: SalesReport): string {
  const digits = currencyDigits(report.currency);
  // Amounts with their currency's decimals ("20.00"), as the orders' file writes them.
  const write = (column: (typeof FIGURE_COLUMNS)[number], value: number | null) =>
    value !== null && MONEY_COLUMNS.has(column) ? value.toFixed(digits) : value;
  const row = (period: string, from: string, to: string, figures: SalesFigures) =>
    csvLine([period, from, to, report.currency, ...FIGURE_COLUMNS.map((column) => write(column, figures[column]))]);
  return [
    csvLine(["period", "from", "to", "currency", ...FIGURE_COLUMNS]),
    row("range", report.from, report.to, report.figures),
    row("previous", report.previous.from, report.previous.to, report.previous),
    ...report.series.map((bucket) => row(report.interval, bucket.from, bucket.to, bucket)),
  ].join("");
}

const ORDER_COLUMNS = [
  "order_number",
  "created_at",
  "currency",
  "amount",
  "credit",
  "discount",
  "vat",
  "billing_country",
  "payment_method",
  "refunded_at",
];

/**
 * The orders placed in the range, one row each, oldest first, as they are
 * read (ordersPlacedIn): amounts with their currency's decimals, moments in
 * ISO 8601 (UTC); VAT and country empty on orders placed before VAT, the
 * refund's moment empty on an order not refunded.
 */
export function salesOrdersCsv(db: DbOrTx, range: DayRange): Readable {
  async function* rows(): AsyncGenerator<string> {
    yield csvLine(ORDER_COLUMNS);
    for await (const batch of ordersPlacedIn(db, range)) {
      yield batch
        .map((order) =>
          csvLine([
            order.orderNumber,
            order.createdAt.toISOString(),
            order.currency,
            decimalAmount(order.amountMinor, order.currency),
            decimalAmount(order.creditMinor, order.currency),
            decimalAmount(order.discountMinor, order.currency),
            order.vatMinor === null ? null : decimalAmount(order.vatMinor, order.currency),
            order.billingCountry,
            order.paymentMethod,
            order.refundedAt?.toISOString() ?? null,
          ]),
        )
        .join("");
    }
  }
  return Readable.from(rows());
}

import { and, asc, gte, lt, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { orders } from "../../db/schema/index.ts";
import { microsToIso } from "../../paging/page-cursors.ts";

/** How many orders one query of ordersPlacedIn reads. */
const BATCH = 1000;

/** An order as the exports read it: what was paid, taken off and taxed, where, how, and its refund. */
export interface PlacedOrder {
  id: number;
  orderNumber: string;
  createdAt: Date;
  currency: string;
  amountMinor: number;
  creditMinor: number;
  discountMinor: number;
  /** null on orders placed before VAT, as billingCountry and taxScheme. */
  vatMinor: number | null;
  billingCountry: string | null;
  taxScheme: string | null;
  paymentMethod: string;
  invoiceNumber: string | null;
  /** Set once the refund is done (refund_state "refunded"). */
  refundedAt: Date | null;
  creditNoteNumber: string | null;
}

/**
 * The orders placed in [start, end), oldest first, a batch at a time: each
 * batch is one query from where the last stopped (keyset on created_at and
 * id, through orders_created_idx, the position kept to the microsecond), so
 * a long export holds no transaction and never every row. For the sales CSV,
 * and any other export of a period's orders.
 */
export async function* ordersPlacedIn(
  db: DbOrTx,
  range: { start: Date; end: Date },
  batchSize = BATCH,
): AsyncGenerator<PlacedOrder[]> {
  let after: SQL | undefined;
  for (;;) {
    const rows = await db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        createdAt: orders.createdAt,
        currency: orders.currency,
        amountMinor: orders.amountMinor,
        creditMinor: orders.creditMinor,
        discountMinor: orders.discountMinor,
        vatMinor: orders.vatMinor,
        billingCountry: orders.billingCountry,
        taxScheme: orders.taxScheme,
        paymentMethod: orders.paymentMethod,
        invoiceNumber: orders.invoiceNumber,
        refundedAt:
          sql<Date | null>`case when ${orders.refundState} = 'refunded' then ${orders.refundedAt} end`.mapWith(
            orders.refundedAt,
          ),
        creditNoteNumber: orders.creditNoteNumber,
        keyAt: sql<string>`(extract(epoch from ${orders.createdAt}) * 1000000)::bigint::text`,
      })
      .from(orders)
      .where(and(gte(orders.createdAt, range.start), lt(orders.createdAt, range.end), after))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(batchSize);
    const last = rows.at(-1);
    if (!last) return;
    yield rows.map(({ keyAt: _, ...order }) => order);
    if (rows.length < batchSize) return;
    after = sql`(${orders.createdAt}, ${orders.id}) > (${microsToIso(last.keyAt)}::timestamptz, ${last.id})`;
  }
}

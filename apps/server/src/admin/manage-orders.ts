import type { AdminOrderRow } from "@skillshelf/shared/admin-forms.ts";
import type { AdminOrderDetail } from "@skillshelf/shared/api.ts";
import { toMajor } from "@skillshelf/shared/money.ts";
import type { PageRequest } from "@skillshelf/shared/paging.ts";
import { and, eq, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { orders, payments, teamRefunds, teamSeats, users } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import { containsPattern, searchTerm } from "../lib/like-pattern.ts";
import { WHOLE_DOCUMENT_NUMBER } from "../orders/document-numbers.ts";
import { WHOLE_ORDER_NUMBER } from "../orders/order-number.ts";
import { getOrder } from "../orders/read-orders.ts";
import { builtEachTime, keyColumns, keysetPage, type Part } from "../paging/keyset-page.ts";
import type { PageCursors } from "../paging/page-cursors.ts";
import { evidenceConflicts } from "../tax/evidence.ts";
import { readTeams } from "../teams/read-teams.ts";
import { usersMatching } from "./manage-users.ts";

/**
 * The orders whose number, transaction id, invoice or credit note number, or
 * whose learner's e-mail or name, contains the pattern. One branch per
 * trigram index (orders_number_, orders_transaction_, orders_invoice_number_,
 * orders_credit_note_number_, users_email_ and users_name_trgm_idx; the credit
 * notes of seats' refunds are few, read whole): an OR across
 * the join could use none of them. A term with an "@" can only be in an
 * e-mail or a name (order numbers and the providers' transaction ids never
 * hold one), so it skips the order branches; a whole address finds its
 * learner's orders through the unique key (usersMatching).
 */
function ordersMatching(term: string): SQL {
  const like = containsPattern(term);
  // Unaliased: usersMatching names "users"."email", which here is the inner join's table.
  const byLearner = sql`select "orders"."id" from "orders" join "users" on "users"."id" = "orders"."user_id"
      where ${usersMatching(term)}`;
  if (term.includes("@")) return sql`${orders.id} in (${byLearner})`;
  return sql`${orders.id} in (
    select "id" from "orders" where "order_number" ilike ${like}
    union select "id" from "orders" where "transaction_id" ilike ${like}
    union select "id" from "orders" where "invoice_number" ilike ${like}
    union select "id" from "orders" where "credit_note_number" ilike ${like}
    union select "order_id" from "team_refunds" where "credit_note_number" ilike ${like}
    union ${byLearner})`;
}

/**
 * The query of the admin order list, searched by `term`, plus the page's
 * `where`, in `orderBy` order. A whole order, invoice or credit note number
 * can only be that order's (no number, transaction id, e-mail or name holds
 * another one): it is looked up by its unique key instead of through the
 * trigram indexes.
 */
export function selectAllOrders(db: Db, term: string | undefined) {
  const matches =
    term === undefined
      ? undefined
      : WHOLE_ORDER_NUMBER.test(term)
        ? eq(orders.orderNumber, term.toUpperCase())
        : WHOLE_DOCUMENT_NUMBER.test(term)
          ? or(
              eq(orders.invoiceNumber, term.toUpperCase()),
              eq(orders.creditNoteNumber, term.toUpperCase()),
              // A refund of a team order's unclaimed seats has its own credit note.
              sql`${orders.id} in (select ${teamRefunds.orderId} from ${teamRefunds}
                where ${teamRefunds.creditNoteNumber} = ${term.toUpperCase()})`,
            )
          : ordersMatching(term);
  return (where: SQL | undefined, orderBy: SQL[], limit: number, part?: Part) =>
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        createdAt: orders.createdAt,
        amountMinor: orders.amountMinor,
        currency: orders.currency,
        paymentMethod: orders.paymentMethod,
        refundState: orders.refundState,
        email: users.email,
        name: users.name,
        // A team order's seats not refunded, and how many are claimed (team_seats_order_idx); null without seats.
        seats: sql<{ seats: number; claimed: number } | null>`(select case when count(*) > 0 then
          json_build_object('seats', count(*), 'claimed', count(${teamSeats.holderId})) end
          from ${teamSeats} where ${teamSeats.orderId} = ${orders.id} and ${teamSeats.removedAt} is null)`,
        ...keyColumns(orders.createdAt, orders.id, part),
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(and(matches, where))
      .orderBy(...orderBy)
      .limit(limit);
}

/** Every order, newest first, searched by order, transaction, invoice or credit note number, or the learner's name or e-mail. */
export function listAllOrders(
  db: Db,
  options: { cursors: PageCursors; search?: string | undefined; page: PageRequest },
) {
  const term = searchTerm(options.search);
  const fetch = builtEachTime(orders.createdAt, orders.id, selectAllOrders(db, term));
  return keysetPage({
    cursors: options.cursors,
    list: "admin-orders",
    scope: term ?? "",
    request: options.page,
    fetch,
    toRows: (records) =>
      records.map(
        (r): AdminOrderRow => ({
          id: r.id,
          order_id: r.orderNumber,
          created_at: r.createdAt.toISOString(),
          amount: toMajor(r.amountMinor, r.currency),
          currency: r.currency,
          payment_method: r.paymentMethod,
          refund_state: r.refundState,
          customer: { name: r.name, email: r.email },
          seats: r.seats,
        }),
      ),
  });
}

/** One order with its learner and provider, for the operator. */
export async function getAnyOrder(db: Db, orderId: number, now: Date, storeUrl: string): Promise<AdminOrderDetail> {
  const [row] = await db
    .select({
      userId: orders.userId,
      provider: payments.provider,
      amountMinor: orders.amountMinor,
      refundedAt: orders.refundedAt,
      refundRef: orders.refundRef,
      refundState: orders.refundState,
      name: users.name,
      email: users.email,
      evidence: orders.taxEvidence,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(payments, eq(payments.id, orders.paymentId))
    .where(eq(orders.id, orderId));
  if (!row) throw new AppError("not_found", "Order not found");
  const teams = await readTeams(db, { orderIds: [orderId], storeUrl });
  return {
    ...(await getOrder(db, row.userId, orderId, now)),
    ...(teams.length > 0 ? { teams } : {}),
    // An order credit and coupon covered was fulfilled at checkout: no provider took part.
    provider: row.amountMinor === 0 ? "none" : row.provider,
    refund_state: row.refundState,
    refunded_at: row.refundedAt?.toISOString() ?? null,
    refund_ref: row.refundRef,
    customer: { name: row.name, email: row.email },
    tax_evidence: row.evidence && {
      billing_country: row.evidence.billingCountry,
      ip_address: row.evidence.ipAddress,
      ip_country: row.evidence.ipCountry,
      payer_country: row.evidence.payerCountry ?? null,
      conflicts: evidenceConflicts(row.evidence),
      country_confirmed: row.evidence.countryConfirmed ?? false,
    },
  };
}

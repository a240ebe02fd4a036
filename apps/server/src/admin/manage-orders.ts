import { toMajor } from "@skillshelf/shared/money.ts";
import { count, desc, eq, ilike, or } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { orders, payments, users } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import { containsPattern } from "../lib/like-pattern.ts";
import { getOrder } from "../orders/read-orders.ts";
import { PAGE_SIZE } from "./manage-users.ts";

/** Every order, newest first, searched by order number, transaction id or the learner's name or e-mail. */
export async function listAllOrders(db: Db, options: { search?: string | undefined; page: number }) {
  const term = options.search?.trim();
  const like = term ? containsPattern(term) : undefined;
  const where = like
    ? or(
        ilike(orders.orderNumber, like),
        ilike(orders.transactionId, like),
        ilike(users.email, like),
        ilike(users.name, like),
      )
    : undefined;
  const [rows, [total]] = await Promise.all([
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
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(PAGE_SIZE)
      .offset((options.page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      order_id: r.orderNumber,
      created_at: r.createdAt.toISOString(),
      amount: toMajor(r.amountMinor),
      currency: r.currency,
      payment_method: r.paymentMethod,
      refund_state: r.refundState,
      customer: { name: r.name, email: r.email },
    })),
    total: total?.n ?? 0,
    page: options.page,
    page_size: PAGE_SIZE,
  };
}

/** One order with its learner and provider, for the operator. */
export async function getAnyOrder(db: Db, orderId: number) {
  const [row] = await db
    .select({
      userId: orders.userId,
      provider: payments.provider,
      refundedAt: orders.refundedAt,
      refundRef: orders.refundRef,
      refundState: orders.refundState,
      name: users.name,
      email: users.email,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(payments, eq(payments.id, orders.paymentId))
    .where(eq(orders.id, orderId));
  if (!row) throw new AppError("not_found", "Order not found");
  return {
    ...(await getOrder(db, row.userId, orderId)),
    provider: row.provider,
    refund_state: row.refundState,
    refunded_at: row.refundedAt?.toISOString() ?? null,
    refund_ref: row.refundRef,
    customer: { name: row.name, email: row.email },
  };
}

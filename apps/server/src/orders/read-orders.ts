import type { OrderDetail, OrderLine, OrderRow, OwnedItem } from "@skillshelf/shared/api.ts";
import { toMajor } from "@skillshelf/shared/money.ts";
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { categories, contentGroups, entitlements, orderLines, orders } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";

const orderColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  createdAt: orders.createdAt,
  currency: orders.currency,
  amountMinor: orders.amountMinor,
  paymentMethod: orders.paymentMethod,
  transactionId: orders.transactionId,
  paymentStatus: orders.paymentStatus,
  refundedAt: orders.refundedAt,
};

async function linesOf(db: DbOrTx, orderIds: number[]): Promise<Map<number, OrderLine[]>> {
  const map = new Map<number, OrderLine[]>();
  if (orderIds.length === 0) return map;
  const rows = await db
    .select({
      id: orderLines.id,
      orderId: orderLines.orderId,
      currency: orderLines.currency,
      priceMinor: orderLines.priceMinor,
      name: orderLines.name,
      groupName: orderLines.groupName,
      icon: categories.icon,
      singleLine: categories.singleLine,
      slug: categories.slug,
    })
    .from(orderLines)
    .innerJoin(categories, eq(categories.id, orderLines.categoryId))
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.id));
  for (const r of rows) {
    const line: OrderLine = {
      id: r.id,
      currency: r.currency,
      price: toMajor(r.priceMinor),
      category: { icon: r.icon, name: r.name, single_line: r.singleLine, slug: r.slug },
      groups: r.groupName === null ? null : { name: r.groupName },
    };
    const list = map.get(r.orderId);
    if (list) list.push(line);
    else map.set(r.orderId, [line]);
  }
  return map;
}

type OrderRecord = Awaited<ReturnType<typeof selectOrders>>[number];

function selectOrders(db: DbOrTx, userId: number, orderId?: number) {
  return db
    .select(orderColumns)
    .from(orders)
    .where(and(eq(orders.userId, userId), orderId === undefined ? undefined : eq(orders.id, orderId)))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

function toRow(o: OrderRecord, lines: OrderLine[]): OrderRow {
  return {
    id: o.id,
    order_id: o.orderNumber,
    created_at: o.createdAt.toISOString(),
    currency: o.currency,
    amount: toMajor(o.amountMinor),
    status: o.refundedAt ? "Refunded" : "Completed",
    orders: lines,
  };
}

/** The user's orders, newest first. */
export async function listOrders(db: DbOrTx, userId: number): Promise<OrderRow[]> {
  const rows = await selectOrders(db, userId);
  const lines = await linesOf(
    db,
    rows.map((o) => o.id),
  );
  return rows.map((o) => toRow(o, lines.get(o.id) ?? []));
}

/** One of the user's orders; another user's order is as unknown as a missing one. */
export async function getOrder(db: DbOrTx, userId: number, orderId: number): Promise<OrderDetail> {
  const [order] = await selectOrders(db, userId, orderId);
  if (!order) throw new AppError("not_found", "Order not found");
  const lines = await linesOf(db, [order.id]);
  return {
    ...toRow(order, lines.get(order.id) ?? []),
    payment_method: order.paymentMethod,
    transaction_id: order.transactionId,
    payment_status: order.refundedAt ? "Refunded" : order.paymentStatus,
  };
}

/** What the user owns now, one row per entitlement, newest first. */
export async function listItems(db: DbOrTx, userId: number): Promise<OwnedItem[]> {
  const rows = await db
    .select({
      id: entitlements.id,
      name: categories.name,
      icon: categories.icon,
      singleLine: categories.singleLine,
      slug: categories.slug,
      groupName: contentGroups.name,
    })
    .from(entitlements)
    .innerJoin(categories, eq(categories.id, entitlements.categoryId))
    .leftJoin(contentGroups, eq(contentGroups.id, entitlements.groupId))
    .where(and(eq(entitlements.userId, userId), isNull(entitlements.revokedAt)))
    .orderBy(desc(entitlements.createdAt), desc(entitlements.id));
  return rows.map((r) => ({
    id: r.id,
    category: { icon: r.icon, name: r.name, single_line: r.singleLine, slug: r.slug },
    groups: r.groupName === null ? null : { name: r.groupName },
  }));
}

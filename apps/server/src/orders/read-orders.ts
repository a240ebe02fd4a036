import type { OrderDetail, OrderLine, OrderRow, OwnedItem } from "@skillshelf/shared/api.ts";
import { toMajor } from "@skillshelf/shared/money.ts";
import type { Page, PageRequest } from "@skillshelf/shared/paging.ts";
import { and, asc, eq, isNull, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { preparedPerDb } from "../db/prepared.ts";
import { categories, contentGroups, entitlements, orderLines, orders } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import { keyColumns, keysetPage, preparedKeyset } from "../paging/keyset-page.ts";
import type { PageCursors } from "../paging/page-cursors.ts";
import { itemProgressOf, toItemProgress } from "../progress/reading-progress.ts";
import { refundDeadline } from "./money-back.ts";

/** The columns every reading of an order shows. */
export const orderColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  createdAt: orders.createdAt,
  currency: orders.currency,
  amountMinor: orders.amountMinor,
  creditMinor: orders.creditMinor,
  discountMinor: orders.discountMinor,
  couponCode: orders.couponCode,
  paymentMethod: orders.paymentMethod,
  transactionId: orders.transactionId,
  paymentStatus: orders.paymentStatus,
  refundedAt: orders.refundedAt,
  refundState: orders.refundState,
};

/** The lines of some orders, oldest first: every page of orders and every order's page reads them. */
const linesQuery = preparedPerDb((db) =>
  db
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
    .where(sql`${orderLines.orderId} = any(${sql.placeholder("orderIds")}::int[])`)
    .orderBy(asc(orderLines.id))
    .prepare("order_lines_of"),
);

async function linesOf(db: DbOrTx, orderIds: number[]): Promise<Map<number, OrderLine[]>> {
  const map = new Map<number, OrderLine[]>();
  if (orderIds.length === 0) return map;
  const rows = await linesQuery(db).execute({ orderIds });
  for (const r of rows) {
    const line: OrderLine = {
      id: r.id,
      currency: r.currency,
      price: toMajor(r.priceMinor, r.currency),
      category: { icon: r.icon, name: r.name, single_line: r.singleLine, slug: r.slug },
      groups: r.groupName === null ? null : { name: r.groupName },
    };
    const list = map.get(r.orderId);
    if (list) list.push(line);
    else map.set(r.orderId, [line]);
  }
  return map;
}

type OrderRecord = Pick<typeof orders.$inferSelect, keyof typeof orderColumns>;

function toRow(o: OrderRecord, lines: OrderLine[]): OrderRow {
  return {
    id: o.id,
    order_id: o.orderNumber,
    created_at: o.createdAt.toISOString(),
    currency: o.currency,
    amount: toMajor(o.amountMinor, o.currency),
    status: o.refundedAt ? "Refunded" : "Completed",
    orders: lines,
    credit: toMajor(o.creditMinor, o.currency),
    discount: toMajor(o.discountMinor, o.currency),
  };
}

/** The query of a learner's order list: their orders plus the page's `where`, in `orderBy` order. */
export function selectOrderPage(db: DbOrTx, userId: number | Placeholder) {
  return <Limit extends number | Placeholder>(where: SQL | undefined, orderBy: SQL[], limit: Limit) =>
    db
      .select({ ...orderColumns, ...keyColumns(orders.createdAt, orders.id) })
      .from(orders)
      .where(and(eq(orders.userId, userId), where))
      .orderBy(...orderBy)
      .limit(limit);
}

const orderPage = preparedKeyset("orders_page", orders.createdAt, orders.id, (db) =>
  selectOrderPage(db, sql.placeholder("userId")),
);

/** One page of the user's orders, newest first (the orders_user_created_idx range). */
export function listOrders(
  db: DbOrTx,
  options: { cursors: PageCursors; userId: number; page: PageRequest },
): Promise<Page<OrderRow>> {
  return keysetPage({
    cursors: options.cursors,
    list: "orders",
    scope: String(options.userId),
    request: options.page,
    fetch: orderPage(db, { userId: options.userId }),
    toRows: async (records) => {
      const lines = await linesOf(
        db,
        records.map((o) => o.id),
      );
      return records.map((o) => toRow(o, lines.get(o.id) ?? []));
    },
  });
}

/**
 * One of the user's orders; another user's order is as unknown as a missing
 * one. `now` decides whether the money-back guarantee still runs.
 */
export async function getOrder(db: DbOrTx, userId: number, orderId: number, now: Date): Promise<OrderDetail> {
  const [order] = await db
    .select(orderColumns)
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.id, orderId)));
  if (!order) throw new AppError("not_found", "Order not found");
  const lines = await linesOf(db, [order.id]);
  const deadline = refundDeadline(order.createdAt);
  return {
    ...toRow(order, lines.get(order.id) ?? []),
    payment_method: order.paymentMethod,
    transaction_id: order.transactionId,
    payment_status: order.refundedAt ? "Refunded" : order.paymentStatus,
    subtotal: toMajor(order.amountMinor + order.creditMinor + order.discountMinor, order.currency),
    coupon_code: order.couponCode,
    refundable_until: order.refundState === null && deadline > now ? deadline.toISOString() : null,
  };
}

/**
 * The query of a learner's item list: what they own now plus the page's
 * `where`, in `orderBy` order, each row with the learner's progress through
 * it (a lateral subquery per row: one query for the page, whatever their history).
 */
export function selectItemPage(db: DbOrTx, userId: number | Placeholder) {
  const progress = itemProgressOf(db);
  return <Limit extends number | Placeholder>(where: SQL | undefined, orderBy: SQL[], limit: Limit) =>
    db
      .select({
        id: entitlements.id,
        name: categories.name,
        icon: categories.icon,
        singleLine: categories.singleLine,
        slug: categories.slug,
        groupName: contentGroups.name,
        total: progress.total,
        done: progress.done,
        nextSlug: progress.nextSlug,
        nextTitle: progress.nextTitle,
        ...keyColumns(entitlements.createdAt, entitlements.id),
      })
      .from(entitlements)
      .innerJoin(categories, eq(categories.id, entitlements.categoryId))
      .leftJoin(contentGroups, eq(contentGroups.id, entitlements.groupId))
      .leftJoinLateral(progress, sql`true`)
      .where(and(eq(entitlements.userId, userId), isNull(entitlements.revokedAt), where))
      .orderBy(...orderBy)
      .limit(limit);
}

const itemPage = preparedKeyset("items_page", entitlements.createdAt, entitlements.id, (db) =>
  selectItemPage(db, sql.placeholder("userId")),
);

/** One page of what the user owns now, one row per entitlement, newest first, with their progress. */
export function listItems(
  db: DbOrTx,
  options: { cursors: PageCursors; userId: number; page: PageRequest },
): Promise<Page<OwnedItem>> {
  return keysetPage({
    cursors: options.cursors,
    list: "items",
    scope: String(options.userId),
    request: options.page,
    fetch: itemPage(db, { userId: options.userId }),
    toRows: (records) =>
      records.map((r) => ({
        id: r.id,
        category: { icon: r.icon, name: r.name, single_line: r.singleLine, slug: r.slug },
        groups: r.groupName === null ? null : { name: r.groupName },
        progress: toItemProgress(r),
      })),
  });
}

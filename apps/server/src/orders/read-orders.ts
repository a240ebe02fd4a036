import type { OrderDetail, OrderDetailLine, OrderLine, OrderRow, OwnedItem } from "@skillshelf/shared/api.ts";
import { toMajor } from "@skillshelf/shared/money.ts";
import type { Page, PageRequest } from "@skillshelf/shared/paging.ts";
import { and, asc, eq, isNull, notExists, or, type Placeholder, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { seatFieldsOf } from "../cart/cart-lines.ts";
import type { DbOrTx } from "../db/client.ts";
import {
  categories,
  contentGroups,
  entitlements,
  orderLines,
  orders,
  teamRefunds,
  teamSeats,
} from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import { keyColumns, keysetPage, type Part, preparedKeyset } from "../paging/keyset-page.ts";
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
  invoiceNumber: orders.invoiceNumber,
  creditNoteNumber: orders.creditNoteNumber,
  billingCountry: orders.billingCountry,
  companyName: orders.companyName,
  buyerVatNumber: orders.buyerVatNumber,
  taxScheme: orders.taxScheme,
  vatMinor: orders.vatMinor,
  seatsRefundedMinor: orders.seatsRefundedMinor,
  seatsRefundedAt: orders.seatsRefundedAt,
};

/** An order line as its order's `lines` column holds it (json_build_array, in this order). */
type LineTuple = [
  id: number,
  currency: string,
  priceMinor: number,
  name: string,
  groupName: string | null,
  icon: string,
  singleLine: string,
  slug: string,
  seats: number | null,
  unitPriceMinor: number | null,
  volumeDiscountMinor: number,
];

/** A line with its tax (null before VAT), as an order's details read it. */
type TaxedLineTuple = [
  ...LineTuple,
  netMinor: number | null,
  vatRate: string | null,
  vatMinor: number | null,
  taxCountry: string | null,
];

/**
 * An order's lines, oldest first, as one JSON array joined to the order's row (a lateral
 * subquery per order, on order_lines_order_idx): a page of orders is one statement.
 * `taxed`: each with its tax, as an order's details show it.
 */
function linesOfOrder<Taxed extends boolean = false>(db: DbOrTx, taxed?: Taxed) {
  const tax = taxed
    ? sql`, ${orderLines.netMinor}, ${orderLines.vatRate}, ${orderLines.vatMinor}, ${orderLines.taxCountry}`
    : sql``;
  return db
    .select({
      lines: sql<
        Taxed extends true ? TaxedLineTuple[] : LineTuple[]
      >`coalesce(json_agg(json_build_array(${orderLines.id},
        ${orderLines.currency}, ${orderLines.priceMinor}, ${orderLines.name}, ${orderLines.groupName}, ${categories.icon},
        ${categories.singleLine}, ${categories.slug}, ${orderLines.seats}, ${orderLines.unitPriceMinor},
        ${orderLines.volumeDiscountMinor}${tax}) order by ${orderLines.id}), '[]')`.as("lines"),
    })
    .from(orderLines)
    .innerJoin(categories, eq(categories.id, orderLines.categoryId))
    .where(eq(orderLines.orderId, orders.id))
    .as("lines_of_order");
}

const toLine = ([id, currency, priceMinor, name, groupName, icon, singleLine, slug, ...team]: LineTuple): OrderLine => {
  const [seats, unitPriceMinor, volumeDiscountMinor] = team;
  return {
    id,
    currency,
    price: toMajor(priceMinor, currency),
    category: { icon, name, single_line: singleLine, slug },
    groups: groupName === null ? null : { name: groupName },
    ...(seats === null
      ? {}
      : seatFieldsOf({ seats, unitPriceMinor: unitPriceMinor ?? 0, volumeDiscountMinor }, currency)),
  };
};

const toTaxedLine = (tuple: TaxedLineTuple): OrderDetailLine => {
  const [, currency, , , , , , , , , , netMinor, vatRate, vatMinor, taxCountry] = tuple;
  const major = (minor: number | null) => (minor === null ? null : toMajor(minor, currency));
  return {
    ...toLine(tuple.slice(0, 11) as LineTuple),
    net: major(netMinor),
    // numeric arrives in JSON as a number.
    vat_rate: vatRate === null ? null : Number(vatRate),
    vat: major(vatMinor),
    tax_country: taxCountry,
  };
};

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
    invoice_number: o.invoiceNumber,
    seats_refunded: o.seatsRefundedAt && {
      amount: toMajor(o.seatsRefundedMinor, o.currency),
      refunded_at: o.seatsRefundedAt.toISOString(),
    },
  };
}

/** The query of a learner's order list: their orders plus the page's `where`, in `orderBy` order. */
export function selectOrderPage(db: DbOrTx, userId: number | Placeholder) {
  const lines = linesOfOrder(db);
  return <Limit extends number | Placeholder>(where: SQL | undefined, orderBy: SQL[], limit: Limit, part?: Part) =>
    db
      .select({ ...orderColumns, lines: lines.lines, ...keyColumns(orders.createdAt, orders.id, part) })
      .from(orders)
      .innerJoinLateral(lines, sql`true`)
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
    toRows: (records) => records.map((o) => toRow(o, o.lines.map(toLine))),
  });
}

/**
 * One of the user's orders; another user's order is as unknown as a missing
 * one. `now` decides whether the money-back guarantee still runs.
 */
export async function getOrder(db: DbOrTx, userId: number, orderId: number, now: Date): Promise<OrderDetail> {
  const lines = linesOfOrder(db, true);
  const [order] = await db
    .select({ ...orderColumns, lines: lines.lines })
    .from(orders)
    .innerJoinLateral(lines, sql`true`)
    .where(and(eq(orders.userId, userId), eq(orders.id, orderId)));
  if (!order) throw new AppError("not_found", "Order not found");
  const deadline = refundDeadline(order.createdAt);
  const { unclaimed, refunds } = await seatRefundsOf(db, orderId);
  // A team order's refund covers its unclaimed seats: with none left, there is nothing to ask for.
  const refundable = order.refundState === null && deadline > now && unclaimed !== 0;
  return {
    ...toRow(order, []),
    orders: order.lines.map(toTaxedLine),
    payment_method: order.paymentMethod,
    transaction_id: order.transactionId,
    payment_status: order.refundedAt ? "Refunded" : order.paymentStatus,
    subtotal: toMajor(order.amountMinor + order.creditMinor + order.discountMinor, order.currency),
    coupon_code: order.couponCode,
    refundable_until: refundable ? deadline.toISOString() : null,
    credit_notes: [
      ...refunds.flatMap((r) => (r.creditNoteNumber ? [r.creditNoteNumber] : [])),
      ...(order.creditNoteNumber ? [order.creditNoteNumber] : []),
    ],
    unclaimed_seats: unclaimed,
    seat_refunds: refunds.map((r) => ({
      seats: r.seats,
      amount: toMajor(r.amountMinor, order.currency),
      refunded_at: r.createdAt.toISOString(),
      credit_note: r.creditNoteNumber,
    })),
    billing_country: order.billingCountry,
    company_name: order.companyName,
    vat_number: order.buyerVatNumber,
    vat_total: order.vatMinor === null ? null : toMajor(order.vatMinor, order.currency),
    reverse_charge: order.taxScheme === "reverse_charge",
    tax_scheme: order.taxScheme,
  };
}

/**
 * A team order's seats nobody holds (null for an order without seats), and the refunds of its
 * unclaimed seats, oldest first: one per refund, whatever lines it covered.
 */
async function seatRefundsOf(db: DbOrTx, orderId: number) {
  const [seats] = await db
    .select({
      all: sql<number>`count(*)`.mapWith(Number),
      unclaimed:
        sql<number>`count(*) filter (where ${teamSeats.holderId} is null and ${teamSeats.removedAt} is null)`.mapWith(
          Number,
        ),
    })
    .from(teamSeats)
    .where(eq(teamSeats.orderId, orderId));
  const refunds = await db
    .select({
      createdAt: teamRefunds.createdAt,
      creditNoteNumber: teamRefunds.creditNoteNumber,
      seats: sql<number>`sum(${teamRefunds.seats})`.mapWith(Number),
      amountMinor: sql<number>`sum(${teamRefunds.amountMinor})`.mapWith(Number),
    })
    .from(teamRefunds)
    .where(eq(teamRefunds.orderId, orderId))
    .groupBy(teamRefunds.createdAt, teamRefunds.creditNoteNumber)
    .orderBy(asc(teamRefunds.createdAt));
  return { unclaimed: seats?.all ? seats.unclaimed : null, refunds };
}

/** The learner's whole-artefact entitlements, beside a group one of the same artefact. */
const whole = alias(entitlements, "whole");

/**
 * The query of a learner's item list: what they own now plus the page's
 * `where`, in `orderBy` order, each row with the learner's progress through
 * it (a lateral subquery per row: one query for the page, whatever their history).
 * A group of an artefact the learner also owns whole is left out: the whole
 * artefact holds its articles, so it is listed once, with one progress figure.
 */
export function selectItemPage(db: DbOrTx, userId: number | Placeholder) {
  const progress = itemProgressOf(db);
  const absorbed = db
    .select({ id: whole.id })
    .from(whole)
    .where(
      and(
        eq(whole.userId, entitlements.userId),
        eq(whole.categoryId, entitlements.categoryId),
        isNull(whole.groupId),
        isNull(whole.revokedAt),
      ),
    );
  return <Limit extends number | Placeholder>(where: SQL | undefined, orderBy: SQL[], limit: Limit, part?: Part) =>
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
        ...keyColumns(entitlements.createdAt, entitlements.id, part),
      })
      .from(entitlements)
      .innerJoin(categories, eq(categories.id, entitlements.categoryId))
      .leftJoin(contentGroups, eq(contentGroups.id, entitlements.groupId))
      .leftJoinLateral(progress, sql`true`)
      .where(
        and(
          eq(entitlements.userId, userId),
          isNull(entitlements.revokedAt),
          or(isNull(entitlements.groupId), notExists(absorbed)),
          where,
        ),
      )
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

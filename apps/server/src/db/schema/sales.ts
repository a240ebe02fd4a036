import { bigint, date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/*
 * The sales page's summary of the orders, a row per UTC day (decision 0048):
 * its figures read these instead of every order. Written only by the trigger
 * of migration 0020, in the transaction of each write to orders and
 * order_lines.
 */

/**
 * What a day added up to: the orders placed on it (refunded ones too) with
 * how many of them have been refunded since, and of those within the
 * money-back guarantee; and the refunds made on it, whenever the order was placed.
 */
export const salesDays = pgTable("sales_days", {
  day: date("day").primaryKey(),
  orders: integer("orders").notNull(),
  grossMinor: bigint("gross_minor", { mode: "number" }).notNull(),
  creditMinor: bigint("credit_minor", { mode: "number" }).notNull(),
  discountMinor: bigint("discount_minor", { mode: "number" }).notNull(),
  vatMinor: bigint("vat_minor", { mode: "number" }).notNull(),
  refundedOrders: integer("refunded_orders").notNull(),
  guaranteeRefundedOrders: integer("guarantee_refunded_orders").notNull(),
  refundCount: integer("refund_count").notNull(),
  refundsMinor: bigint("refunds_minor", { mode: "number" }).notNull(),
  refundVatMinor: bigint("refund_vat_minor", { mode: "number" }).notNull(),
});

/** The orders placed on a day per billing country ('' for orders placed before VAT, which have none). */
export const salesDayCountries = pgTable(
  "sales_day_countries",
  {
    day: date("day").notNull(),
    country: text("country").notNull(),
    orders: integer("orders").notNull(),
    grossMinor: bigint("gross_minor", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.country] })],
);

/**
 * What the lines of the orders placed on a day sold, per artefact and group
 * (group 0: the whole artefact): how many, and what was paid for them.
 */
export const salesDayLines = pgTable(
  "sales_day_lines",
  {
    day: date("day").notNull(),
    categoryId: integer("category_id").notNull(),
    groupId: integer("group_id").notNull(),
    lines: integer("lines").notNull(),
    paidMinor: bigint("paid_minor", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.categoryId, t.groupId] })],
);

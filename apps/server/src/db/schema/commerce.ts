import { COUPON_KINDS } from "@skillshelf/shared/coupons.ts";
import { TAX_CLASSES } from "@skillshelf/shared/tax.ts";
import { sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { TaxEvidence } from "../../tax/evidence.ts";
import type { Billing, LineTax, TaxScheme } from "../../tax/vat.ts";
import { users } from "./accounts.ts";
import { categories, contentGroups } from "./catalogue.ts";

/**
 * A line of a learner's cart: a whole sub-category (group_id null) or one of
 * its groups. Prices are not stored here: the cart always shows and charges
 * the catalogue's current ones.
 */
export const cartItems = pgTable(
  "cart_items",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    groupId: integer("group_id").references(() => contentGroups.id, { onDelete: "cascade" }),
    /** Seats for a team (2 to 500, or more seats of `team_id`); null: one, for the learner. */
    seats: integer("seats"),
    /** More seats of this team purchase, at its unit price. */
    teamId: integer("team_id").references((): AnyPgColumn => teamPurchases.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("cart_items_seats", sql`${t.seats} is null or ${t.seats} between 1 and 500`),
    uniqueIndex("cart_items_line_key").on(t.userId, t.categoryId, sql`coalesce(${t.groupId}, 0)`),
    index("cart_items_user_idx").on(t.userId),
  ],
);

export type PaymentProvider = "stripe" | "paypal" | "payu";

/** What a checkout charges: the cart's lines at the moment the payment was created. */
export interface PaymentLine {
  categoryId: number;
  groupId: number | null;
  name: string;
  groupName: string | null;
  priceMinor: number;
  /** Upgrade credit taken off a whole artefact: what the learner paid for its groups they own (absent on older payments). */
  creditMinor?: number;
  /** The order lines (of those groups) whose payments make up the credit. */
  creditedLineIds?: number[];
  /** This line's share of the coupon's discount. */
  discountMinor?: number;
  /** The VAT inside what is paid for the line (absent on payments before VAT). */
  tax?: LineTax;
  /** A team's seats: the price is seats × unitPriceMinor less volumeDiscountMinor (absent: one, for the buyer). */
  seats?: number;
  unitPriceMinor?: number;
  volumeDiscountMinor?: number;
  /** More seats of this team purchase (absent: a new one). */
  teamId?: number;
}

/** The billing of a payment, and how it is taxed (tax/vat.ts), with the evidence of where the buyer is. */
export interface PaymentBilling extends Billing {
  scheme: TaxScheme;
  /** The seller's VAT number at the start (absent on payments started before it was kept). */
  sellerVatNumber?: string | null;
  evidence: TaxEvidence;
}

/**
 * Where a payment stands. "opening" while the provider creates its side,
 * "pending" while the learner can pay; then paid, or closed unpaid (failed,
 * cancelled, expired, or superseded by a newer checkout of the same learner).
 * Money that arrives for content the learner already owns, or for a
 * superseded attempt, is sent back: "refunding" until the provider accepts
 * the refund, then "refunded".
 */
export const PAYMENT_STATUSES = [
  "opening",
  "pending",
  "paid",
  "failed",
  "cancelled",
  "expired",
  "superseded",
  "refunding",
  "refunded",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** The statuses of a payment the learner may still complete: at most one per learner. */
export const OPEN_PAYMENT_STATUSES = ["opening", "pending"] as const satisfies readonly PaymentStatus[];

/** What the learner's browser was given to pay with, kept so an unchanged cart gets the same checkout again. */
export type CheckoutHandoff =
  | { kind: "redirect"; id: string; url: string }
  | { kind: "form"; action: string; params: Record<string, string> };

/**
 * One attempt to pay, created at checkout with the server's own amount and
 * lines. The provider's reference is unique: whatever confirms it, and however
 * often, it can be fulfilled once.
 */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["stripe", "paypal", "payu"] }).notNull(),
    /** The provider's id of the checkout (session, order, txnid); null while "opening". */
    providerRef: text("provider_ref"),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    lines: jsonb("lines").$type<PaymentLine[]>().notNull(),
    checkout: jsonb("checkout").$type<CheckoutHandoff>(),
    /** Where the learner lands afterwards: checked to be inside PUBLIC_URL. */
    successUrl: text("success_url").notNull(),
    cancelUrl: text("cancel_url").notNull(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
    /** The provider's id of the money movement, once paid (payment intent, capture, mihpayid). */
    transactionId: text("transaction_id"),
    /** Why money was sent back without an order: "already_owned" or "superseded". */
    /** Why money was sent back without an order: also "price_changed" (the coupon or credit it was priced with was gone). */
    refundReason: text("refund_reason", { enum: ["already_owned", "superseded", "price_changed"] }),
    refundRef: text("refund_ref"),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** When the reconciler may next ask the provider about this payment. */
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }),
    /** The coupon the lines' discounts came from: one use of it is claimed at fulfilment. */
    couponId: integer("coupon_id").references(() => coupons.id, { onDelete: "set null" }),
    /** Who is billed and how the lines are taxed (null on payments before VAT). */
    billing: jsonb("billing").$type<PaymentBilling>(),
  },
  (t) => [
    uniqueIndex("payments_provider_ref_key").on(t.provider, t.providerRef),
    index("payments_user_idx").on(t.userId),
    // One checkout a learner can pay at a time: a second start waits for, reuses or supersedes the first.
    uniqueIndex("payments_one_open_key").on(t.userId).where(sql`${t.status} in ('opening', 'pending')`),
    index("payments_reconcile_idx").on(t.nextCheckAt).where(sql`${t.status} in ('opening', 'pending', 'refunding')`),
  ],
);

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    /** The number a learner sees and quotes to support. */
    orderNumber: text("order_number").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "restrict" }),
    paymentMethod: text("payment_method").notNull(),
    transactionId: text("transaction_id").notNull(),
    paymentStatus: text("payment_status").notNull(),
    currency: text("currency").notNull(),
    /** What was paid: the lines' prices less the credit and the discount. */
    amountMinor: integer("amount_minor").notNull(),
    /** Upgrade credit and coupon discount taken off the lines' prices. */
    creditMinor: integer("credit_minor").notNull().default(0),
    discountMinor: integer("discount_minor").notNull().default(0),
    couponCode: text("coupon_code"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** null, then "pending" while one refund is with the provider, then "refunded". */
    refundState: text("refund_state", { enum: ["pending", "refunded"] }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    refundRef: text("refund_ref"),
    /** The invoice's number (INV-2026-000123), given with the order; null on orders placed before invoices. */
    invoiceNumber: text("invoice_number"),
    /** The credit note's number (CN-2026-000007), given with the refund of an order that has an invoice. */
    creditNoteNumber: text("credit_note_number"),
    /** Who was billed and how the order was taxed; null on orders placed before VAT. */
    billingCountry: text("billing_country"),
    companyName: text("company_name"),
    /** A business buyer's VAT number, found valid: the reverse charge applied. */
    buyerVatNumber: text("buyer_vat_number"),
    /** The seller's VAT number when the order was made (its invoice prints it); null when not registered then. */
    sellerVatNumber: text("seller_vat_number"),
    taxScheme: text("tax_scheme").$type<TaxScheme>(),
    /** The VAT inside amount_minor: the sum of the lines'. */
    vatMinor: integer("vat_minor"),
    /** Where the buyer is, by two pieces of evidence (EU Implementing Regulation 282/2011 art. 24b). */
    taxEvidence: jsonb("tax_evidence").$type<TaxEvidence>(),
    /** What refunds of the order's unclaimed seats gave back so far (team_refunds), the VAT inside it, and when the last was. */
    seatsRefundedMinor: integer("seats_refunded_minor").notNull().default(0),
    seatsRefundedVatMinor: integer("seats_refunded_vat_minor").notNull().default(0),
    seatsRefundedAt: timestamp("seats_refunded_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("orders_payment_key").on(t.paymentId),
    uniqueIndex("orders_number_key").on(t.orderNumber),
    uniqueIndex("orders_invoice_number_key").on(t.invoiceNumber),
    uniqueIndex("orders_credit_note_number_key").on(t.creditNoteNumber),
    // A learner's orders newest first, and every order newest first (keyset pages on (created_at, id)).
    index("orders_user_created_idx").on(t.userId, t.createdAt, t.id),
    index("orders_created_idx").on(t.createdAt, t.id),
    // The admin order search by any part of the number, transaction id, invoice or credit note number (pg_trgm).
    index("orders_number_trgm_idx").using("gin", t.orderNumber.op("gin_trgm_ops")).with({ fastupdate: false }),
    index("orders_transaction_trgm_idx").using("gin", t.transactionId.op("gin_trgm_ops")).with({ fastupdate: false }),
    index("orders_invoice_number_trgm_idx")
      .using("gin", t.invoiceNumber.op("gin_trgm_ops"))
      .with({ fastupdate: false }),
    index("orders_credit_note_number_trgm_idx")
      .using("gin", t.creditNoteNumber.op("gin_trgm_ops"))
      .with({ fastupdate: false }),
  ],
);

/** The series of numbered documents: each numbers its documents from 1 in every calendar year. */
export const DOCUMENT_SERIES = ["invoice", "credit_note"] as const;

/**
 * The last number given in each series and year (orders/document-numbers.ts). A number is taken by
 * the transaction that writes its document, holding this row until it commits: a rolled-back
 * transaction gives its number back, so the numbers have no gap and no duplicate.
 */
export const documentNumbers = pgTable(
  "document_numbers",
  {
    series: text("series", { enum: DOCUMENT_SERIES }).notNull(),
    year: integer("year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

/** An order's lines, at the names and prices paid. */
export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    groupId: integer("group_id").references(() => contentGroups.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    groupName: text("group_name"),
    priceMinor: integer("price_minor").notNull(),
    /** Taken off this line: paid = price - credit - discount. */
    creditMinor: integer("credit_minor").notNull().default(0),
    discountMinor: integer("discount_minor").notNull().default(0),
    /** A group line whose payment became upgrade credit in that (whole artefact's) order; cleared when it is refunded. */
    creditedToOrderId: integer("credited_to_order_id").references((): AnyPgColumn => orders.id, {
      onDelete: "set null",
    }),
    currency: text("currency").notNull(),
    /** The line's tax as charged (null on orders before VAT): paid = net + vat. */
    taxClass: text("tax_class", { enum: TAX_CLASSES }),
    taxCountry: text("tax_country"),
    vatRate: numeric("vat_rate", { precision: 5, scale: 2, mode: "number" }),
    netMinor: integer("net_minor"),
    vatMinor: integer("vat_minor"),
    /** A team's seats at unit_price_minor, less volume_discount_minor: price = seats × unit - volume discount. */
    seats: integer("seats"),
    unitPriceMinor: integer("unit_price_minor"),
    volumeDiscountMinor: integer("volume_discount_minor").notNull().default(0),
  },
  (t) => [
    index("order_lines_order_idx").on(t.orderId),
    // Whether an artefact or group was sold: the catalogue editor's badges, and the check before a delete.
    index("order_lines_category_idx").on(t.categoryId),
    index("order_lines_group_idx").on(t.groupId),
  ],
);

/** What a learner owns: a sub-category or one group, granted by an order. */
export const entitlements = pgTable(
  "entitlements",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    groupId: integer("group_id").references(() => contentGroups.id, { onDelete: "restrict" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** The team seat this was claimed with (its order is the team's): null for what the learner bought. */
    seatId: integer("seat_id").references((): AnyPgColumn => teamSeats.id, { onDelete: "set null" }),
  },
  (t) => [
    index("entitlements_user_idx").on(t.userId, t.categoryId),
    // A seat gives one learner access at a time.
    uniqueIndex("entitlements_seat_key").on(t.seatId).where(sql`${t.seatId} is not null and ${t.revokedAt} is null`),
    // What a learner owns now, newest first (keyset pages on (created_at, id)).
    index("entitlements_user_created_idx").on(t.userId, t.createdAt, t.id).where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * A coupon code operators hand out: a percentage or a fixed amount (minor
 * units) off, optionally until `expires_at`, for `max_uses` orders in all and
 * `max_uses_per_learner` each, on the artefacts listed (null: every one).
 * `uses` counts paid orders; fulfilment claims a use under the row's lock.
 */
export const coupons = pgTable(
  "coupons",
  {
    id: serial("id").primaryKey(),
    /** In capitals. */
    code: text("code").notNull(),
    kind: text("kind", { enum: COUPON_KINDS }).notNull(),
    value: integer("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    maxUses: integer("max_uses"),
    maxUsesPerLearner: integer("max_uses_per_learner"),
    uses: integer("uses").notNull().default(0),
    artefactIds: integer("artefact_ids").array(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("coupons_code_key").on(t.code),
    // The operator's list: newest first, a page at a time, searched by any part of the code (pg_trgm).
    index("coupons_created_idx").on(t.createdAt, t.id),
    index("coupons_code_trgm_idx").using("gin", t.code.op("gin_trgm_ops")).with({ fastupdate: false }),
    check("coupons_kind", sql`${t.kind} in ('percent', 'amount')`),
    check("coupons_uses_within_limit", sql`${t.maxUses} is null or ${t.uses} <= ${t.maxUses}`),
  ],
);

/** One paid order's use of a coupon: the per-learner limit counts these. */
export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: serial("id").primaryKey(),
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "restrict" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    discountMinor: integer("discount_minor").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("coupon_redemptions_order_key").on(t.orderId),
    index("coupon_redemptions_coupon_user_idx").on(t.couponId, t.userId),
  ],
);

/** The code a learner entered in their cart, kept until removed or used by an order. */
export const cartCoupons = pgTable("cart_coupons", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  couponId: integer("coupon_id")
    .notNull()
    .references(() => coupons.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Seats of an artefact or one group bought for a team (decision 0056): made by the fulfilment of an
 * order line with seats, never giving the buyer access. Each seat is a row of team_seats; more seats
 * bought later (at `unit_price_minor`, what one seat cost after the volume discount) are rows of their
 * own order.
 */
export const teamPurchases = pgTable(
  "team_purchases",
  {
    id: serial("id").primaryKey(),
    buyerId: integer("buyer_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    groupId: integer("group_id").references(() => contentGroups.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    groupName: text("group_name"),
    unitPriceMinor: integer("unit_price_minor").notNull(),
    currency: text("currency").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("team_purchases_buyer_idx").on(t.buyerId, t.id), index("team_purchases_order_idx").on(t.orderId)],
);

/**
 * One seat of a team purchase, paid by `order_id`: free while `holder_id` is null; claimed by one
 * learner at a time (with an entitlement naming it); `released_at` is its last release (once per 30
 * days); `removed_at` when its money went back.
 */
export const teamSeats = pgTable(
  "team_seats",
  {
    id: serial("id").primaryKey(),
    teamId: integer("team_id")
      .notNull()
      .references(() => teamPurchases.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    holderId: integer("holder_id").references(() => users.id, { onDelete: "set null" }),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    removedAt: timestamp("removed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("team_seats_team_idx").on(t.teamId),
    index("team_seats_order_idx").on(t.orderId),
    index("team_seats_holder_idx").on(t.holderId),
    // A learner holds at most one seat of a purchase.
    uniqueIndex("team_seats_one_per_learner_key").on(t.teamId, t.holderId).where(sql`${t.holderId} is not null`),
  ],
);

/**
 * An invitation to claim a seat: its code (unguessable) is the link `/teams/join/{code}`. One without
 * an e-mail is the link the manager copies, good for any number of claims; a mailed one is used once.
 * Either can be revoked.
 */
export const teamInvitations = pgTable(
  "team_invitations",
  {
    id: serial("id").primaryKey(),
    teamId: integer("team_id")
      .notNull()
      .references(() => teamPurchases.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    email: text("email"),
    /** The language its mail was written in. */
    language: text("language"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("team_invitations_code_key").on(t.code), index("team_invitations_team_idx").on(t.teamId)],
);

/** Money given back for a team order's unclaimed seats (the learner's refund within the guarantee). */
export const teamRefunds = pgTable(
  "team_refunds",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    teamId: integer("team_id")
      .notNull()
      .references(() => teamPurchases.id, { onDelete: "cascade" }),
    /** The order line whose seats were refunded. */
    orderLineId: integer("order_line_id").references(() => orderLines.id, { onDelete: "cascade" }),
    seats: integer("seats").notNull(),
    /** The refunded seats' share of the line's price, before the coupon's discount. */
    priceMinor: integer("price_minor").notNull().default(0),
    /** What went back for them, and its net and VAT (net null on an order placed before VAT). */
    amountMinor: integer("amount_minor").notNull(),
    netMinor: integer("net_minor"),
    vatMinor: integer("vat_minor").notNull().default(0),
    refundRef: text("refund_ref").notNull(),
    /** The credit note the refund is on (every line of one refund is on the same); null for an order without invoice. */
    creditNoteNumber: text("credit_note_number"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("team_refunds_order_idx").on(t.orderId),
    // The admin order search by a credit note's whole number.
    index("team_refunds_credit_note_number_idx").on(t.creditNoteNumber),
  ],
);

import { and, asc, eq, getTableColumns, inArray, or, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { ownEventsOf } from "../audit/audit-list.ts";
import type { DbOrTx } from "../db/client.ts";
import {
  accountDeletions,
  auditEvents,
  authenticatorApps,
  cartCoupons,
  cartItems,
  couponRedemptions,
  entitlements,
  notifications,
  orderLines,
  orders,
  passkeys,
  passwordResets,
  payments,
  readingProgress,
  recoveryCodes,
  sessions,
  signInSteps,
  teamPurchases,
  teamRefunds,
  teamSeats,
  users,
  vatRateOverrides,
} from "../db/schema/index.ts";

/*
 * Every table that holds a learner's data, once (decision 0055): "Download my data" exports from
 * this list and "Delete my account" erases by it, so the two cannot drift apart. A test
 * (test/learner-data.test.ts) fails when a table of the Drizzle schema has a column referencing
 * users that is not listed here.
 *
 * To add a table: one entry with its table, its column naming the user, what the export holds
 * (the columns to export; never a secret such as a token's or password's hash) and what deletion
 * does with the rows:
 * - "delete": the rows go;
 * - "anonymise": the rows stay, their personal fields erased (`anonymise`);
 * - "keep": the rows stay as they are, for the legally required retention (they name no one once
 *   the user row is anonymised).
 */

type Deletion = "delete" | "anonymise" | "keep";

export interface LearnerTable {
  /** The table, and its column that names the learner. */
  table: PgTable;
  userColumn: PgColumn;
  deletion: Deletion;
  /** Why the deletion does what it does: the answer to a data request's question. */
  why: string;
  /** The columns exported (their JSON names); null when nothing of the table is exported, with `why`. */
  exported: Record<string, PgColumn | SQL.Aliased> | null;
  /** The order of the exported rows (a unique key, so the batches never overlap or skip). */
  orderBy?: PgColumn[];
  /** Rows besides those of `userColumn` (the learner's own security events, about their account). */
  where?: (userId: number) => SQL | undefined;
  /** What each exported row holds besides its columns (an order's lines). */
  expand?: (db: DbOrTx, rows: Record<string, unknown>[]) => Promise<Record<string, unknown>[]>;
  /** For "anonymise": the personal fields erased. */
  anonymise?: (tx: DbOrTx, userId: number, now: Date) => Promise<void>;
}

const pick = <T extends PgTable>(table: T, names: (keyof T["_"]["columns"] & string)[]) => {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  return Object.fromEntries(names.map((name) => [name, columns[name] as PgColumn]));
};

/** The address a deleted account's e-mail becomes: unique, never deliverable, and free for the old one to register. */
const deletedEmail = (userId: number) => `deleted-${userId}@deleted.invalid`;

export const LEARNER_TABLES: LearnerTable[] = [
  {
    table: sessions,
    userColumn: sessions.userId,
    deletion: "delete",
    why: "Signed-in browsers: a deleted account is signed out everywhere.",
    exported: pick(sessions, ["id", "rememberMe", "createdAt", "expiresAt", "revokedAt", "authenticatedAt"]),
    orderBy: [sessions.id],
  },
  {
    table: passwordResets,
    userColumn: passwordResets.userId,
    deletion: "delete",
    why: "One-time reset links: nothing to keep.",
    exported: pick(passwordResets, ["id", "createdAt", "expiresAt", "consumedAt"]),
    orderBy: [passwordResets.id],
  },
  {
    table: passkeys,
    userColumn: passkeys.userId,
    deletion: "delete",
    why: "Sign-in keys: a deleted account signs in no more.",
    exported: pick(passkeys, ["id", "name", "createdAt", "lastUsedAt"]),
    orderBy: [passkeys.id],
  },
  {
    table: authenticatorApps,
    userColumn: authenticatorApps.userId,
    deletion: "delete",
    why: "The second step's app: a deleted account signs in no more. Its secret is never exported.",
    exported: pick(authenticatorApps, ["createdAt", "confirmedAt"]),
    orderBy: [authenticatorApps.userId],
  },
  {
    table: recoveryCodes,
    userColumn: recoveryCodes.userId,
    deletion: "delete",
    why: "One-time recovery codes: nothing to keep. The codes themselves are never exported.",
    exported: pick(recoveryCodes, ["id", "createdAt", "usedAt"]),
    orderBy: [recoveryCodes.id],
  },
  {
    table: signInSteps,
    userColumn: signInSteps.userId,
    deletion: "delete",
    why: "A sign-in's waits of ten minutes (a passkey's challenge, a second step): nothing to keep or to export.",
    exported: null,
  },
  {
    table: accountDeletions,
    userColumn: accountDeletions.userId,
    deletion: "delete",
    why: "One-time deletion links: nothing to keep.",
    exported: pick(accountDeletions, ["id", "createdAt", "expiresAt", "consumedAt"]),
    orderBy: [accountDeletions.id],
  },
  {
    table: cartItems,
    userColumn: cartItems.userId,
    deletion: "delete",
    why: "The cart: nothing bought yet.",
    exported: pick(cartItems, ["id", "categoryId", "groupId", "seats", "teamId", "createdAt"]),
    orderBy: [cartItems.id],
  },
  {
    table: cartCoupons,
    userColumn: cartCoupons.userId,
    deletion: "delete",
    why: "The code kept with the cart: nothing bought yet.",
    exported: getTableColumns(cartCoupons),
    orderBy: [cartCoupons.userId],
  },
  {
    table: readingProgress,
    userColumn: readingProgress.userId,
    deletion: "delete",
    why: "Reading progress is the learner's alone.",
    exported: pick(readingProgress, ["contentId", "doneAt"]),
    orderBy: [readingProgress.contentId],
  },
  {
    table: notifications,
    userColumn: notifications.userId,
    deletion: "delete",
    why: "Notifications are the learner's alone.",
    exported: pick(notifications, ["id", "kind", "title", "text", "params", "link", "createdAt", "readAt"]),
    orderBy: [notifications.id],
  },
  {
    table: entitlements,
    userColumn: entitlements.userId,
    deletion: "delete",
    why: "Access to bought items: a deleted account reads nothing (the orders that granted it stay).",
    exported: pick(entitlements, ["id", "categoryId", "groupId", "orderId", "seatId", "createdAt", "revokedAt"]),
    orderBy: [entitlements.id],
  },
  {
    table: payments,
    userColumn: payments.userId,
    deletion: "keep",
    why: "Payments are the sales records behind the orders: kept for the tax retention (6 years; 10 with OSS).",
    exported: pick(payments, [
      "id",
      "provider",
      "amountMinor",
      "currency",
      "status",
      "refundReason",
      "refundedAt",
      "createdAt",
      "completedAt",
      "billing",
    ]),
    orderBy: [payments.id],
  },
  {
    table: orders,
    userColumn: orders.userId,
    deletion: "keep",
    why: "Orders, invoices and credit notes: kept for the tax retention (6 years; 10 with OSS), their buyer anonymous.",
    exported: pick(orders, [
      "id",
      "orderNumber",
      "paymentMethod",
      "paymentStatus",
      "currency",
      "amountMinor",
      "creditMinor",
      "discountMinor",
      "couponCode",
      "createdAt",
      "refundState",
      "refundedAt",
      "invoiceNumber",
      "creditNoteNumber",
      "billingCountry",
      "companyName",
      "buyerVatNumber",
      "vatMinor",
    ]),
    orderBy: [orders.id],
    expand: async (db, rows) => {
      const ids = rows.map((r) => r.id as number);
      if (ids.length === 0) return rows;
      const lines = await db
        .select({
          orderId: orderLines.orderId,
          name: orderLines.name,
          groupName: orderLines.groupName,
          priceMinor: orderLines.priceMinor,
          creditMinor: orderLines.creditMinor,
          discountMinor: orderLines.discountMinor,
          currency: orderLines.currency,
          vatMinor: orderLines.vatMinor,
          seats: orderLines.seats,
        })
        .from(orderLines)
        .where(inArray(orderLines.orderId, ids))
        .orderBy(asc(orderLines.id));
      // A team order's refunds of unclaimed seats, each with its credit note: money that went back.
      const seatRefunds = await db
        .select({
          orderId: teamRefunds.orderId,
          seats: teamRefunds.seats,
          amountMinor: teamRefunds.amountMinor,
          vatMinor: teamRefunds.vatMinor,
          creditNoteNumber: teamRefunds.creditNoteNumber,
          createdAt: teamRefunds.createdAt,
        })
        .from(teamRefunds)
        .where(inArray(teamRefunds.orderId, ids))
        .orderBy(asc(teamRefunds.id));
      const ofOrder = <R extends { orderId: number }>(list: R[], id: unknown) =>
        list.filter((r) => r.orderId === id).map(({ orderId: _, ...rest }) => rest);
      return rows.map((row) => ({
        ...row,
        lines: ofOrder(lines, row.id),
        seatRefunds: ofOrder(seatRefunds, row.id),
      }));
    },
  },
  {
    table: couponRedemptions,
    userColumn: couponRedemptions.userId,
    deletion: "keep",
    why: "Coupon uses count against a code's limits and name its orders: kept with the orders.",
    exported: getTableColumns(couponRedemptions),
    orderBy: [couponRedemptions.id],
  },
  {
    table: teamPurchases,
    userColumn: teamPurchases.buyerId,
    deletion: "keep",
    why: "Seats bought for a team are sales records of their order: kept with it; the holders keep their seats.",
    exported: pick(teamPurchases, ["id", "orderId", "name", "groupName", "unitPriceMinor", "currency", "createdAt"]),
    orderBy: [teamPurchases.id],
  },
  {
    table: teamSeats,
    userColumn: teamSeats.holderId,
    deletion: "anonymise",
    why: "A team seat the learner holds: it becomes free again for the team (its access goes with the entitlements).",
    exported: pick(teamSeats, ["id", "teamId", "claimedAt"]),
    orderBy: [teamSeats.id],
    anonymise: async (tx, userId) => {
      await tx.update(teamSeats).set({ holderId: null, claimedAt: null }).where(eq(teamSeats.holderId, userId));
    },
  },
  {
    table: vatRateOverrides,
    userColumn: vatRateOverrides.createdBy,
    deletion: "keep",
    why: "An operator's VAT rate changes: store records, naming no one once the account is anonymised.",
    exported: getTableColumns(vatRateOverrides),
    orderBy: [vatRateOverrides.id],
  },
  {
    table: auditEvents,
    userColumn: auditEvents.actorUserId,
    deletion: "anonymise",
    why: "The audit trail: an operator's actions stay (who is erased); the account's own security events and their addresses go.",
    exported: pick(auditEvents, ["id", "at", "action", "objectType", "objectId", "details", "ip"]),
    orderBy: [auditEvents.id],
    where: (userId) => or(eq(auditEvents.actorUserId, userId), ownEventsOf(userId)),
    anonymise: async (tx, userId) => {
      await tx.delete(auditEvents).where(ownEventsOf(userId));
      const about = and(eq(auditEvents.objectType, "user"), eq(auditEvents.objectId, String(userId)));
      await tx
        .update(auditEvents)
        .set({ actorEmail: null, ip: null, details: null, requestId: null })
        .where(or(eq(auditEvents.actorUserId, userId), about));
    },
  },
  {
    table: users,
    userColumn: users.id,
    deletion: "anonymise",
    why: "The account row stays for the orders that name it: name, e-mail, phone, bio and settings are erased.",
    exported: pick(users, [
      "id",
      "name",
      "email",
      "role",
      "mobileNumber",
      "about",
      "displayName",
      "timezone",
      "language",
      "emailNotifications",
      "inAppNotifications",
      "smsNotifications",
      "emailVerifiedAt",
      "billing",
      "createdAt",
      "updatedAt",
    ]),
    orderBy: [users.id],
    anonymise: async (tx, userId, now) => {
      await tx
        .update(users)
        .set({
          name: "Deleted account",
          email: deletedEmail(userId),
          // No password matches: the account can never sign in again.
          passwordHash: "!deleted",
          mobileNumber: "",
          about: "",
          displayName: "",
          billing: null,
          emailNotifications: false,
          inAppNotifications: false,
          smsNotifications: false,
          deletedAt: now,
          updatedAt: now,
        })
        .where(eq(users.id, userId));
    },
  },
];

/** The rows of an entry that are the learner's. */
export const rowsOf = (entry: LearnerTable, userId: number): SQL | undefined =>
  entry.where ? entry.where(userId) : eq(entry.userColumn, userId);

import { NOTIFICATION_KINDS, type NotificationParams } from "@skillshelf/shared/notification-texts.ts";
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";

/**
 * A learner's notifications, written in the transaction of the event itself,
 * and read (read_at) once the learner has seen them on /notifications. Those
 * of a mailed kind are mailed too, in the background (notification-mails.ts).
 */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    /** In English, as written when it happened: what rows from before migration 0013 show in every language. */
    title: text("title").notNull(),
    text: text("text").notNull(),
    /** What it is about (kind, order, names…): its title and text in the reader's language (migration 0013). */
    params: jsonb("params").$type<NotificationParams>(),
    /** The store path it is about: an order's details, an article. */
    link: text("link").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** To be mailed (its kind is, and the learner's e-mail notifications were on): the mail worker's queue (migration 0025). */
    mailPending: boolean("mail_pending").notNull().default(false),
    /** The mail worker's lease on a pending notification: another instance leaves it alone until then. */
    mailClaimedUntil: timestamp("mail_claimed_until", { withTimezone: true }),
  },
  (t) => [
    // A learner's notifications newest first.
    index("notifications_user_idx").on(t.userId, t.id),
    // The header's unread count, read with the session.
    index("notifications_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
    // Earlier on /notifications, a page at a time (migration 0009).
    index("notifications_read_idx").on(t.userId, t.createdAt, t.id).where(sql`${t.readAt} is not null`),
    // The mail worker's queue, oldest first.
    index("notifications_mail_pending_idx").on(t.id).where(sql`${t.mailPending}`),
  ],
);

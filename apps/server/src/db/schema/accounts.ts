import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { SavedBilling } from "../../tax/vat.ts";

/**
 * A learner (or, with role admin, an operator). The e-mail is stored lower-case
 * and unique; the password only as an argon2id hash.
 */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    userType: text("user_type").notNull().default("Manual"),
    role: text("role", { enum: ["learner", "admin"] })
      .notNull()
      .default("learner"),
    mobileNumber: text("mobile_number").notNull().default(""),
    about: text("about").notNull().default(""),
    displayName: text("display_name").notNull().default(""),
    timezone: text("timezone").notNull().default("Europe/London"),
    language: text("language").notNull().default("English"),
    emailNotifications: boolean("email_notifications").notNull().default(true),
    inAppNotifications: boolean("in_app_notifications").notNull().default(true),
    smsNotifications: boolean("sms_notifications").notNull().default(false),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    blockedAt: timestamp("blocked_at", { withTimezone: true }),
    /** The billing details given at the last checkout, offered at the next. */
    billing: jsonb("billing").$type<SavedBilling>(),
    /** When the learner deleted the account: the row stays, anonymised, for the orders it bought (migration 0026). */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    // The admin learner list: newest first (keyset), searched by any part of the name or e-mail (pg_trgm).
    index("users_created_idx").on(t.createdAt, t.id),
    index("users_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")).with({ fastupdate: false }),
    index("users_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")).with({ fastupdate: false }),
  ],
);

/** A signed-in browser or API client. Only the token's SHA-256 is stored. */
export const sessions = pgTable(
  "sessions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    rememberMe: boolean("remember_me").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Absolute: a session is never extended past this. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** The last time the holder proved who they are (a password, later a passkey): markAuthenticated. */
    authenticatedAt: timestamp("authenticated_at", { withTimezone: true }),
    /** When the session's second step was done (a passkey sign-in, a code after the password); null: not done. */
    secondStepAt: timestamp("second_step_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("sessions_token_hash_key").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);

/** A password reset link. Single use; a newer link voids the older ones. */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set when used, or when a newer link voided it. */
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("password_resets_token_hash_key").on(t.tokenHash),
    index("password_resets_user_idx").on(t.userId),
  ],
);

/**
 * Mail waiting to be delivered. Written in the same transaction as the change
 * that causes it, delivered with retries, so a failing mail server loses nothing.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** Headers besides the usual ones: a notification mail's List-Unsubscribe and List-Unsubscribe-Post (migration 0025). */
    headers: jsonb("headers").$type<Record<string, string>>(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("mail_outbox_pending_idx").on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
);

/** Fixed-window counters of the rate limiter, shared by every instance. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";

/**
 * The audit trail (migration 0026, decision 0055): one row per operator action, written in the
 * transaction of the action itself, and one per security event (sign-ins, failures, password and
 * e-mail changes…). Kept AUDIT_RETENTION_DAYS, then pruned by the audit worker.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** Who did it: the operator, or the learner acting on their own account; null for a visitor or the store. */
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The actor's e-mail address at the time (an address changes; a deleted account's is erased). */
    actorEmail: text("actor_email"),
    /** What happened: `<area>.<what_happened>` (audit/audit-actions.ts, SECURITY_EVENTS). */
    action: text("action").notNull(),
    /** What it happened to: "user", "order", "coupon", "category"… and its id. */
    objectType: text("object_type"),
    objectId: text("object_id"),
    /** The object before and after, where the action is a change. */
    before: jsonb("before"),
    after: jsonb("after"),
    /** A security event's other fields (reason, provider…): never a secret. */
    details: jsonb("details"),
    ip: text("ip"),
    requestId: text("request_id"),
  },
  (t) => [
    // The whole list newest first, and the pruning of the oldest.
    index("audit_events_at_idx").on(t.at, t.id),
    // The filters of /admin/audit, each a range of its own index in (at, id) order.
    index("audit_events_actor_idx").on(t.actorUserId, t.at, t.id),
    index("audit_events_actor_email_idx").on(t.actorEmail, t.at, t.id),
    index("audit_events_action_idx").on(t.action, t.at, t.id),
    index("audit_events_object_idx").on(t.objectType, t.objectId, t.at, t.id),
  ],
);

/** A learner's request to delete their account: a one-time link mailed to them (account-deletion.ts). */
export const accountDeletions = pgTable(
  "account_deletions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
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
    uniqueIndex("account_deletions_token_hash_key").on(t.tokenHash),
    index("account_deletions_user_idx").on(t.userId),
  ],
);

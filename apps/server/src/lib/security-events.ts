import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import { auditedActionWritten, recordAudit } from "../audit/audit-trail.ts";
import type { Db } from "../db/client.ts";

/**
 * Security events: one structured log line per thing an operator or an audit
 * may need to find later (who signed in, who failed and why, whose password or
 * e-mail changed, who was blocked, ...). Each line carries a stable `event`
 * field to search and alert on, e.g.
 *
 *   {"level":40,"event":"auth.login_failed","email":"a@b.example","reason":"wrong_password","ip":"203.0.113.7","reqId":"req-1","msg":"security event auth.login_failed"}
 *
 * Use:
 *
 *   securityEvent(log, "order.refunded", { orderId, actorId, amount: "12.00" });
 *   securityEvent(log, "auth.login_failed", { email, reason: "blocked" }, "warn");
 *
 * - `log`: a Fastify/pino logger; pass `securityLog(request)` (the request's
 *   logger with the client address bound as `ip`) from a route, or
 *   `request.log` / `app.log`.
 * - `name`: `<area>.<what_happened>` in snake_case, past tense; once shipped, a
 *   name never changes (alerts depend on it). The names in use are in
 *   SECURITY_EVENTS below; add yours there.
 * - `fields`: flat values only (ids, e-mail addresses, reasons, amounts).
 *   Never a password, token, hash, cookie or secret: a field whose name looks
 *   like one is dropped here as a second line of defence, but do not rely on it.
 * - `level`: "info" for what happened as asked, "warn" for a refusal or failure.
 *
 * Each event is also stored as a row of the audit trail (audit_events, decision 0055) when the
 * logger carries the store's database (`securityLog(request)`, `auditSink`): await it, and never
 * inside an open transaction (on the embedded database that would wait for itself). An operator
 * action whose row of the same name was written in its own transaction is not stored twice.
 * Who acted is `actorId` (null: the store itself), or else `userId` (the learner on their own account); the object is
 * the user `userId`, or the order `orderId`.
 */
export async function securityEvent(
  log: FastifyBaseLogger,
  name: string,
  fields: SecurityEventFields = {},
  level: "info" | "warn" = "info",
): Promise<void> {
  const safe: SecurityEventFields = {};
  for (const [key, value] of Object.entries(fields)) {
    if (!SECRET_FIELD.test(key)) safe[key] = value;
  }
  log[level]({ ...safe, event: name }, `security event ${name}`);
  const sink = (log as AuditedLogger)[AUDIT_SINK];
  if (!sink || auditedActionWritten(name)) return;
  const { actorId, userId, orderId, ...details } = safe;
  // A refusal's user is who was tried, not who tried: its actor is unknown.
  const actor =
    "actorId" in safe
      ? typeof actorId === "number"
        ? actorId
        : null
      : level === "info" && typeof userId === "number"
        ? userId
        : null;
  const object =
    typeof userId === "number"
      ? { objectType: "user", objectId: String(userId) }
      : typeof orderId === "number"
        ? { objectType: "order", objectId: String(orderId) }
        : {};
  try {
    await recordAudit(sink.db, {
      action: name,
      actorUserId: actor,
      ...object,
      details: { ...details, ...(typeof orderId === "number" && userId !== undefined ? { orderId } : {}) },
      ip: sink.ip,
      requestId: sink.requestId,
    });
  } catch (error) {
    // The log line stands; a row the database refused must not fail what the learner asked.
    log.error({ err: error, event: name }, "a security event could not be stored");
  }
}

/** Where a logger's security events are stored: the store's database, and the request they came with. */
export interface AuditSink {
  db: Db;
  ip: string | null;
  requestId: string | null;
}

const AUDIT_SINK = Symbol("audit sink");
type AuditedLogger = FastifyBaseLogger & { [AUDIT_SINK]?: AuditSink };

/** `log`, whose security events are stored in `sink` too (a child logger keeps it). */
export function auditSink(log: FastifyBaseLogger, sink: AuditSink): FastifyBaseLogger {
  const logger = Object.create(log) as AuditedLogger;
  logger[AUDIT_SINK] = sink;
  return logger;
}

export type SecurityEventFields = Record<string, string | number | boolean | null | undefined>;

/** Field names that could carry a credential: never logged, whatever a caller passes. */
const SECRET_FIELD = /pass|token|secret|hash|cookie|authorization|credential/i;

/** The request's logger with the client's address (after TRUST_PROXY) bound as `ip`; its security events are stored. */
export function securityLog(request: FastifyRequest): FastifyBaseLogger {
  return auditSink(request.log.child({ ip: request.ip }), {
    db: request.server.database.db,
    ip: request.ip,
    requestId: request.id,
  });
}

/** Every event name the store logs, to grep for and to alert on. */
export const SECURITY_EVENTS = {
  loginSucceeded: "auth.login_succeeded",
  /** reason: unknown_email, wrong_password or blocked. */
  loginFailed: "auth.login_failed",
  /** account_exists tells the two cases apart (the answer to the client does not). */
  passwordResetRequested: "auth.password_reset_requested",
  passwordResetCompleted: "auth.password_reset_completed",
  /** reason: invalid_or_expired_link. */
  passwordResetFailed: "auth.password_reset_failed",
  passwordChanged: "account.password_changed",
  /** reason: wrong_old_password. */
  passwordChangeFailed: "account.password_change_failed",
  emailChanged: "account.email_changed",
  /** reason: current_password_missing or wrong_current_password. */
  emailChangeFailed: "account.email_change_failed",
  userBlocked: "admin.user_blocked",
  userUnblocked: "admin.user_unblocked",
  adminRoleGranted: "admin.admin_role_granted",
  adminRoleRemoved: "admin.admin_role_removed",
  /** An operator's refund of an order: orderId, actorId, provider, amount, refundRef. */
  orderRefunded: "order.refunded",
  /** The provider did not accept an operator's refund: orderId, actorId, provider. */
  orderRefundFailed: "order.refund_failed",
  /** Money that made no order, sent back: paymentId, userId, provider, amount, reason (already_owned or superseded). */
  paymentRefundedAutomatically: "payment.refunded_automatically",
  /** A password sign-in of an account with a second step, waiting for it: userId, email. */
  secondStepAsked: "auth.second_step_asked",
  /** A wrong or used code: userId, via (sign_in, setup or remove_app). */
  secondStepFailed: "auth.second_step_failed",
  /** A password sign-in completed with its second step: userId, method (authenticator_app or recovery_code). */
  secondStepPassed: "auth.second_step_passed",
  /** A recovery code used up to sign in: userId. */
  recoveryCodeUsed: "auth.recovery_code_used",
  /** A passkey's sign-in (both steps in one): userId, passkeyId. */
  passkeyUsed: "auth.passkey_used",
  /** A passkey sign-in refused: userId (when the passkey is known), reason. */
  passkeySignInFailed: "auth.passkey_sign_in_failed",
  /** An authenticator app set up: userId, method. */
  secondStepAdded: "account.second_step_added",
  /** An authenticator app removed: userId, method. */
  secondStepRemoved: "account.second_step_removed",
  /** Everything of an account's second step removed by an operator's CLI: userId, email, passkeys, app. */
  secondStepReset: "admin.second_step_reset",
  passkeyAdded: "account.passkey_added",
  /** The browser's answer to adding a passkey refused: userId, reason. */
  passkeyAddFailed: "account.passkey_add_failed",
  passkeyRemoved: "account.passkey_removed",
  /** A learner's notification mails turned off by a mail's unsubscribe link: userId, via. */
  emailNotificationsOff: "account.email_notifications_off",
  /** A learner asked to delete their account: a one-time link was mailed (userId, email). */
  accountDeletionRequested: "account.deletion_requested",
  /** reason: stale_sign_in, wrong_password, last_operator or invalid_or_expired_link. */
  accountDeletionFailed: "account.deletion_failed",
  /** The account's personal data erased (userId): the row stays, anonymised, for its orders. */
  accountDeleted: "account.deleted",
  /** The password was given again for an action that needs a recent sign-in (userId). */
  reauthenticated: "auth.reauthenticated",
} as const;

/**
 * The events a learner sees of their own account in Settings (stored with the object "user" and
 * their id). The passkeys' events join here when they are added to SECURITY_EVENTS.
 */
export const OWN_SECURITY_EVENTS: readonly string[] = [
  SECURITY_EVENTS.loginSucceeded,
  SECURITY_EVENTS.loginFailed,
  SECURITY_EVENTS.passwordChanged,
  SECURITY_EVENTS.passwordResetRequested,
  SECURITY_EVENTS.passwordResetCompleted,
  SECURITY_EVENTS.emailChanged,
  SECURITY_EVENTS.emailChangeFailed,
  SECURITY_EVENTS.reauthenticated,
  SECURITY_EVENTS.accountDeletionRequested,
  SECURITY_EVENTS.passkeyAdded,
  SECURITY_EVENTS.passkeyRemoved,
  SECURITY_EVENTS.secondStepAdded,
  SECURITY_EVENTS.secondStepRemoved,
  SECURITY_EVENTS.recoveryCodeUsed,
  SECURITY_EVENTS.secondStepReset,
];

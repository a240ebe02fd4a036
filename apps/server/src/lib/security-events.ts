import type { FastifyBaseLogger, FastifyRequest } from "fastify";

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
 */
export function securityEvent(
  log: FastifyBaseLogger,
  name: string,
  fields: SecurityEventFields = {},
  level: "info" | "warn" = "info",
): void {
  const safe: SecurityEventFields = {};
  for (const [key, value] of Object.entries(fields)) {
    if (!SECRET_FIELD.test(key)) safe[key] = value;
  }
  log[level]({ ...safe, event: name }, `security event ${name}`);
}

export type SecurityEventFields = Record<string, string | number | boolean | null | undefined>;

/** Field names that could carry a credential: never logged, whatever a caller passes. */
const SECRET_FIELD = /pass|token|secret|hash|cookie|authorization|credential/i;

/** The request's logger with the client's address (after TRUST_PROXY) bound as `ip`. */
export function securityLog(request: FastifyRequest): FastifyBaseLogger {
  return request.log.child({ ip: request.ip });
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
} as const;

import { pageCursorFields, pageQuery } from "./paging.ts";
import { z } from "./zod.ts";

/**
 * The audit trail (decision 0055): its rows as /api/admin/audit and /admin/audit list them, a
 * learner's own security events as Settings lists them, and the forms of "Delete my account".
 */

const jsonValue = z.unknown().describe("the object's fields that changed (JSON), or null");

export const auditEventRowSchema = z.object({
  id: z.number().int(),
  at: z.string().describe("ISO 8601"),
  actor: z
    .object({ id: z.number().int().nullable(), email: z.string().nullable() })
    .nullable()
    .describe("who did it (their e-mail at the time); null for a visitor or the store itself"),
  action: z.string().describe("<area>.<what_happened>, e.g. coupon.created, auth.login_succeeded"),
  object_type: z.string().nullable(),
  object_id: z.string().nullable(),
  before: jsonValue,
  after: jsonValue,
  details: z.record(z.string(), z.unknown()).nullable().describe("a security event's other fields (reason…)"),
  ip: z.string().nullable(),
  request_id: z.string().nullable(),
});
export type AuditEventRow = z.infer<typeof auditEventRowSchema>;

const filter = (describe: string) => z.string().trim().max(200).optional().describe(describe);

/** The filters of the audit list, and where to start in it. */
export const auditQuerySchema = pageQuery.extend({
  actor: filter("the actor's user id, or their whole e-mail address"),
  action: filter("an action name, exactly (coupon.created)"),
  object_type: filter("what the action was about: user, order, coupon, category, group, content…"),
  object_id: filter("with object_type: that object's id"),
});
export type AuditQuery = Pick<z.output<typeof auditQuerySchema>, "actor" | "action" | "object_type" | "object_id">;

export const auditPageSchema = z.object({ rows: z.array(auditEventRowSchema), ...pageCursorFields });

/** A learner's own security event, as Settings lists it. */
export const ownSecurityEventRowSchema = z.object({
  id: z.number().int(),
  at: z.string().describe("ISO 8601"),
  action: z.string().describe("auth.login_succeeded, account.password_changed, …"),
  reason: z.string().nullable().describe("why a failure failed (wrong_password…)"),
  ip: z.string().nullable(),
});
export type OwnSecurityEventRow = z.infer<typeof ownSecurityEventRowSchema>;

/** How each own event reads in Settings (its English text, a catalogue key). */
export const OWN_EVENT_LABELS: Record<string, string> = {
  "auth.login_succeeded": "Signed in",
  "auth.login_failed": "Sign-in refused",
  "account.password_changed": "Password changed",
  "auth.password_reset_requested": "Password reset asked for",
  "auth.password_reset_completed": "Password reset",
  "account.email_changed": "E-mail address changed",
  "account.email_change_failed": "E-mail change refused",
  "auth.reauthenticated": "Password confirmed",
  "account.deletion_requested": "Account deletion asked for",
  "account.passkey_added": "Passkey added",
  "account.passkey_removed": "Passkey removed",
  "account.second_step_added": "Authenticator app set up",
  "account.second_step_removed": "Authenticator app removed",
  "auth.recovery_code_used": "Recovery code used",
  "admin.second_step_reset": "Second step reset by the store",
};

export const DELETION_MESSAGES = {
  prompt: "Are you sure you want to remove profile?",
  linkSent: "We have sent a link to your e-mail address. Follow it within an hour to delete your account.",
  passwordNeeded: "For your safety, enter your password again to continue.",
  passwordWrong: "The password is not correct.",
  lastOperator: "You are the store's last operator. Make another account an admin before you delete yours.",
  linkInvalid: "This link is invalid, has expired or belongs to another account. Ask for a new one in Settings.",
  deleted: "Your account is deleted.",
} as const;

const password = z
  .string()
  .max(128, "Password must be at most 128 characters.")
  .optional()
  .describe("the account's password: needed when the last sign-in is more than 10 minutes old");

/** "Delete my account" in Settings: the password when the sign-in is not recent. */
export const deletionRequestSchema = z.object({ password });

/** The mailed link's page: its token, and the password again when the sign-in is not recent. */
export const deletionConfirmSchema = z.object({
  token: z.string().min(1, DELETION_MESSAGES.linkInvalid).max(200, DELETION_MESSAGES.linkInvalid),
  password,
});

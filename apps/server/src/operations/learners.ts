import { adminUserActionSchema } from "@skillshelf/shared/admin-forms.ts";
import { plain } from "@skillshelf/shared/i18n/message.ts";
import { applyUserAction } from "../admin/manage-users.ts";
import { SECURITY_EVENTS, securityLog } from "../lib/security-events.ts";
import { defineOperation } from "./operation.ts";

const USER_ACTION_MESSAGES = {
  "verify-email": "The e-mail is now verified.",
  block: "The user is blocked and signed out everywhere.",
  unblock: "The user is unblocked.",
  "make-admin": "The user is now an admin.",
  "remove-admin": "The user is no longer an admin.",
} as const;

/** Each action's name in the audit trail: the security event's where it has one (stored once, in the action's transaction). */
const USER_ACTION_AUDIT = {
  "verify-email": "admin.user_email_verified",
  block: SECURITY_EVENTS.userBlocked,
  unblock: SECURITY_EVENTS.userUnblocked,
  "make-admin": SECURITY_EVENTS.adminRoleGranted,
  "remove-admin": SECURITY_EVENTS.adminRoleRemoved,
} as const;

/** Verify a learner's e-mail, block, unblock, grant or remove the admin role. */
export const userActionOperation = defineOperation({
  name: "admin.users.action",
  who: "operator",
  input: adminUserActionSchema,
  audit: { action: ({ user_action }) => USER_ACTION_AUDIT[user_action], object: ({ id }) => ({ type: "user", id }) },
  run: async ({ app, request, actor }, input) => {
    await applyUserAction(app.database.db, {
      actorId: actor.userId,
      userId: input.id,
      action: input.user_action,
      now: app.clock(),
      log: securityLog(request),
    });
    return { message: plain(USER_ACTION_MESSAGES[input.user_action]), data: null };
  },
});

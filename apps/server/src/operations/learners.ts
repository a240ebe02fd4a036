import { adminUserActionSchema } from "@skillshelf/shared/admin-forms.ts";
import { plain } from "@skillshelf/shared/i18n/message.ts";
import { applyUserAction } from "../admin/manage-users.ts";
import { securityLog } from "../lib/security-events.ts";
import { defineOperation } from "./operation.ts";

const USER_ACTION_MESSAGES = {
  "verify-email": "The e-mail is now verified.",
  block: "The user is blocked and signed out everywhere.",
  unblock: "The user is unblocked.",
  "make-admin": "The user is now an admin.",
  "remove-admin": "The user is no longer an admin.",
} as const;

/** Verify a learner's e-mail, block, unblock, grant or remove the admin role. */
export const userActionOperation = defineOperation({
  name: "admin.users.action",
  who: "operator",
  input: adminUserActionSchema,
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

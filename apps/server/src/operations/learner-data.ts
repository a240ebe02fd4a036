import { DELETION_MESSAGES, deletionConfirmSchema, deletionRequestSchema } from "@skillshelf/shared/audit.ts";
import { plain } from "@skillshelf/shared/i18n/message.ts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { SessionViewer } from "../accounts/sessions.ts";
import { confirmAccountDeletion, requestAccountDeletion } from "../learner-data/delete-account.ts";
import { securityLog } from "../lib/security-events.ts";
import { clearSessionCookie } from "../routes/viewer.ts";
import { defineOperation } from "./operation.ts";
import { enforceLimit } from "./rate-limits.ts";

/** A password given again counts against the account's sign-in limit: a session is no faster a password oracle. */
async function limitPassword(request: FastifyRequest, reply: FastifyReply, actor: SessionViewer, password?: string) {
  if (password) await enforceLimit(request, reply, "login", "account", actor.user.email);
}

/** "Delete my account" in Settings: mails a one-time link, after a recent sign-in (or the password again). */
export const requestDeletionOperation = defineOperation({
  name: "account.requestDeletion",
  who: "learner",
  input: deletionRequestSchema,
  run: async ({ app, request, reply, actor }, { password }) => {
    // Each request mails a link: counted per account, whatever the address.
    await enforceLimit(request, reply, "learnerData", "account", String(actor.userId));
    await limitPassword(request, reply, actor, password);
    await requestAccountDeletion({
      db: app.database.db,
      userId: actor.userId,
      sessionId: actor.sessionId,
      now: app.clock(),
      log: securityLog(request),
      password,
      publicUrl: app.config.publicUrl,
    });
    void app.mail.deliverDue();
    return { message: plain(DELETION_MESSAGES.linkSent), data: null };
  },
});

/** The mailed link's confirmation: the account is erased and its sessions end (this one's cookie too). */
export const confirmDeletionOperation = defineOperation({
  name: "account.confirmDeletion",
  who: "learner",
  input: deletionConfirmSchema,
  run: async ({ app, request, reply, actor }, { token, password }) => {
    await limitPassword(request, reply, actor, password);
    await confirmAccountDeletion({
      db: app.database.db,
      userId: actor.userId,
      sessionId: actor.sessionId,
      now: app.clock(),
      log: securityLog(request),
      token,
      password,
    });
    clearSessionCookie(reply);
    return { message: plain(DELETION_MESSAGES.deleted), data: null };
  },
});

import {
  changePasswordSchema,
  changesEmail,
  forgotPasswordSchema,
  loginSchema,
  profileSchema,
  registerSchema,
  resetPasswordSchema,
  settingsSchema,
} from "@skillshelf/shared/account-forms.ts";
import { ACCOUNT_MESSAGES } from "@skillshelf/shared/account-messages.ts";
import type { UserRecord } from "@skillshelf/shared/api.ts";
import { homeOf } from "@skillshelf/shared/constants.ts";
import { plain } from "@skillshelf/shared/i18n/message.ts";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { z } from "zod";
import { login } from "../accounts/login.ts";
import { FORGOT_PASSWORD_SENT, requestPasswordReset, resetPassword } from "../accounts/password-reset.ts";
import { changePassword, updateProfile, updateSettings } from "../accounts/profile.ts";
import { register } from "../accounts/register.ts";
import { revokeSession } from "../accounts/sessions.ts";
import type { Db } from "../db/client.ts";
import { securityLog } from "../lib/security-events.ts";
import { pageLanguage, requestLanguage } from "../routes/page-language.ts";
import { clearSessionCookie, setSessionCookie } from "../routes/viewer.ts";
import { type Call, type Done, defineOperation } from "./operation.ts";
import { enforceLimit } from "./rate-limits.ts";
import { awaitSecondStep } from "./second-step.ts";

/** A sign-in's data: the session (its token, the user, their home), or the wait for the second step. */
type LoginData =
  | { second_step: true; second_step_token: string }
  | { session_token: string; user: UserRecord; home: string };

/** What a password sign-in of an account with a second step answers. */
const SECOND_STEP_ASKED = "Enter a code from your authenticator app, or use your passkey, to finish signing in.";

const PROFILE_MESSAGES = {
  profile: "Profile updated successfully.",
  password: "Password changed successfully.",
  settings: "Settings saved successfully.",
} as const;

/** What a mailing step needs of the store (it logs a security event and queues a mail). */
const mailing = ({ app, request }: Call<"visitor">) => ({
  db: app.database.db as Db,
  publicUrl: app.config.publicUrl,
  now: app.clock(),
  log: securityLog(request) as FastifyBaseLogger,
});
/** The queued mail goes out in the background, after the answer. */
const deliver = (app: FastifyInstance) => void app.mail.deliverDue();

export const registerOperation = defineOperation({
  name: "accounts.register",
  who: "visitor",
  input: registerSchema,
  limit: { policy: "register", account: (input) => input.email },
  run: async ({ app, request, actor }, input) => {
    // The language of the page the form was sent from (/es/registration), or through the API the
    // request's (?lang=, the lang cookie, Accept-Language): the new account keeps it.
    const language = request.url.startsWith("/api/") ? requestLanguage(request) : pageLanguage(request, actor).language;
    await register({ db: app.database.db, input, language, publicUrl: app.config.publicUrl, now: app.clock() });
    deliver(app);
    return { message: plain(ACCOUNT_MESSAGES.registered), data: null };
  },
});

/** Signs in and sets the access-token cookie on the reply; the API answers the token too. */
export const loginOperation = defineOperation({
  name: "accounts.login",
  who: "visitor",
  input: loginSchema,
  limit: { policy: "login", account: (input) => input.email },
  run: async ({ app, request, reply }, input): Promise<Done<LoginData>> => {
    const done = await login({ db: app.database.db, input, now: app.clock(), log: securityLog(request) });
    if (done.secondStepToken !== undefined) {
      // Not signed in yet: the wait for the second step is the browser's cookie (the API client's token).
      awaitSecondStep(reply, done.secondStepToken);
      return {
        message: plain(SECOND_STEP_ASKED),
        data: { second_step: true as const, second_step_token: done.secondStepToken },
      };
    }
    const { expiresAt, message, session_token, data, role } = done;
    setSessionCookie(reply, session_token, input.remember_me ? expiresAt : null);
    return { message: plain(message), data: { session_token, user: data, home: homeOf(role) } };
  },
});

/** Signs out: revokes the session, if there is one, and clears its cookie. */
export const logoutOperation = defineOperation({
  name: "accounts.logout",
  who: "visitor",
  input: z.object({}),
  run: async ({ app, reply, actor }) => {
    if (actor) await revokeSession(app.database.db, actor.sessionId, app.clock());
    clearSessionCookie(reply);
    return { message: plain("You have been signed out."), data: null };
  },
});

export const forgotPasswordOperation = defineOperation({
  name: "accounts.forgot-password",
  who: "visitor",
  input: forgotPasswordSchema,
  limit: { policy: "forgotPassword", account: (input) => input.email },
  run: async (call, input) => {
    await requestPasswordReset({ ...mailing(call), input });
    deliver(call.app);
    return { message: plain(FORGOT_PASSWORD_SENT), data: null };
  },
});

export const resetPasswordOperation = defineOperation({
  name: "accounts.reset-password",
  who: "visitor",
  input: resetPasswordSchema,
  limit: { policy: "resetPassword" },
  run: async (call, input) => {
    await resetPassword({ ...mailing(call), input });
    deliver(call.app);
    return { message: plain(ACCOUNT_MESSAGES.passwordReset), data: null };
  },
});

/** Name, e-mail, phone and bio; a new e-mail needs the current password. */
export const updateProfileOperation = defineOperation({
  name: "profile.update",
  who: "learner",
  input: profileSchema,
  run: async ({ app, request, reply, actor }, input) => {
    // Checking the current password to change the e-mail counts against the account's sign-in
    // limit: a stolen session is no faster a password oracle than the login form.
    if (changesEmail(actor.user.email, input.email) && input.current_password) {
      await enforceLimit(request, reply, "login", "account", actor.user.email);
    }
    const data = await updateProfile({
      db: app.database.db,
      userId: actor.userId,
      input,
      publicUrl: app.config.publicUrl,
      now: app.clock(),
      log: securityLog(request),
    });
    deliver(app);
    return { message: plain(PROFILE_MESSAGES.profile), data };
  },
});

/** A new password (the old one checked); other sessions end. */
export const changePasswordOperation = defineOperation({
  name: "profile.change-password",
  who: "learner",
  input: changePasswordSchema,
  run: async ({ app, request, actor }, input) => {
    await changePassword({
      db: app.database.db,
      userId: actor.userId,
      sessionId: actor.sessionId,
      input,
      publicUrl: app.config.publicUrl,
      now: app.clock(),
      log: securityLog(request),
    });
    deliver(app);
    return { message: plain(PROFILE_MESSAGES.password), data: null };
  },
});

export const saveSettingsOperation = defineOperation({
  name: "profile.settings",
  who: "learner",
  input: settingsSchema,
  run: async ({ app, actor }, input) => ({
    message: plain(PROFILE_MESSAGES.settings),
    data: await updateSettings({ db: app.database.db, userId: actor.userId, input, now: app.clock() }),
  }),
});

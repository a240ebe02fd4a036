import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { homeOf } from "@skillshelf/shared/constants.ts";
import { plain } from "@skillshelf/shared/i18n/message.ts";
import {
  addPasskeySchema,
  confirmAppSchema,
  passkeySignInSchema,
  removeAppSchema,
  removePasskeySchema,
  renamePasskeySchema,
  secondStepCodeSchema,
} from "@skillshelf/shared/second-step-forms.ts";
import { eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  addPasskey,
  listPasskeys,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  removePasskey,
  renamePasskey,
  signInWithPasskey,
} from "../accounts/passkeys.ts";
import {
  checkSecondStepCode,
  confirmAuthenticatorApp,
  endSecondStep,
  removeAuthenticatorApp,
  SIGN_IN_AGAIN,
  secondStepOf,
  secondStepStatus,
  startAuthenticatorApp,
} from "../accounts/second-step.ts";
import { createSession, markAuthenticated } from "../accounts/sessions.ts";
import { toUserRecord, userRecordColumns } from "../accounts/user-record.ts";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import { SECURITY_EVENTS, securityEvent, securityLog } from "../lib/security-events.ts";
import { setSessionCookie } from "../routes/viewer.ts";
import type { Audience } from "./guard.ts";
import { type Call, defineOperation } from "./operation.ts";
import { enforceLimit } from "./rate-limits.ts";

/** The cookie that holds a password sign-in's wait for its second step (its token), for ten minutes. */
const SECOND_STEP_COOKIE = "second-step";
/** The cookie that holds a passkey sign-in's challenge token, for ten minutes. */
const PASSKEY_CHALLENGE_COOKIE = "passkey-challenge";
const STEP_COOKIE_SECONDS = 10 * 60;

function setStepCookie(reply: FastifyReply, name: string, token: string): void {
  reply.setCookie(name, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: reply.server.config.publicUrl.startsWith("https:"),
    path: "/",
    maxAge: STEP_COOKIE_SECONDS,
  });
}

function clearStepCookie(reply: FastifyReply, name: string): void {
  reply.clearCookie(name, {
    httpOnly: true,
    sameSite: "lax",
    secure: reply.server.config.publicUrl.startsWith("https:"),
    path: "/",
  });
}

/** Marks a password sign-in as waiting for its second step: the cookie a browser brings back with the code. */
export function awaitSecondStep(reply: FastifyReply, token: string): void {
  setStepCookie(reply, SECOND_STEP_COOKIE, token);
}

const deps = <A extends Audience>({ app, request }: Call<A>) => ({
  db: app.database.db as Db,
  box: app.secondStepBox,
  now: app.clock(),
  log: securityLog(request),
  publicUrl: app.config.publicUrl,
});
const deliver = <A extends Audience>({ app }: Call<A>) => void app.mail.deliverDue();

/** Every code typed (the sign-in's second step, an app's first code) counts against the account's limit. */
const limitCodes = (request: FastifyRequest, reply: FastifyReply, userId: number) =>
  enforceLimit(request, reply, "secondStep", "account", String(userId));

/** What a completed sign-in answers: the session token (the API's), the user record and the account's home. */
async function signedIn(db: Db, userId: number, sessionToken: string) {
  const [user] = await db.select(userRecordColumns).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError("unauthenticated", SIGN_IN_AGAIN);
  return { session_token: sessionToken, user: toUserRecord(user), home: homeOf(user.role) };
}

/**
 * The second step of a password sign-in: a code of the account's authenticator
 * app or a recovery code, for the wait its token names (the browser's cookie,
 * or an API client's `second_step_token`). Done, the session is whole.
 */
export const secondStepSignInOperation = defineOperation({
  name: "accounts.second-step",
  who: "visitor",
  input: secondStepCodeSchema,
  limit: { policy: "secondStep" },
  run: async (call, input) => {
    const { app, request, reply } = call;
    const { db, now } = deps(call);
    const token = input.second_step_token ?? request.cookies[SECOND_STEP_COOKIE] ?? "";
    const wait = await secondStepOf(db, token, now);
    if (!wait) throw new AppError("unauthenticated", SIGN_IN_AGAIN);
    await limitCodes(request, reply, wait.userId);
    const method = await checkSecondStepCode(deps(call), wait.userId, input.code);
    // Two right codes at once: one of them ends the wait.
    if (!(await endSecondStep(db, wait.id))) throw new AppError("unauthenticated", SIGN_IN_AGAIN);
    const session = await createSession({
      db,
      userId: wait.userId,
      rememberMe: wait.rememberMe,
      now,
      secondStep: true,
    });
    // The password and its second step: a real authentication, what a deletion's recent sign-in asks for.
    await markAuthenticated(db, session.id, now);
    await securityEvent(deps(call).log, SECURITY_EVENTS.secondStepPassed, { userId: wait.userId, method });
    await securityEvent(deps(call).log, SECURITY_EVENTS.loginSucceeded, {
      userId: wait.userId,
      rememberMe: wait.rememberMe,
      via: method,
    });
    setSessionCookie(reply, session.token, wait.rememberMe ? session.expiresAt : null);
    clearStepCookie(reply, SECOND_STEP_COOKIE);
    if (method === "recovery_code") deliver(call);
    return { message: plain("Login successful."), data: await signedIn(app.database.db, wait.userId, session.token) };
  },
});

/** The options of a passkey sign-in; the challenge's token goes in a cookie (and to an API client). */
export const passkeySignInOptionsOperation = defineOperation({
  name: "passkeys.sign-in-options",
  who: "visitor",
  input: z.object({}),
  limit: { policy: "passkeySignIn" },
  run: async (call) => {
    const { options, token } = await passkeySignInOptions(deps(call));
    setStepCookie(call.reply, PASSKEY_CHALLENGE_COOKIE, token);
    return { message: plain("Passkey sign-in started."), data: { options, challenge_token: token } };
  },
});

/** Signs in with a passkey: both steps at once. */
export const passkeySignInOperation = defineOperation({
  name: "passkeys.sign-in",
  who: "visitor",
  input: passkeySignInSchema,
  limit: { policy: "passkeySignIn" },
  run: async (call, input) => {
    const { request, reply } = call;
    const token = input.challenge_token ?? request.cookies[PASSKEY_CHALLENGE_COOKIE] ?? "";
    clearStepCookie(reply, PASSKEY_CHALLENGE_COOKIE);
    const session = await signInWithPasskey(deps(call), {
      token,
      response: input.response as unknown as AuthenticationResponseJSON,
      rememberMe: input.remember_me,
    });
    setSessionCookie(reply, session.token, input.remember_me ? session.expiresAt : null);
    clearStepCookie(reply, SECOND_STEP_COOKIE);
    return {
      message: plain("Login successful."),
      data: { session_token: session.token, user: toUserRecord(session.user), home: homeOf(session.role) },
    };
  },
});

/** The account's passkeys and authenticator app, as Settings shows them. */
export async function secondStepView(db: Db, userId: number) {
  return { ...(await secondStepStatus(db, userId)), passkeys: await listPasskeys(db, userId) };
}

export const startAppOperation = defineOperation({
  name: "second-step.start-app",
  who: "learner",
  input: z.object({}),
  run: async (call) => ({
    message: plain("Scan the QR code with your authenticator app, then enter the code it shows."),
    data: await startAuthenticatorApp(deps(call), { userId: call.actor.userId, email: call.actor.user.email }),
  }),
});

export const confirmAppOperation = defineOperation({
  name: "second-step.confirm-app",
  who: "learner",
  input: confirmAppSchema,
  run: async (call, input) => {
    await limitCodes(call.request, call.reply, call.actor.userId);
    const data = await confirmAuthenticatorApp(deps(call), call.actor, input.code);
    deliver(call);
    return { message: plain("The authenticator app is set up. Keep your recovery codes somewhere safe."), data };
  },
});

export const removeAppOperation = defineOperation({
  name: "second-step.remove-app",
  who: "learner",
  input: removeAppSchema,
  run: async (call, input) => {
    // The password is checked: as a sign-in is, against the account's sign-in limit.
    await enforceLimit(call.request, call.reply, "login", "account", call.actor.user.email);
    await removeAuthenticatorApp(deps(call), call.actor, input.current_password);
    deliver(call);
    return { message: plain("The authenticator app was removed."), data: null };
  },
});

export const passkeyRegistrationOptionsOperation = defineOperation({
  name: "passkeys.registration-options",
  who: "learner",
  input: z.object({}),
  limit: { policy: "passkeySignIn" },
  run: async (call) => ({
    message: plain("Passkey registration started."),
    data: await passkeyRegistrationOptions(deps(call), call.actor),
  }),
});

export const addPasskeyOperation = defineOperation({
  name: "passkeys.add",
  who: "learner",
  input: addPasskeySchema,
  run: async (call, input) => {
    const data = await addPasskey(deps(call), call.actor, {
      name: input.name,
      response: input.response as unknown as RegistrationResponseJSON,
    });
    deliver(call);
    return { message: plain("Passkey added."), data };
  },
});

export const renamePasskeyOperation = defineOperation({
  name: "passkeys.rename",
  who: "learner",
  input: renamePasskeySchema,
  run: async (call, input) => ({
    message: plain("Passkey renamed."),
    data: await renamePasskey(call.app.database.db, call.actor.userId, input.id, input.name),
  }),
});

export const removePasskeyOperation = defineOperation({
  name: "passkeys.remove",
  who: "learner",
  input: removePasskeySchema,
  run: async (call, input) => {
    await removePasskey(deps(call), call.actor.userId, input.id);
    deliver(call);
    return { message: plain("Passkey removed."), data: null };
  },
});

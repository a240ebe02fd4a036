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
import { loginResponseSchema, profileResponseSchema, userResponseSchema } from "@skillshelf/shared/api.ts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { login } from "../../accounts/login.ts";
import { FORGOT_PASSWORD_SENT, requestPasswordReset, resetPassword } from "../../accounts/password-reset.ts";
import { changePassword, updateProfile, updateSettings } from "../../accounts/profile.ts";
import { register } from "../../accounts/register.ts";
import { revokeSession } from "../../accounts/sessions.ts";
import { countCartItems } from "../../cart/cart.ts";
import { AppError } from "../../lib/app-error.ts";
import { securityLog } from "../../lib/security-events.ts";
import { clearSessionCookie, requireViewer, setSessionCookie, viewerOf } from "../viewer.ts";
import { answers, DONE, OPTIONAL_SIGN_IN, PUBLIC, SIGNED_IN } from "./openapi.ts";

const MINUTE = 60_000;

/** Per address and per account: [max requests, window]. */
export const RATE_LIMITS = {
  login: { address: [30, 15 * MINUTE], account: [10, 15 * MINUTE] },
  register: { address: [10, 60 * MINUTE], account: [5, 60 * MINUTE] },
  forgotPassword: { address: [10, 60 * MINUTE], account: [3, 15 * MINUTE] },
} as const;

type Limit = keyof typeof RATE_LIMITS;

export const TOO_MANY_REQUESTS = "Too many requests. Please try again later.";

/**
 * One limit's per-account counter, keyed by the account's e-mail, in the
 * shared store: 429 with Retry-After once it is spent.
 */
function accountLimit(
  app: FastifyInstance,
  name: Limit,
  emailOf: (request: FastifyRequest) => string | Promise<string>,
) {
  const [max, timeWindow] = RATE_LIMITS[name].account;
  const limiter = app.createRateLimit({
    max,
    timeWindow,
    keyGenerator: async (r) => `${name}:account:${await emailOf(r)}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header("retry-after", result.ttlInSeconds);
      throw new AppError("rate_limited", TOO_MANY_REQUESTS);
    }
  };
}

/**
 * The per-address limit is the route's own; the per-account one is checked
 * after the body is parsed (its key is the e-mail), in the same shared store.
 */
function limits(app: FastifyInstance, name: Limit) {
  const [addressMax, addressWindow] = RATE_LIMITS[name].address;
  return {
    config: {
      rateLimit: {
        max: addressMax,
        timeWindow: addressWindow,
        keyGenerator: (r: FastifyRequest) => `${name}:ip:${r.ip}`,
      },
    },
    preHandler: accountLimit(app, name, (r) => (r.body as { email: string }).email),
  };
}

/** Registration, sign in and out, password reset: open to visitors. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["accounts"];

  app.post(
    "/register",
    {
      schema: { summary: "Create an account", tags, body: registerSchema, ...PUBLIC, response: answers(DONE, 201) },
      ...limits(app, "register"),
    },
    async (request, reply) => {
      await register({ db: app.database.db, input: request.body, publicUrl: app.config.publicUrl, now: app.clock() });
      void app.mail.deliverDue();
      return reply.status(201).send({ status: true, message: "Registration successful. Please sign in." });
    },
  );

  app.post(
    "/login",
    {
      schema: {
        summary: "Sign in; sets the access-token cookie and returns the token",
        tags,
        body: loginSchema,
        ...PUBLIC,
        response: answers(loginResponseSchema),
      },
      ...limits(app, "login"),
    },
    async (request, reply) => {
      const { expiresAt, ...response } = await login({
        db: app.database.db,
        input: request.body,
        now: app.clock(),
        log: securityLog(request),
      });
      setSessionCookie(reply, response.session_token, request.body.remember_me ? expiresAt : null);
      return response;
    },
  );

  app.post(
    "/logout",
    { schema: { summary: "Sign out: the session is revoked", tags, ...OPTIONAL_SIGN_IN, response: answers(DONE) } },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      if (viewer) await revokeSession(app.database.db, viewer.sessionId, app.clock());
      clearSessionCookie(reply);
      return { status: true, message: "You have been signed out." };
    },
  );

  app.post(
    "/forgot-password",
    {
      schema: {
        summary: "Send a reset link (same answer whether or not the account exists)",
        tags,
        body: forgotPasswordSchema,
        ...PUBLIC,
        response: answers(DONE),
      },
      ...limits(app, "forgotPassword"),
    },
    async (request) => {
      await requestPasswordReset({
        db: app.database.db,
        input: request.body,
        publicUrl: app.config.publicUrl,
        now: app.clock(),
        log: securityLog(request),
      });
      void app.mail.deliverDue();
      return { status: true, message: FORGOT_PASSWORD_SENT };
    },
  );

  app.post(
    "/reset-password",
    {
      schema: {
        summary: "Set a new password with a reset link's token",
        tags,
        body: resetPasswordSchema,
        ...PUBLIC,
        response: answers(DONE),
      },
    },
    async (request) => {
      await resetPassword({
        db: app.database.db,
        input: request.body,
        publicUrl: app.config.publicUrl,
        now: app.clock(),
        log: securityLog(request),
      });
      void app.mail.deliverDue();
      return { status: true, message: "Your password has been reset. Please sign in with your new password." };
    },
  );
};

/** The signed-in user's own account: every route needs a session. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["account"];
  app.addHook("onRequest", requireViewer);
  const viewer = async (request: FastifyRequest) => {
    const v = await viewerOf(request);
    if (!v) throw new Error("requireViewer let a visitor through");
    return v;
  };

  app.post(
    "/get-profile",
    {
      schema: {
        summary: "The user record and the cart count",
        tags,
        ...SIGNED_IN,
        response: answers(profileResponseSchema),
      },
    },
    async (request) => {
      const v = await viewer(request);
      return {
        status: true,
        message: "Profile fetched successfully",
        data: v.user,
        cart_count: await countCartItems(app.database.db, v.userId),
      };
    },
  );

  // Checking the current password to change the e-mail counts against the
  // account's sign-in limit: a stolen session is no faster a password oracle
  // than the login form.
  const passwordGuesses = accountLimit(app, "login", async (r) => (await viewer(r)).user.email);

  app.post(
    "/update-profile",
    {
      schema: {
        summary: "Change name, email, phone and bio; a new email needs current_password",
        tags,
        body: profileSchema,
        ...SIGNED_IN,
        response: answers(userResponseSchema),
      },
    },
    async (request, reply) => {
      const v = await viewer(request);
      if (changesEmail(v.user.email, request.body.email) && request.body.current_password) {
        await passwordGuesses(request, reply);
      }
      const data = await updateProfile({
        db: app.database.db,
        userId: v.userId,
        input: request.body,
        publicUrl: app.config.publicUrl,
        now: app.clock(),
        log: securityLog(request),
      });
      void app.mail.deliverDue();
      return { status: true, message: "Profile updated successfully.", data };
    },
  );

  app.post(
    "/change-password",
    {
      schema: {
        summary: "Change the password (needs the old one); signs out other sessions",
        tags,
        body: changePasswordSchema,
        ...SIGNED_IN,
        response: answers(DONE),
      },
    },
    async (request) => {
      const v = await viewer(request);
      await changePassword({
        db: app.database.db,
        userId: v.userId,
        sessionId: v.sessionId,
        input: request.body,
        publicUrl: app.config.publicUrl,
        now: app.clock(),
        log: securityLog(request),
      });
      void app.mail.deliverDue();
      return { status: true, message: "Password changed successfully." };
    },
  );

  app.post(
    "/setting",
    {
      schema: {
        summary: "Change display name, time zone, language and notifications",
        tags,
        body: settingsSchema,
        ...SIGNED_IN,
        response: answers(userResponseSchema),
      },
    },
    async (request) => {
      const v = await viewer(request);
      const data = await updateSettings({
        db: app.database.db,
        userId: v.userId,
        input: request.body,
        now: app.clock(),
      });
      return { status: true, message: "Settings saved successfully.", data };
    },
  );
};

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
import { loginResponseSchema, profileResponseSchema, userResponseSchema } from "@skillshelf/shared/api.ts";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { login } from "../../accounts/login.ts";
import { FORGOT_PASSWORD_SENT, requestPasswordReset, resetPassword } from "../../accounts/password-reset.ts";
import { changePassword, updateProfile, updateSettings } from "../../accounts/profile.ts";
import { register } from "../../accounts/register.ts";
import { revokeSession, type SessionViewer } from "../../accounts/sessions.ts";
import { countCartItems } from "../../cart/cart.ts";
import type { Db } from "../../db/client.ts";
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

/** A step that logs a security event and queues a mail: run it, then deliver the mail in the background. */
async function mailingStep(
  request: FastifyRequest,
  run: (options: { db: Db; publicUrl: string; now: Date; log: FastifyBaseLogger }) => Promise<unknown>,
  message: string,
): Promise<string> {
  const app = request.server;
  await run({ db: app.database.db, publicUrl: app.config.publicUrl, now: app.clock(), log: securityLog(request) });
  void app.mail.deliverDue();
  return message;
}

/**
 * What a visitor's account request does once its body is valid: the JSON API
 * and the pages' form actions (routes/page-actions.ts) both call these, so a
 * form post and an API call register, sign in and reset alike.
 */
export const visitorAccountSteps = {
  async register(request: FastifyRequest, input: z.output<typeof registerSchema>): Promise<string> {
    const app = request.server;
    await register({ db: app.database.db, input, publicUrl: app.config.publicUrl, now: app.clock() });
    void app.mail.deliverDue();
    return ACCOUNT_MESSAGES.registered;
  },

  /** Signs in and sets the access-token cookie on the reply. */
  async login(request: FastifyRequest, reply: FastifyReply, input: z.output<typeof loginSchema>) {
    const app = request.server;
    const { expiresAt, ...response } = await login({
      db: app.database.db,
      input,
      now: app.clock(),
      log: securityLog(request),
    });
    setSessionCookie(reply, response.session_token, input.remember_me ? expiresAt : null);
    return response;
  },

  forgotPassword: (request: FastifyRequest, input: z.output<typeof forgotPasswordSchema>) =>
    mailingStep(request, (options) => requestPasswordReset({ ...options, input }), FORGOT_PASSWORD_SENT),

  resetPassword: (request: FastifyRequest, input: z.output<typeof resetPasswordSchema>) =>
    mailingStep(request, (options) => resetPassword({ ...options, input }), ACCOUNT_MESSAGES.passwordReset),
};

/**
 * Both limits of a form posted to a page: the page server has no route
 * config, so it counts under the same keys as the API routes (one counter
 * whichever way the form arrives).
 */
export function formRateLimits(app: FastifyInstance) {
  const guard = (name: Limit) => {
    const [max, timeWindow] = RATE_LIMITS[name].address;
    const limiter = app.createRateLimit({ max, timeWindow, keyGenerator: (r) => `${name}:ip:${r.ip}` });
    const emailOf = new WeakMap<FastifyRequest, string>();
    const account = accountLimit(app, name, (r) => emailOf.get(r) ?? "");
    return async (request: FastifyRequest, reply: FastifyReply, email: string) => {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header("retry-after", result.ttlInSeconds);
        throw new AppError("rate_limited", TOO_MANY_REQUESTS);
      }
      emailOf.set(request, email);
      await account(request, reply);
    };
  };
  return { login: guard("login"), register: guard("register"), forgotPassword: guard("forgotPassword") };
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
      const message = await visitorAccountSteps.register(request, request.body);
      return reply.status(201).send({ status: true, message });
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
    (request, reply) => visitorAccountSteps.login(request, reply, request.body),
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
    async (request) => ({ status: true, message: await visitorAccountSteps.forgotPassword(request, request.body) }),
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
    async (request) => ({ status: true, message: await visitorAccountSteps.resetPassword(request, request.body) }),
  );
};

/**
 * What a learner's account request does once its body is valid, for the
 * JSON API and the pages' form actions alike.
 */
export function learnerAccountSteps(app: FastifyInstance) {
  // Checking the current password to change the e-mail counts against the
  // account's sign-in limit: a stolen session is no faster a password oracle
  // than the login form.
  const emailOf = new WeakMap<FastifyRequest, string>();
  const passwordGuesses = accountLimit(app, "login", (r) => emailOf.get(r) ?? "");
  return {
    async updateProfile(
      request: FastifyRequest,
      reply: FastifyReply,
      v: SessionViewer,
      input: z.output<typeof profileSchema>,
    ) {
      if (changesEmail(v.user.email, input.email) && input.current_password) {
        emailOf.set(request, v.user.email);
        await passwordGuesses(request, reply);
      }
      const data = await updateProfile({
        db: app.database.db,
        userId: v.userId,
        input,
        publicUrl: app.config.publicUrl,
        now: app.clock(),
        log: securityLog(request),
      });
      void app.mail.deliverDue();
      return { message: PROFILE_MESSAGES.profile, data };
    },

    async changePassword(request: FastifyRequest, v: SessionViewer, input: z.output<typeof changePasswordSchema>) {
      await changePassword({
        db: app.database.db,
        userId: v.userId,
        sessionId: v.sessionId,
        input,
        publicUrl: app.config.publicUrl,
        now: app.clock(),
        log: securityLog(request),
      });
      void app.mail.deliverDue();
      return { message: PROFILE_MESSAGES.password, data: null };
    },

    async saveSettings(v: SessionViewer, input: z.output<typeof settingsSchema>) {
      const data = await updateSettings({ db: app.database.db, userId: v.userId, input, now: app.clock() });
      return { message: PROFILE_MESSAGES.settings, data };
    },
  };
}

export const PROFILE_MESSAGES = {
  profile: "Profile updated successfully.",
  password: "Password changed successfully.",
  settings: "Settings saved successfully.",
} as const;

/** The signed-in user's own account: every route needs a session. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["account"];
  app.addHook("onRequest", requireViewer);
  const viewer = async (request: FastifyRequest) => {
    const v = await viewerOf(request);
    if (!v) throw new Error("requireViewer let a visitor through");
    return v;
  };
  const steps = learnerAccountSteps(app);

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
    async (request, reply) => ({
      status: true,
      ...(await steps.updateProfile(request, reply, await viewer(request), request.body)),
    }),
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
      const { message } = await steps.changePassword(request, await viewer(request), request.body);
      return { status: true, message };
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
    async (request) => ({ status: true, ...(await steps.saveSettings(await viewer(request), request.body)) }),
  );
};

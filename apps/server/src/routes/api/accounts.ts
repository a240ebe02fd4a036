import {
  loginResponseSchema,
  profileResponseSchema,
  secondStepAskedSchema,
  userResponseSchema,
} from "@skillshelf/shared/api.ts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { countCartItems } from "../../cart/cart.ts";
import {
  changePasswordOperation,
  forgotPasswordOperation,
  loginOperation,
  logoutOperation,
  registerOperation,
  resetPasswordOperation,
  saveSettingsOperation,
  updateProfileOperation,
} from "../../operations/accounts.ts";
import { apiRoute } from "../../operations/api-route.ts";
import { actorOf, admit } from "../../operations/guard.ts";
import { answers, DONE, OPTIONAL_SIGN_IN, SIGNED_IN } from "./openapi.ts";

/** Registration, sign in and out, password reset: open to visitors. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["accounts"];

  apiRoute(app, registerOperation, {
    method: "POST",
    url: "/register",
    schema: {
      summary: "Create an account",
      description:
        "The account's language setting (and so its welcome mail's language) is the request's, as a page's: ?lang=, else the lang cookie, else Accept-Language (en, es or fr); English by default.",
      tags,
      response: answers(DONE, 201),
    },
    status: 201,
  });

  apiRoute(app, loginOperation, {
    method: "POST",
    url: "/login",
    schema: {
      summary: "Sign in; sets the access-token cookie and returns the token",
      description:
        "An account with a second step (a passkey or an authenticator app) is not signed in yet: the answer has second_step_required and a second_step_token for POST /api/login/second-step.",
      tags,
      response: answers(z.union([loginResponseSchema, secondStepAskedSchema])),
    },
    answer: ({ data }) =>
      "second_step" in data
        ? { second_step_required: true, second_step_token: data.second_step_token }
        : { session_token: data.session_token, data: data.user },
  });

  apiRoute(app, logoutOperation, {
    method: "POST",
    url: "/logout",
    schema: {
      summary: "Sign out: the session is revoked",
      tags,
      body: null,
      ...OPTIONAL_SIGN_IN,
      response: answers(DONE),
    },
    input: () => ({}),
  });

  apiRoute(app, forgotPasswordOperation, {
    method: "POST",
    url: "/forgot-password",
    schema: {
      summary: "Send a reset link (same answer whether or not the account exists)",
      tags,
      response: answers(DONE),
    },
  });

  apiRoute(app, resetPasswordOperation, {
    method: "POST",
    url: "/reset-password",
    schema: { summary: "Set a new password with a reset link's token", tags, response: answers(DONE) },
  });
};

/** The signed-in user's own account: every route needs a session. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["account"];
  app.addHook("onRequest", admit("learner"));

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
    async (request: FastifyRequest) => {
      const viewer = await actorOf("learner", request);
      return {
        status: true,
        message: "Profile fetched successfully",
        data: viewer.user,
        cart_count: await countCartItems(app.database.db, viewer.userId),
      };
    },
  );

  apiRoute(app, updateProfileOperation, {
    method: "POST",
    url: "/update-profile",
    schema: {
      summary: "Change name, email, phone and bio; a new email needs current_password",
      tags,
      response: answers(userResponseSchema),
    },
  });

  apiRoute(app, changePasswordOperation, {
    method: "POST",
    url: "/change-password",
    schema: {
      summary: "Change the password (needs the old one); signs out other sessions",
      tags,
      response: answers(DONE),
    },
  });

  apiRoute(app, saveSettingsOperation, {
    method: "POST",
    url: "/setting",
    schema: {
      summary: "Change display name, time zone, language and notifications",
      tags,
      response: answers(userResponseSchema),
    },
  });
};

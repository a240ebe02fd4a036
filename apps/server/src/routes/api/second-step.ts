import { loginResponseSchema, okEnvelope } from "@skillshelf/shared/api.ts";
import {
  authenticatorSetupSchema,
  passkeyRowSchema,
  renamePasskeySchema,
  secondStepStatusSchema,
} from "@skillshelf/shared/second-step-forms.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiRoute } from "../../operations/api-route.ts";
import { actorOf } from "../../operations/guard.ts";
import {
  addPasskeyOperation,
  confirmAppOperation,
  passkeyRegistrationOptionsOperation,
  passkeySignInOperation,
  passkeySignInOptionsOperation,
  removeAppOperation,
  removePasskeyOperation,
  renamePasskeyOperation,
  secondStepSignInOperation,
  secondStepView,
  startAppOperation,
} from "../../operations/second-step.ts";
import { answers, DONE, SIGNED_IN } from "./openapi.ts";

/** WebAuthn's options as the browser library takes them (@simplewebauthn/browser's optionsJSON). */
const webauthnOptions = z.looseObject({ challenge: z.string() }).describe("PublicKeyCredential options, JSON");
const passkeyIdParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * Passkeys and the second step (docs/decisions/0054): signing in with a passkey
 * or finishing a password sign-in with a code (visitors), and the signed-in
 * account's passkeys and authenticator app.
 */
export const secondStepRoutes: FastifyPluginAsyncZod = async (app) => {
  const signIn = ["accounts"];
  const tags = ["second step"];

  apiRoute(app, secondStepSignInOperation, {
    method: "POST",
    url: "/login/second-step",
    schema: {
      summary: "Finish a password sign-in with a code of the authenticator app or a recovery code",
      description:
        "After POST /api/login answered second_step_required: send its second_step_token (a browser's cookie does too) and the code. Sets the access-token cookie and returns the token, as POST /api/login does.",
      tags: signIn,
      response: answers(loginResponseSchema),
    },
    answer: ({ data }) => ({ session_token: data.session_token, data: data.user }),
  });

  apiRoute(app, passkeySignInOptionsOperation, {
    method: "POST",
    url: "/passkeys/sign-in/options",
    schema: {
      summary: "Start a passkey sign-in: the WebAuthn options",
      description:
        "The challenge is kept for ten minutes and one use, under the token this answers (and sets as a cookie): send it back to POST /api/passkeys/sign-in.",
      tags: signIn,
      body: null,
      response: answers(okEnvelope({ data: z.object({ options: webauthnOptions, challenge_token: z.string() }) })),
    },
    input: () => ({}),
  });

  apiRoute(app, passkeySignInOperation, {
    method: "POST",
    url: "/passkeys/sign-in",
    schema: {
      summary: "Sign in with a passkey (both steps at once); sets the access-token cookie and returns the token",
      tags: signIn,
      response: answers(loginResponseSchema),
    },
    answer: ({ data }) => ({ session_token: data.session_token, data: data.user }),
  });

  app.get(
    "/second-step",
    {
      schema: {
        summary: "The account's passkeys and authenticator app",
        tags,
        ...SIGNED_IN,
        response: answers(okEnvelope({ data: secondStepStatusSchema })),
      },
    },
    async (request) => {
      const viewer = await actorOf("learner", request);
      return { status: true, message: "OK", data: await secondStepView(app.database.db, viewer.userId) };
    },
  );

  apiRoute(app, startAppOperation, {
    method: "POST",
    url: "/second-step/app",
    schema: {
      summary: "Start setting up an authenticator app: its secret, otpauth:// URI and QR code",
      description:
        "The secret is answered while the setup waits for its first code (POST /api/second-step/app/confirm), never after.",
      tags,
      body: null,
      response: answers(okEnvelope({ data: authenticatorSetupSchema })),
    },
    input: () => ({}),
  });

  apiRoute(app, confirmAppOperation, {
    method: "POST",
    url: "/second-step/app/confirm",
    schema: {
      summary: "Turn the authenticator app on with its first code; answers the recovery codes, once",
      tags,
      response: answers(okEnvelope({ data: z.object({ recovery_codes: z.array(z.string()) }) })),
    },
  });

  apiRoute(app, removeAppOperation, {
    method: "POST",
    url: "/second-step/app/remove",
    schema: { summary: "Turn the authenticator app off (the password confirms it)", tags, response: answers(DONE) },
  });

  apiRoute(app, passkeyRegistrationOptionsOperation, {
    method: "POST",
    url: "/passkeys/registration/options",
    schema: {
      summary: "Start adding a passkey: the WebAuthn options (a discoverable credential)",
      tags,
      body: null,
      response: answers(okEnvelope({ data: webauthnOptions })),
    },
    input: () => ({}),
  });

  apiRoute(app, addPasskeyOperation, {
    method: "POST",
    url: "/passkeys",
    schema: {
      summary: "Add the passkey the browser made, with a name",
      tags,
      response: answers(okEnvelope({ data: passkeyRowSchema }), 201),
    },
    status: 201,
  });

  apiRoute(app, renamePasskeyOperation, {
    method: "PATCH",
    url: "/passkeys/:id",
    schema: {
      summary: "Rename a passkey",
      tags,
      params: passkeyIdParams,
      body: renamePasskeySchema.pick({ name: true }),
      response: answers(okEnvelope({ data: passkeyRowSchema })),
    },
    input: ({ params, body }) => ({ id: params.id, name: body.name }),
  });

  apiRoute(app, removePasskeyOperation, {
    method: "DELETE",
    url: "/passkeys/:id",
    schema: { summary: "Remove a passkey", tags, params: passkeyIdParams, body: null, response: answers(DONE) },
    input: ({ params }) => ({ id: params.id }),
  });
};

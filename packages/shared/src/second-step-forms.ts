import { z } from "./zod.ts";

/**
 * The forms of passkeys and the second step (docs/decisions/0054): checked in
 * the browser with JavaScript, and by the store whatever came.
 */

const CODE_REQUIRED = "Enter the code from your authenticator app or a recovery code.";
const APP_CODE = "Enter the 6-digit code from your authenticator app.";

/** A password sign-in's second step: a code of the app (6 digits) or a recovery code; the API sends its token too. */
export const secondStepCodeSchema = z.object({
  code: z.string({ error: CODE_REQUIRED }).trim().min(1, CODE_REQUIRED).max(40, CODE_REQUIRED),
  second_step_token: z.string().max(100).optional(),
});

/** The first code of an authenticator app being set up. */
export const confirmAppSchema = z.object({
  code: z
    .string({ error: APP_CODE })
    .transform((code) => code.replace(/\s/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, APP_CODE)),
});

/** Turning the app off: the password confirms it. */
export const removeAppSchema = z.object({
  current_password: z
    .string({ error: "Current password is required" })
    .min(1, "Current password is required")
    .max(128, "Current password is required"),
});

const passkeyName = z
  .string({ error: "Name the passkey" })
  .trim()
  .min(1, "Name the passkey")
  .max(60, "A passkey's name must be at most 60 characters");

const passkeyId = z.coerce.number().int().positive();

export const renamePasskeySchema = z.object({ id: passkeyId, name: passkeyName });
export const removePasskeySchema = z.object({ id: passkeyId });

/** A browser's WebAuthn answer (@simplewebauthn/browser's JSON), checked in full by the store's library. */
const credentialAnswer = z.looseObject({
  id: z.string().min(1).max(1400),
  rawId: z.string().min(1).max(1400),
  type: z.literal("public-key"),
  response: z.looseObject({ clientDataJSON: z.string().max(10_000) }),
  clientExtensionResults: z.looseObject({}).default({}),
});

export const addPasskeySchema = z.object({
  name: passkeyName,
  response: credentialAnswer.extend({
    response: z.looseObject({
      clientDataJSON: z.string().max(10_000),
      attestationObject: z.string().max(20_000),
      transports: z.array(z.string().max(20)).max(10).optional(),
    }),
  }),
});

export const passkeySignInSchema = z.object({
  response: credentialAnswer.extend({
    response: z.looseObject({
      clientDataJSON: z.string().max(10_000),
      authenticatorData: z.string().max(10_000),
      // Up to an ML-DSA-87 signature (4,627 bytes): authenticators and servers on newer runtimes offer post-quantum keys.
      signature: z.string().max(10_000),
      userHandle: z.string().max(200).optional(),
    }),
  }),
  remember_me: z.boolean().default(false),
  /** The API client's challenge token (a browser's is its cookie). */
  challenge_token: z.string().max(100).optional(),
});

/** What Settings shows of the account's passkeys. */
export const passkeyRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type PasskeyRow = z.infer<typeof passkeyRowSchema>;

export const secondStepStatusSchema = z.object({
  app: z.enum(["off", "pending", "on"]),
  recovery_codes_left: z.number(),
  passkeys: z.array(passkeyRowSchema),
});
export type SecondStepView = z.infer<typeof secondStepStatusSchema>;

export const authenticatorSetupSchema = z.object({
  secret: z.string().describe("base32, to type in by hand"),
  uri: z.string().describe("the otpauth:// URI the QR code holds"),
  qr_svg: z.string().describe("the QR code as an SVG document"),
});
export type AuthenticatorSetupView = z.infer<typeof authenticatorSetupSchema>;

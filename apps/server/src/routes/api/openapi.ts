import type { Readable } from "node:stream";
import { envelopeSchema, errorEnvelopeSchema } from "@skillshelf/shared/api.ts";
import { z } from "zod";

/**
 * What every /api operation declares besides its request: its answers (from
 * the shared zod schemas) and who may call it. `npm test` fails when an
 * operation lacks either (apps/server/test/api-schemas.test.ts).
 */

/** The OpenAPI security schemes: the session token as a bearer token, or the browser's cookie. */
export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: "http",
    scheme: "bearer",
    description: "The session_token from POST /api/login, as Authorization: Bearer <token>",
  },
  cookieAuth: {
    type: "apiKey",
    in: "cookie",
    name: "access-token",
    description: "The HttpOnly cookie POST /api/login sets for the browser",
  },
} as const;

/** An operation anyone may call. */
export const PUBLIC: { security: Record<string, string[]>[] } = { security: [] };
/** An operation for a signed-in user (admin operations also check the role): either scheme works. */
export const SIGNED_IN: { security: Record<string, string[]>[] } = {
  security: [{ bearerAuth: [] }, { cookieAuth: [] }],
};

/** Open to anyone; a signed-in caller gets their own answer (what they own unlocked, their session ended). */
export const OPTIONAL_SIGN_IN: { security: Record<string, string[]>[] } = {
  security: [{}, { bearerAuth: [] }, { cookieAuth: [] }],
};

/** The error envelope, for every 4xx and 5xx answer (CONTRACT.md section 2). */
export const ERRORS = { "4xx": errorEnvelopeSchema, "5xx": errorEnvelopeSchema } as const;

/** A plain success: `{ status: true, message }`. */
export const DONE = envelopeSchema;

/** `ok` as the success answer (200, or `status`), with the error envelope for the rest. */
export function answers<Ok extends z.ZodType>(ok: Ok): { 200: Ok } & typeof ERRORS;
export function answers<Ok extends z.ZodType, Status extends number>(
  ok: Ok,
  status: Status,
): Record<Status, Ok> & typeof ERRORS;
export function answers(ok: z.ZodType, status = 200) {
  return { [status]: ok, ...ERRORS };
}

/** A 303 redirect of the browser (no body), with the error envelope for the rest. */
export function redirects(description: string) {
  return { 303: z.null().describe(description), ...ERRORS };
}

/**
 * Bytes of a file or an export, not JSON: documented as a binary string; the
 * handler sends a stream or buffer, which no serializer sees.
 */
const binary = z.string().meta({ format: "binary" }) as unknown as z.ZodType<string | Buffer | Readable>;

/** A page of HTML (the unsubscribe links' pages), not JSON. */
export function htmlPage(description: string) {
  return { description, content: { "text/html": { schema: z.string() } } };
}

/** Bytes of a file or an export, not JSON. */
export function bytes(description: string, contentType = "application/octet-stream") {
  return {
    200: { description, content: { [contentType]: { schema: binary } } },
    ...ERRORS,
  };
}

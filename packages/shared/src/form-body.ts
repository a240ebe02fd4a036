import type { FastifyInstance } from "fastify";

const FORM = "application/x-www-form-urlencoded";

/**
 * Lets a Fastify app or encapsulated plugin read HTML form posts: the store's PayU
 * POST-back, the emulators' buttons, PayU's payment form and PayPal's token request.
 * The store's page server registers its own parser yielding a Buffer, but only after
 * the API plugins exist, so they do not inherit it; if some day they do, formFields
 * reads that Buffer just the same. Server-side only.
 */
export function acceptFormBodies(app: FastifyInstance): void {
  if (app.hasContentTypeParser(FORM)) return;
  app.addContentTypeParser(FORM, { parseAs: "string", bodyLimit: 64 * 1024 }, (_request, body, done) =>
    done(null, formFields(body)),
  );
}

/** A form post's fields, whichever parser read it; a repeated name keeps its last value. */
export function formFields(body: unknown): Record<string, string> {
  if (Buffer.isBuffer(body) || typeof body === "string") {
    return Object.fromEntries(new URLSearchParams(body.toString()));
  }
  if (body && typeof body === "object") {
    return Object.fromEntries(
      Object.entries(body).flatMap(([name, value]) => (typeof value === "string" ? [[name, value]] : [])),
    );
  }
  return {};
}

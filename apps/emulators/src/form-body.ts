import type { FastifyInstance } from "fastify";

const FORM = "application/x-www-form-urlencoded";

/** Lets an emulator read HTML form posts (its buttons, PayU's payment form, PayPal's token request). */
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

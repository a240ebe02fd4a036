import { english } from "@skillshelf/shared/i18n/message.ts";
import { valuedMessage } from "@skillshelf/shared/i18n/valued-messages.ts";
import type { FastifyRequest } from "fastify";
import { AppError } from "../lib/app-error.ts";
import { findUnsafeText } from "../lib/unsafe-text.ts";

const unsafeText = (field: string) => valuedMessage("unsafeText", { field });
/** The refusal of unsafe text in `field`, in English, as the JSON API answers it. */
export const unsafeTextMessage = (field: string) => english(unsafeText(field));

/**
 * One input layer for every route: a NUL or a lone surrogate anywhere in the
 * path parameters, the query or a parsed body (JSON, form, or a text body
 * kept for the route's own parser) is refused with 422 before validation and
 * before any handler can send it to the database or a payment provider.
 * Fields are named as schema errors name them (`email`, `line_items.0.name`);
 * an unsafe key, or a body that is itself the unsafe string, is named after
 * the part. Headers need no check: Node's HTTP parser already refuses a NUL in
 * them, and it reads them as latin1, which has no surrogates.
 */
export async function refuseUnsafeText(request: FastifyRequest): Promise<void> {
  const parts = [
    ["params", request.params],
    ["query", request.query],
    ["body", request.body],
  ] as const;
  for (const [part, value] of parts) {
    const path = findUnsafeText(value);
    if (!path) continue;
    const field = path.join(".") || part;
    const message = unsafeText(field);
    throw new AppError("invalid", message, { [field]: message });
  }
}

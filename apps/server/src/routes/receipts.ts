import { rowId } from "@skillshelf/shared/ids.ts";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../operations/guard.ts";
import { creditNoteOrder, documentOf, type OrderDocument, readReceiptOrder, renderReceipt } from "../orders/receipt.ts";
import { bytes, SIGNED_IN } from "./api/openapi.ts";
import { viewerOf } from "./viewer.ts";

/**
 * An order's documents as PDFs, for the learner who placed it (the session's viewer, as for
 * media): its invoice (a receipt for an order placed before invoices), and the credit note of
 * its refund. Another learner's order, or a credit note the order does not have, is 404. The
 * API paths answer a visitor 401; the page paths that mails link to send them to sign in and
 * back to the order's details, where the documents are one click away.
 */
export const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  const params = z.object({ id: rowId() });
  const creditNoteParams = params.extend({ number: z.string().max(40) });

  const send = async (
    reply: FastifyReply,
    ids: { orderId: number; userId: number },
    document: OrderDocument,
    number?: string,
  ) => {
    const read = await readReceiptOrder(app.database.db, ids.userId, ids.orderId);
    // A credit note is one of the order's refunds: the whole order's, or one of its unclaimed seats'.
    const order = document === "credit_note" ? creditNoteOrder(read, number ?? "") : read;
    const shown = documentOf(order, document);
    const pdf = await renderReceipt({ ...app.config.store, vatNumber: app.config.tax.vatNumber }, order, document);
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `attachment; filename="${shown.file}"`)
      .header("cache-control", "private, no-store")
      .send(Buffer.from(pdf));
  };

  const invoice = {
    summary: "One of the learner's orders as a PDF invoice",
    description:
      "application/pdf: the store's name and address, the invoice number, order number, date, buyer, lines, subtotal, discount, total, payment method and transaction id; an order placed before invoices has a receipt instead. 401 without a session, 404 for an order that is not the learner's.",
    tags: ["orders"],
    params,
    ...SIGNED_IN,
    response: bytes("The invoice", "application/pdf"),
  };
  for (const path of ["/api/orders/:id/invoice", "/api/orders/:id/receipt"]) {
    app.get(path, { compress: false, schema: invoice }, async (request, reply) => {
      const viewer = await actorOf("learner", request);
      return send(reply, { orderId: request.params.id, userId: viewer.userId }, "invoice");
    });
  }

  app.get(
    "/api/orders/:id/credit-notes/:number",
    {
      compress: false,
      schema: {
        summary: "The credit note of a refunded order, as a PDF",
        description:
          "application/pdf: the credit note's number, the invoice it refers to, the refund's date, the lines and the total refunded. 401 without a session, 404 for an order that is not the learner's or a number that is not its credit note's.",
        tags: ["orders"],
        params: creditNoteParams,
        ...SIGNED_IN,
        response: bytes("The credit note", "application/pdf"),
      },
    },
    async (request, reply) => {
      const viewer = await actorOf("learner", request);
      const ids = { orderId: request.params.id, userId: viewer.userId };
      return send(reply, ids, "credit_note", request.params.number);
    },
  );

  /** The page paths mails and the order's page link to: a visitor signs in first, then comes back to the order. */
  const pagePath = (path: string, schema: z.ZodType, document: OrderDocument) =>
    app.get(path, { compress: false, schema: { hide: true, params: schema } }, async (request, reply) => {
      const { id, number } = request.params as { id: number; number?: string };
      const viewer = await viewerOf(request);
      if (!viewer) return reply.redirect(`/login?redirectTo=${encodeURIComponent(`/order-details/${id}`)}`);
      return send(reply, { orderId: id, userId: viewer.userId }, document, number);
    });
  pagePath("/order-details/:id/receipt", params, "invoice");
  pagePath("/order-details/:id/invoice", params, "invoice");
  pagePath("/order-details/:id/credit-notes/:number", creditNoteParams, "credit_note");
};

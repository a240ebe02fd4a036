import { rowId } from "@skillshelf/shared/ids.ts";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../operations/guard.ts";
import { readReceiptOrder, renderReceipt } from "../orders/receipt.ts";
import { bytes, SIGNED_IN } from "./api/openapi.ts";
import { viewerOf } from "./viewer.ts";

/**
 * An order's PDF receipt, for the learner who placed it (the session's
 * viewer, as for media): another learner's order is 404. The API path answers
 * a visitor 401; the page path that mails link to sends them to sign in and
 * back to the order's details, where the receipt is one click away.
 */
export const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  const params = z.object({ id: rowId() });

  const send = async (reply: FastifyReply, orderId: number, userId: number) => {
    const order = await readReceiptOrder(app.database.db, userId, orderId);
    const pdf = await renderReceipt(app.config.store, order);
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `attachment; filename="receipt-${order.orderNumber}.pdf"`)
      .header("cache-control", "private, no-store")
      .send(Buffer.from(pdf));
  };

  app.get(
    "/api/orders/:id/receipt",
    {
      compress: false,
      schema: {
        summary: "One of the learner's orders as a PDF receipt",
        description:
          "application/pdf: the store's name and address, order number, date, lines, subtotal, discount, total, payment method and transaction id. 401 without a session, 404 for an order that is not the learner's.",
        tags: ["orders"],
        params,
        ...SIGNED_IN,
        response: bytes("The receipt", "application/pdf"),
      },
    },
    async (request, reply) => {
      const viewer = await actorOf("learner", request);
      return send(reply, request.params.id, viewer.userId);
    },
  );

  app.get("/order-details/:id/receipt", { compress: false, schema: { hide: true, params } }, async (request, reply) => {
    const viewer = await viewerOf(request);
    if (!viewer) {
      const back = `/order-details/${request.params.id}`;
      return reply.redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
    }
    return send(reply, request.params.id, viewer.userId);
  });
};

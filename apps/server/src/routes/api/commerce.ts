import {
  cartItemSchema,
  cartResponseSchema,
  okEnvelope,
  orderDetailSchema,
  orderRowSchema,
  ownedItemSchema,
} from "@skillshelf/shared/api.ts";
import { addToCartSchema, removeFromCartSchema } from "@skillshelf/shared/cart-forms.ts";
import { MONEY_BACK_DAYS } from "@skillshelf/shared/constants.ts";
import { COUPON_MESSAGES, couponCodeSchema } from "@skillshelf/shared/coupons.ts";
import { rowId } from "@skillshelf/shared/ids.ts";
import { type PageRequest, pageQuery, pageResponse } from "@skillshelf/shared/paging.ts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { addToCart, getCart, removeFromCart } from "../../cart/cart.ts";
import { applyCoupon, removeCoupon } from "../../cart/cart-coupon.ts";
import { securityLog } from "../../lib/security-events.ts";
import { getOrder, listItems, listOrders } from "../../orders/read-orders.ts";
import { refundOrder } from "../../orders/refund-order.ts";
import { requireViewer, viewerOf } from "../viewer.ts";
import { answers, DONE, SIGNED_IN } from "./openapi.ts";

/** The answer to a learner's own refund, from the API and the order's page. */
export const LEARNER_REFUNDED = "Your order is refunded and its access removed.";

export const CART_MESSAGES = { added: "Added to your cart.", removed: "Removed from your cart." } as const;

/** The signed-in learner's cart, orders and items. */
export const commerceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", requireViewer);
  const userId = async (request: FastifyRequest) => {
    const viewer = await viewerOf(request);
    if (!viewer) throw new Error("requireViewer let a visitor through");
    return viewer.userId;
  };
  const { db } = app.database;
  const currency = app.config.storeCurrency;

  app.get(
    "/cart/get",
    {
      schema: {
        summary: "The cart at today's prices",
        tags: ["cart"],
        ...SIGNED_IN,
        response: answers(cartResponseSchema),
      },
    },
    async (request) => getCart(db, await userId(request), currency, app.clock()),
  );

  app.post(
    "/cart/coupon",
    {
      schema: {
        summary: "Keep a coupon code with the cart; checkout then takes its discount off",
        description:
          "422 with `errors.code` when the code is unknown, expired, used up (in all or by this learner), takes nothing off this cart, or would make it free. Answers the cart as checkout now charges it.",
        tags: ["cart"],
        body: couponCodeSchema,
        ...SIGNED_IN,
        response: answers(cartResponseSchema),
      },
    },
    async (request) => {
      const learner = await userId(request);
      await applyCoupon({
        db,
        userId: learner,
        code: request.body.code,
        currency: app.config.storeCurrency,
        now: app.clock(),
      });
      return { ...(await getCart(db, learner, currency, app.clock())), message: COUPON_MESSAGES.applied };
    },
  );

  app.post(
    "/cart/coupon/delete",
    {
      schema: {
        summary: "Remove the cart's coupon code",
        tags: ["cart"],
        ...SIGNED_IN,
        response: answers(cartResponseSchema),
      },
    },
    async (request) => {
      const learner = await userId(request);
      await removeCoupon(db, learner);
      return { ...(await getCart(db, learner, currency, app.clock())), message: COUPON_MESSAGES.removed };
    },
  );

  app.post(
    "/cart/add",
    {
      schema: {
        summary: "Add a whole sub-category (group_id null) or one of its groups",
        tags: ["cart"],
        body: addToCartSchema,
        ...SIGNED_IN,
        response: answers(okEnvelope({ data: cartItemSchema.describe("the line added") }), 201),
      },
    },
    async (request, reply) => {
      const data = await addToCart({
        db,
        userId: await userId(request),
        subCategoryId: request.body.sub_category_id,
        groupId: request.body.group_id ?? null,
        currency,
      });
      return reply.status(201).send({ status: true, message: CART_MESSAGES.added, data });
    },
  );

  app.post(
    "/cart/delete",
    {
      schema: {
        summary: "Remove a line from the cart",
        tags: ["cart"],
        body: removeFromCartSchema,
        ...SIGNED_IN,
        response: answers(DONE),
      },
    },
    async (request) => {
      await removeFromCart(db, await userId(request), request.body.delete_id);
      return { status: true, message: CART_MESSAGES.removed };
    },
  );

  const page = async (request: FastifyRequest, query: PageRequest) => ({
    cursors: app.cursors,
    userId: await userId(request),
    page: query,
  });

  app.get(
    "/get-orders",
    {
      schema: {
        summary: "The learner's orders, newest first, a page at a time",
        tags: ["orders"],
        querystring: pageQuery,
        ...SIGNED_IN,
        response: answers(pageResponse(orderRowSchema)),
      },
    },
    async (request) => ({
      status: true,
      message: "Orders fetched successfully",
      data: await listOrders(db, await page(request, request.query)),
    }),
  );

  app.post(
    "/order-details",
    {
      schema: {
        summary: "One of the learner's orders",
        tags: ["orders"],
        body: z.object({ detail_id: rowId("detail_id is required") }),
        ...SIGNED_IN,
        response: answers(okEnvelope({ data: orderDetailSchema })),
      },
    },
    async (request) => ({
      status: true,
      message: "Order fetched successfully",
      data: await getOrder(db, await userId(request), request.body.detail_id, app.clock()),
    }),
  );

  app.post(
    "/orders/:id/refund",
    {
      schema: {
        summary: "Refund one of the learner's orders within the money-back guarantee",
        description:
          "Refunds the whole order through the provider that took the payment, removes the access it gave and mails the learner. " +
          `409 once the ${MONEY_BACK_DAYS}-day guarantee has ended (the message names when), when the order is already refunded, or while another refund of it runs; 404 for an order that is not the learner's.`,
        tags: ["orders"],
        params: z.object({ id: rowId() }),
        ...SIGNED_IN,
        response: answers(
          okEnvelope({ data: z.object({ refund_ref: z.string().describe("the provider's id of the refund") }) }),
        ),
      },
    },
    async (request) => {
      const learner = await userId(request);
      const { refundRef } = await refundOrder(app, {
        orderId: request.params.id,
        actorId: learner,
        ownerId: learner,
        log: securityLog(request),
      });
      return {
        status: true,
        message: LEARNER_REFUNDED,
        data: { refund_ref: refundRef },
      };
    },
  );

  app.get(
    "/get-items",
    {
      schema: {
        summary: "What the learner owns, newest first, a page at a time",
        tags: ["orders"],
        querystring: pageQuery,
        ...SIGNED_IN,
        response: answers(pageResponse(ownedItemSchema)),
      },
    },
    async (request) => ({
      status: true,
      message: "Items fetched successfully",
      data: await listItems(db, await page(request, request.query)),
    }),
  );
};

import {
  cartItemSchema,
  cartResponseSchema,
  okEnvelope,
  orderDetailSchema,
  orderRowSchema,
  ownedItemSchema,
} from "@skillshelf/shared/api.ts";
import { MONEY_BACK_DAYS } from "@skillshelf/shared/constants.ts";
import { rowId } from "@skillshelf/shared/ids.ts";
import { type PageRequest, pageQuery, pageResponse } from "@skillshelf/shared/paging.ts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { getCart } from "../../cart/cart.ts";
import { saleAt } from "../../cart/pricing.ts";
import { apiRoute } from "../../operations/api-route.ts";
import {
  addToCartOperation,
  applyCouponOperation,
  removeCouponOperation,
  removeFromCartOperation,
  saveBillingOperation,
} from "../../operations/cart.ts";
import { actorOf, admit } from "../../operations/guard.ts";
import { learnerRefundOperation } from "../../operations/refunds.ts";
import { getOrder, listItems, listOrders } from "../../orders/read-orders.ts";
import { answers, DONE, SIGNED_IN } from "./openapi.ts";

/** The signed-in learner's cart, orders and items. */
export const commerceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", admit("learner"));
  const userId = async (request: FastifyRequest) => (await actorOf("learner", request)).userId;
  const { db } = app.database;

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
    async (request) => getCart(db, await userId(request), saleAt(app), request.ip),
  );

  apiRoute(app, saveBillingOperation, {
    method: "POST",
    url: "/cart/billing",
    schema: {
      summary: "Keep the learner's billing details: the cart's VAT, and the next checkout, are worked out for them",
      description:
        "Body: `billing_country` (ISO 3166-1 alpha-2), optionally `company_name` and `vat_number`. 422 with `errors.vat_number` when the number is not a VAT number, is not of the billing country, or VIES does not know it. When VIES cannot be asked, VAT is charged and the message says so. Answers the cart with its VAT (`data.tax`).",
      tags: ["cart"],
      response: answers(cartResponseSchema),
    },
  });

  apiRoute(app, applyCouponOperation, {
    method: "POST",
    url: "/cart/coupon",
    schema: {
      summary: "Keep a coupon code with the cart; checkout then takes its discount off",
      description:
        "422 with `errors.code` when the code is unknown, expired, used up (in all or by this learner), takes nothing off this cart, or would make it free. Answers the cart as checkout now charges it.",
      tags: ["cart"],
      response: answers(cartResponseSchema),
    },
  });

  apiRoute(app, removeCouponOperation, {
    method: "POST",
    url: "/cart/coupon/delete",
    schema: {
      summary: "Remove the cart's coupon code",
      tags: ["cart"],
      body: null,
      response: answers(cartResponseSchema),
    },
    input: () => ({}),
  });

  apiRoute(app, addToCartOperation, {
    method: "POST",
    url: "/cart/add",
    schema: {
      summary: "Add a whole sub-category (group_id null) or one of its groups",
      tags: ["cart"],
      response: answers(okEnvelope({ data: cartItemSchema.describe("the line added") }), 201),
    },
    status: 201,
  });

  apiRoute(app, removeFromCartOperation, {
    method: "POST",
    url: "/cart/delete",
    schema: { summary: "Remove a line from the cart", tags: ["cart"], response: answers(DONE) },
  });

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

  apiRoute(app, learnerRefundOperation, {
    method: "POST",
    url: "/orders/:id/refund",
    schema: {
      summary: "Refund one of the learner's orders within the money-back guarantee",
      description:
        "Refunds the whole order through the provider that took the payment, removes the access it gave and mails the learner. " +
        `409 once the ${MONEY_BACK_DAYS}-day guarantee has ended (the message names when), when the order is already refunded, or while another refund of it runs; 404 for an order that is not the learner's.`,
      tags: ["orders"],
      params: z.object({ id: rowId() }),
      response: answers(
        okEnvelope({ data: z.object({ refund_ref: z.string().describe("the provider's id of the refund") }) }),
      ),
    },
    input: ({ params }) => params,
  });

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

import { addToCartSchema, removeFromCartSchema } from "@skillshelf/shared/cart-forms.ts";
import { rowId } from "@skillshelf/shared/ids.ts";
import { type PageRequest, pageQuery, pageResponse } from "@skillshelf/shared/paging.ts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { addToCart, getCart, removeFromCart } from "../../cart/cart.ts";
import { getOrder, listItems, listOrders } from "../../orders/read-orders.ts";
import { requireViewer, viewerOf } from "../viewer.ts";

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

  app.get("/cart/get", { schema: { summary: "The cart at today's prices", tags: ["cart"] } }, async (request) =>
    getCart(db, await userId(request), currency),
  );

  app.post(
    "/cart/add",
    {
      schema: {
        summary: "Add a whole sub-category (group_id null) or one of its groups",
        tags: ["cart"],
        body: addToCartSchema,
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
        response: {
          200: pageResponse(
            z.looseObject({ id: z.number().int(), order_id: z.string(), created_at: z.string() }).describe("an order"),
          ),
        },
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
      },
    },
    async (request) => ({
      status: true,
      message: "Order fetched successfully",
      data: await getOrder(db, await userId(request), request.body.detail_id),
    }),
  );

  app.get(
    "/get-items",
    {
      schema: {
        summary: "What the learner owns, newest first, a page at a time",
        tags: ["orders"],
        querystring: pageQuery,
        response: { 200: pageResponse(z.looseObject({ id: z.number().int() }).describe("an owned item")) },
      },
    },
    async (request) => ({
      status: true,
      message: "Items fetched successfully",
      data: await listItems(db, await page(request, request.query)),
    }),
  );
};

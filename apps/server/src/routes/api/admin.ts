import { adminOrderRowSchema, adminUserRowSchema, USER_ACTIONS } from "@skillshelf/shared/admin-forms.ts";
import { adminOrderDetailSchema, okEnvelope } from "@skillshelf/shared/api.ts";
import { adminCouponRowSchema, COUPON_MESSAGES, createCouponSchema } from "@skillshelf/shared/coupons.ts";
import { rowId } from "@skillshelf/shared/ids.ts";
import { pageResponse, searchPageQuery } from "@skillshelf/shared/paging.ts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { createCoupon, deleteCoupon, listCoupons, updateCoupon } from "../../admin/manage-coupons.ts";
import { getAnyOrder, listAllOrders } from "../../admin/manage-orders.ts";
import { applyUserAction, listUsers } from "../../admin/manage-users.ts";
import { securityLog } from "../../lib/security-events.ts";
import { refundOrder } from "../../orders/refund-order.ts";
import { searchPageArgs } from "../../paging/keyset-page.ts";
import { viewerOf } from "../viewer.ts";
import { adminCatalogueRoutes } from "./admin-catalogue.ts";
import { answers, DONE, SIGNED_IN } from "./openapi.ts";

/** What a signed-in learner is told in the operator's area. */
export const ADMIN_FORBIDDEN = "This area is for store operators.";
export const ADMIN_REFUNDED = "The order is refunded and its access removed.";

/** Every admin call: 401 without a session, 403 for anyone but an admin. */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const viewer = await viewerOf(request);
  if (!viewer) return reply.status(401).send({ status: false, message: "Please sign in to continue." });
  if (viewer.role !== "admin") return reply.status(403).send({ status: false, message: ADMIN_FORBIDDEN });
}

export const USER_ACTION_MESSAGES = {
  "verify-email": "The e-mail is now verified.",
  block: "The user is blocked and signed out everywhere.",
  unblock: "The user is unblocked.",
  "make-admin": "The user is now an admin.",
  "remove-admin": "The user is no longer an admin.",
} as const;

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", requireAdmin);
  await app.register(adminCatalogueRoutes);
  const tags = ["admin"];
  const actorId = async (request: FastifyRequest) => (await viewerOf(request))?.userId ?? 0;

  // The search and the cursor go together: a cursor only pages through the search it came from.
  const listArgs = (query: z.infer<typeof searchPageQuery>) => searchPageArgs(app.cursors, query);

  app.get(
    "/users",
    {
      schema: {
        summary: "Learners, newest first, searched by name or e-mail, a page at a time",
        tags,
        querystring: searchPageQuery,
        ...SIGNED_IN,
        response: answers(pageResponse(adminUserRowSchema)),
      },
    },
    async (request) => ({
      status: true,
      message: "Users fetched successfully",
      data: await listUsers(app.database.db, listArgs(request.query)),
    }),
  );

  app.post(
    "/users/:id/:action",
    {
      schema: {
        summary: "Verify the e-mail, block, unblock, grant or remove the admin role",
        tags,
        params: z.object({
          id: rowId(),
          action: z.enum(USER_ACTIONS),
        }),
        ...SIGNED_IN,
        response: answers(DONE),
      },
    },
    async (request) => {
      const { id, action } = request.params;
      await applyUserAction(app.database.db, {
        actorId: await actorId(request),
        userId: id,
        action,
        now: app.clock(),
        log: securityLog(request),
      });
      return { status: true, message: USER_ACTION_MESSAGES[action] };
    },
  );

  const orderId = z.object({ id: rowId() });

  app.get(
    "/orders",
    {
      schema: {
        summary: "Every order, newest first, searched by number, transaction id or learner, a page at a time",
        tags,
        querystring: searchPageQuery,
        ...SIGNED_IN,
        response: answers(pageResponse(adminOrderRowSchema)),
      },
    },
    async (request) => ({
      status: true,
      message: "Orders fetched successfully",
      data: await listAllOrders(app.database.db, listArgs(request.query)),
    }),
  );

  app.get(
    "/orders/:id",
    {
      schema: {
        summary: "One order",
        tags,
        params: orderId,
        ...SIGNED_IN,
        response: answers(okEnvelope({ data: adminOrderDetailSchema })),
      },
    },
    async (request) => ({
      status: true,
      message: "Order fetched successfully",
      data: await getAnyOrder(app.database.db, request.params.id, app.clock()),
    }),
  );

  app.get(
    "/coupons",
    {
      schema: {
        summary: "Coupon codes, newest first, searched by any part of the code, a page at a time, with limits and uses",
        tags,
        querystring: searchPageQuery,
        ...SIGNED_IN,
        response: answers(pageResponse(adminCouponRowSchema)),
      },
    },
    async (request) => ({
      status: true,
      message: "Coupons fetched successfully",
      data: await listCoupons(app.database.db, { ...listArgs(request.query), currency: app.config.storeCurrency }),
    }),
  );

  app.post(
    "/coupons",
    {
      schema: {
        summary: "Create a coupon code: a percentage or a fixed amount off, with optional expiry, limits and artefacts",
        description:
          "409 when the code exists (codes are kept in capitals); 422 for a bad field or an unknown artefact.",
        tags,
        body: createCouponSchema(app.config.storeCurrency),
        ...SIGNED_IN,
        response: answers(okEnvelope({ data: adminCouponRowSchema }), 201),
      },
    },
    async (request, reply) => {
      const data = await createCoupon(app.database.db, {
        input: request.body,
        currency: app.config.storeCurrency,
        now: app.clock(),
      });
      return reply.status(201).send({ status: true, message: COUPON_MESSAGES.created, data });
    },
  );

  const couponId = z.object({ id: rowId() });
  app.patch(
    "/coupons/:id",
    {
      schema: {
        summary: "Change a coupon code: every field, as for a new one",
        description:
          "404 for an unknown code; 409 when another code has the name; 422 for a bad field, an unknown artefact or total uses below the uses so far. Checkouts already priced with it keep their price.",
        tags,
        params: couponId,
        body: createCouponSchema(app.config.storeCurrency),
        ...SIGNED_IN,
        response: answers(okEnvelope({ data: adminCouponRowSchema })),
      },
    },
    async (request) => ({
      status: true,
      message: COUPON_MESSAGES.saved,
      data: await updateCoupon(app.database.db, {
        id: request.params.id,
        input: request.body,
        currency: app.config.storeCurrency,
      }),
    }),
  );

  app.delete(
    "/coupons/:id",
    {
      schema: {
        summary: "Delete a coupon code nobody used (it leaves the carts that kept it)",
        description: "404 for an unknown code; 409 for a used one: it stays with its orders, and can expire instead.",
        tags,
        params: couponId,
        ...SIGNED_IN,
        response: answers(DONE),
      },
    },
    async (request) => {
      await deleteCoupon(app.database.db, request.params.id);
      return { status: true, message: COUPON_MESSAGES.deleted };
    },
  );

  app.post(
    "/orders/:id/refund",
    {
      schema: {
        summary: "Refund within the money-back guarantee, through the provider that took the payment",
        tags,
        params: orderId,
        ...SIGNED_IN,
        response: answers(okEnvelope({ data: z.object({ refund_ref: z.string().nullable() }) })),
      },
    },
    async (request) => {
      const { refundRef } = await refundOrder(app, {
        orderId: request.params.id,
        actorId: await actorId(request),
        log: securityLog(request),
      });
      return {
        status: true,
        message: ADMIN_REFUNDED,
        data: { refund_ref: refundRef },
      };
    },
  );
};

import { adminOrderRowSchema, adminUserRowSchema, USER_ACTIONS } from "@skillshelf/shared/admin-forms.ts";
import { adminOrderDetailSchema, okEnvelope } from "@skillshelf/shared/api.ts";
import { adminCouponRowSchema, createCouponSchema } from "@skillshelf/shared/coupons.ts";
import { rowId } from "@skillshelf/shared/ids.ts";
import { pageResponse, searchPageQuery } from "@skillshelf/shared/paging.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { listCoupons } from "../../admin/manage-coupons.ts";
import { getAnyOrder, listAllOrders } from "../../admin/manage-orders.ts";
import { listUsers } from "../../admin/manage-users.ts";
import { apiRoute } from "../../operations/api-route.ts";
import { createCouponOperation, deleteCouponOperation, updateCouponOperation } from "../../operations/coupons.ts";
import { userActionOperation } from "../../operations/learners.ts";
import { operatorRefundOperation } from "../../operations/refunds.ts";
import { searchPageArgs } from "../../paging/keyset-page.ts";
import { adminSalesRoutes } from "./admin-sales.ts";
import { adminTaxRoutes } from "./admin-tax.ts";
import { answers, DONE, SIGNED_IN } from "./openapi.ts";

/** The operator's lists, orders, learners and coupon codes: every route admits operators only (app.ts). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["admin"];

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

  apiRoute(app, userActionOperation, {
    method: "POST",
    url: "/users/:id/:action",
    schema: {
      summary: "Verify the e-mail, block, unblock, grant or remove the admin role",
      tags,
      params: z.object({
        id: rowId(),
        action: z.enum(USER_ACTIONS),
      }),
      response: answers(DONE),
    },
    input: ({ params }) => ({ id: params.id, user_action: params.action }),
  });

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
      data: await getAnyOrder(app.database.db, request.params.id, app.clock(), app.config.publicUrl),
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

  apiRoute(app, createCouponOperation, {
    method: "POST",
    url: "/coupons",
    schema: {
      summary: "Create a coupon code: a percentage or a fixed amount off, with optional expiry, limits and artefacts",
      description: "409 when the code exists (codes are kept in capitals); 422 for a bad field or an unknown artefact.",
      tags,
      response: answers(okEnvelope({ data: adminCouponRowSchema }), 201),
    },
    status: 201,
  });

  const couponId = z.object({ id: rowId() });
  apiRoute(app, updateCouponOperation, {
    method: "PATCH",
    url: "/coupons/:id",
    schema: {
      summary: "Change a coupon code: every field, as for a new one",
      description:
        "404 for an unknown code; 409 when another code has the name; 422 for a bad field, an unknown artefact or total uses below the uses so far. Checkouts already priced with it keep their price.",
      tags,
      params: couponId,
      body: createCouponSchema(app.config.storeCurrency),
      response: answers(okEnvelope({ data: adminCouponRowSchema })),
    },
    input: ({ params, body }) => ({ id: params.id, coupon: body }),
  });

  apiRoute(app, deleteCouponOperation, {
    method: "DELETE",
    url: "/coupons/:id",
    schema: {
      summary: "Delete a coupon code nobody used (it leaves the carts that kept it)",
      description: "404 for an unknown code; 409 for a used one: it stays with its orders, and can expire instead.",
      tags,
      params: couponId,
      response: answers(DONE),
    },
    input: ({ params }) => params,
  });

  apiRoute(app, operatorRefundOperation, {
    method: "POST",
    url: "/orders/:id/refund",
    schema: {
      summary: "Refund within the money-back guarantee, through the provider that took the payment",
      tags,
      params: orderId,
      response: answers(okEnvelope({ data: z.object({ refund_ref: z.string().nullable() }) })),
    },
    input: ({ params }) => params,
  });

  // The tax returns' CSV downloads (GET /api/admin/tax/oss.csv, uk.csv).
  await app.register(adminTaxRoutes);

  // The sales figures: GET /api/admin/sales and /api/admin/sales.csv.
  await app.register(adminSalesRoutes);
};

import { Readable } from "node:stream";
import { auditPageSchema, auditQuerySchema, ownSecurityEventRowSchema } from "@skillshelf/shared/audit.ts";
import { pageQuery, pageResponse } from "@skillshelf/shared/paging.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { listAuditEvents, listOwnSecurityEvents } from "../../audit/audit-list.ts";
import { exportLearnerData } from "../../learner-data/export-data.ts";
import { apiRoute } from "../../operations/api-route.ts";
import { admit } from "../../operations/guard.ts";
import { confirmDeletionOperation, requestDeletionOperation } from "../../operations/learner-data.ts";
import { enforceLimit } from "../../operations/rate-limits.ts";
import { viewerOf } from "../viewer.ts";
import { answers, bytes, DONE, SIGNED_IN } from "./openapi.ts";

/** A learner's own data: the download, their security events, the deletion of the account (decision 0055). */
export const learnerDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["account"];
  app.addHook("onRequest", admit("learner"));

  app.get(
    "/my-data",
    {
      schema: {
        summary: "Download my data: everything the store holds of the signed-in learner, as one JSON file",
        description:
          "Every table listed in apps/server/src/learner-data/registry.ts, the learner's rows of it: " +
          "{ format, exported_at, user_id, tables: { name: [rows] } }. Written as it is read.",
        tags,
        ...SIGNED_IN,
        response: bytes("The learner's data, as a download", "application/json"),
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      if (!viewer) return reply;
      await enforceLimit(request, reply, "learnerData", "address");
      await enforceLimit(request, reply, "learnerData", "account", String(viewer.userId));
      const now = app.clock();
      return reply
        .type("application/json; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="skillshelf-my-data-${now.toISOString().slice(0, 10)}.json"`,
        )
        .header("cache-control", "private, no-store")
        .send(Readable.from(exportLearnerData(app.database.db, viewer.userId, now)));
    },
  );

  app.get(
    "/my-security-events",
    {
      schema: {
        summary:
          "The signed-in learner's own security events (sign-ins, password and e-mail changes), a page at a time",
        tags,
        querystring: pageQuery,
        ...SIGNED_IN,
        response: answers(pageResponse(ownSecurityEventRowSchema)),
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      return {
        status: true,
        message: "Security events fetched successfully",
        data: await listOwnSecurityEvents(app.database.db, {
          cursors: app.cursors,
          userId: viewer?.userId ?? 0,
          page: { cursor: request.query.cursor, limit: request.query.limit },
        }),
      };
    },
  );

  apiRoute(app, requestDeletionOperation, {
    method: "POST",
    url: "/delete-account",
    schema: {
      summary: "Delete my account: mails a one-time link to the account's address",
      description:
        "Needs a sign-in within 10 minutes, or `password` (401 with errors.password asks for it). " +
        "409 for the store's last operator.",
      tags,
      response: answers(DONE),
    },
  });

  apiRoute(app, confirmDeletionOperation, {
    method: "POST",
    url: "/delete-account/confirm",
    schema: {
      summary: "Confirm the deletion with the mailed link's token: the account is erased and signed out",
      description:
        "Needs a sign-in within 10 minutes, or `password`. The account's name, e-mail, phone, bio, progress, " +
        "notifications and sessions are erased; its orders, invoices and credit notes stay with an anonymous buyer.",
      tags,
      response: answers(DONE),
    },
  });
};

/** The operator's audit trail (under /api/admin: operators only). */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/audit",
    {
      schema: {
        summary: "The audit trail, newest first, filtered by actor, action and object, a page at a time",
        tags: ["admin"],
        querystring: auditQuerySchema,
        ...SIGNED_IN,
        response: answers(z.object({ status: z.boolean(), message: z.string(), data: auditPageSchema })),
      },
    },
    async (request) => {
      const { cursor, limit, ...query } = request.query;
      return {
        status: true,
        message: "Audit events fetched successfully",
        data: await listAuditEvents(app.database.db, { cursors: app.cursors, query, page: { cursor, limit } }),
      };
    },
  );
};

import { notificationsViewSchema, okEnvelope } from "@skillshelf/shared/api.ts";
import { pageQuery } from "@skillshelf/shared/paging.ts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { listNotifications, readerOf } from "../../notifications/notifications.ts";
import { apiRoute } from "../../operations/api-route.ts";
import { actorOf, admit } from "../../operations/guard.ts";
import { markNotificationsReadOperation } from "../../operations/notifications.ts";
import { answers, SIGNED_IN } from "./openapi.ts";

/** The signed-in learner's notifications: what happened to their orders, and new articles in what they own. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", admit("learner"));
  const tags = ["notifications"];
  const signedIn = (request: FastifyRequest) => actorOf("learner", request);

  app.get(
    "/notifications",
    {
      schema: {
        summary: "The learner's unread notifications and a page of the read ones, newest first",
        description:
          "Reading them does not mark them read: POST /api/notifications/read does (the page does both). The cursors page through the read ones (earlier). Titles and texts are in the learner's language (their setting).",
        tags,
        querystring: pageQuery,
        ...SIGNED_IN,
        response: answers(okEnvelope({ data: notificationsViewSchema })),
      },
    },
    async (request) => {
      const viewer = await signedIn(request);
      return {
        status: true,
        message: "Notifications fetched successfully",
        data: await listNotifications(app.database.db, {
          cursors: app.cursors,
          userId: viewer.userId,
          page: request.query,
          // Written in the learner's language (their setting), as their page shows them.
          reader: readerOf(viewer.user),
        }),
      };
    },
  );

  apiRoute(app, markNotificationsReadOperation, {
    method: "POST",
    url: "/notifications/read",
    schema: {
      summary: "Mark some of the learner's notifications read",
      tags,
      response: answers(
        okEnvelope({
          data: z.object({ marked: z.number().int().describe("how many were unread and are read now") }),
        }),
      ),
    },
  });
};

import { okEnvelope } from "@skillshelf/shared/api.ts";
import { rowId } from "@skillshelf/shared/ids.ts";
import { articleProgressSchema, PROGRESS_MESSAGES, progressMarkSchema } from "@skillshelf/shared/progress.ts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import { apiRoute } from "../../operations/api-route.ts";
import { actorOf, admit } from "../../operations/guard.ts";
import { markDoneOperation } from "../../operations/progress.ts";
import { articleProgress, doneArticlesIn } from "../../progress/reading-progress.ts";
import { answers, SIGNED_IN } from "./openapi.ts";

const OWNERS_ONLY =
  "Only a learner who owns the article (its artefact, or the group that holds it, not refunded) has progress in it: " +
  "another article answers 403, an unknown one 404. Progress kept from before a refund is hidden, and shows again if the learner buys the article again.";

/** The signed-in learner's reading progress, the same on every device (issue 13). */
export const progressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", admit("learner"));
  const { db } = app.database;
  const tags = ["progress"];
  const params = z.object({ contentId: rowId(PROGRESS_MESSAGES.contentId) });
  const learnerOf = async (request: FastifyRequest) => (await actorOf("learner", request)).userId;
  // PUT marks done, DELETE marks not done: the same checks, each idempotent.
  for (const done of [true, false]) {
    apiRoute(app, markDoneOperation, {
      method: done ? "PUT" : "DELETE",
      url: "/progress/:contentId",
      schema: {
        summary: `Mark an article the learner owns as ${done ? "done" : "not done"}`,
        description: `Doing it again changes nothing. ${OWNERS_ONLY}`,
        tags,
        params,
        response: answers(okEnvelope({ data: progressMarkSchema })),
      },
      input: ({ params }) => ({ content_id: params.contentId, done }),
      answer: (_done, input) => ({ data: { content_id: input.content_id, done: input.done } }),
    });
  }

  app.get(
    "/progress/:contentId",
    {
      schema: {
        summary: "Whether the learner owns an article and has done it",
        tags,
        params,
        ...SIGNED_IN,
        response: answers(okEnvelope({ data: articleProgressSchema })),
      },
    },
    async (request) => {
      const data = await articleProgress(db, await learnerOf(request), request.params.contentId);
      if (!data) throw new AppError("not_found", PROGRESS_MESSAGES.contentNotFound);
      return { status: true, message: PROGRESS_MESSAGES.fetched, data };
    },
  );

  app.get(
    "/progress",
    {
      schema: {
        summary: "The articles of an artefact the learner owns and has done",
        description: "What the artefact's listing marks Done. My Items' progress comes with GET /api/get-items.",
        tags,
        querystring: z.object({
          category: z
            .string({ error: PROGRESS_MESSAGES.category })
            .trim()
            .min(1, PROGRESS_MESSAGES.category)
            .max(200, PROGRESS_MESSAGES.category)
            .describe("the artefact's slug"),
        }),
        ...SIGNED_IN,
        response: answers(
          okEnvelope({
            data: z.object({
              category_id: z.number().int(),
              done: z.array(z.number().int()).describe("the ids of the articles done, ascending"),
            }),
          }),
        ),
      },
    },
    async (request) => {
      const listing = await app.catalogue.listing(request.query.category);
      if (listing?.kind !== "artefact") throw new AppError("not_found", PROGRESS_MESSAGES.artefactNotFound);
      const categoryId = listing.seo_data.id;
      const done = await doneArticlesIn(db, await learnerOf(request), categoryId);
      return { status: true, message: PROGRESS_MESSAGES.fetched, data: { category_id: categoryId, done } };
    },
  );
};

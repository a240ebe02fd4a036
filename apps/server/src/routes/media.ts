import { rowId } from "@skillshelf/shared/ids.ts";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { contentMedia } from "../db/schema/index.ts";
import { viewerOf } from "./viewer.ts";

/**
 * Media bytes, only through a signed, unexpired URL issued to this viewer for
 * content that is unlocked for them right now; everyone else gets 403.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/media/:id",
    {
      // Images and PDFs are compressed formats already, and these bodies are never cached.
      compress: false,
      schema: {
        hide: true,
        params: z.object({ id: rowId() }),
        querystring: z.object({ expires: z.coerce.number().int().optional(), signature: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { expires, signature } = request.query;
      const viewer = await viewerOf(request);
      const signed =
        expires !== undefined &&
        signature !== undefined &&
        app.catalogue.signer.verify(id, viewer?.userId ?? 0, expires, signature);
      reply.header("cache-control", "private, no-store");
      if (!signed || !(await app.catalogue.mediaUnlocked(id, viewer))) {
        return reply.status(403).send({ status: false, message: "You do not have access to this file." });
      }
      const [file] = await app.database.db
        .select({ name: contentMedia.name, mimetype: contentMedia.mimetype, data: contentMedia.data })
        .from(contentMedia)
        .where(eq(contentMedia.id, id));
      if (!file) return reply.status(404).send({ status: false, message: "Not found" });
      return reply
        .type(file.mimetype)
        .header("content-disposition", `inline; filename="${file.name.replace(/[^\w.-]/g, "_")}"`)
        .header("x-content-type-options", "nosniff")
        .send(file.data);
    },
  );
};

import { rowId } from "@skillshelf/shared/ids.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendMedia } from "../media/send-media.ts";
import { sendStampedPdf, stampable, stampOf } from "../media/stamp-pdf.ts";
import { sendError } from "../operations/envelope.ts";
import { viewerOf } from "./viewer.ts";

/**
 * Media bytes, only through a signed, unexpired URL issued to this viewer for
 * content that is unlocked for them right now; everyone else gets 403. The
 * bytes are streamed (ranges and conditions: media/send-media.ts), or with S3
 * storage the owner is redirected to a presigned URL of the bucket.
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
      const denied = () => sendError(reply, 403, "You do not have access to this file.");
      if (!signed) return denied();
      // Both at once: on PostgreSQL one round trip's wait instead of two before the first byte.
      const [unlocked, file] = await Promise.all([app.catalogue.mediaUnlocked(id, viewer), app.media.describe(id)]);
      if (!unlocked) return denied();
      if (!file) return sendError(reply, 404, "Not found");
      // A PDF the viewer bought carries their e-mail and order number on every page. One too large to
      // stamp is sent as stored without asking who bought it: a query less before its first byte.
      const stamp = viewer && stampable(file) ? await stampOf(app.database.db, id, viewer.userId) : null;
      if (stamp)
        return sendStampedPdf(request, reply, { media: app.media, file, stamp, mediaId: id, log: request.log });
      return sendMedia(request, reply, app.media, file);
    },
  );
};

import { okEnvelope } from "@skillshelf/shared/api.ts";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { sendError } from "../../operations/envelope.ts";
import { answers, PUBLIC } from "./openapi.ts";

export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    "/health",
    {
      schema: {
        summary: "Whether the store and its database answer",
        tags: ["store"],
        ...PUBLIC,
        response: answers(okEnvelope({ data: z.object({ database: z.enum(["pglite", "postgres"]) }) })),
      },
    },
    async (_req, reply) => {
      try {
        await app.database.ping();
        return { status: true, message: "ok", data: { database: app.database.kind } };
      } catch {
        return sendError(reply, 503, "The database is not reachable.");
      }
    },
  );
};

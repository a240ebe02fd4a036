import { okEnvelope } from "@skillshelf/shared/api.ts";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
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
        return reply.status(503).send({ status: false, message: "The database is not reachable." });
      }
    },
  );
};

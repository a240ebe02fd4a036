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
        summary: "Whether the store and its database answer; in emulator mode, where the payment emulators are",
        tags: ["store"],
        ...PUBLIC,
        response: answers(
          okEnvelope({
            data: z.object({ database: z.enum(["pglite", "postgres"]) }),
            emulators: z
              .string()
              .optional()
              .describe("PAYMENTS=emulator only: the payment emulators' origin, e.g. http://127.0.0.1:3001"),
          }),
        ),
      },
    },
    async (_req, reply) => {
      const { payments, emulators } = app.config;
      try {
        await app.database.ping();
        return {
          status: true,
          message: "ok",
          data: { database: app.database.kind },
          ...(payments === "emulator" ? { emulators: emulators.origin } : {}),
        };
      } catch {
        return sendError(reply, 503, "The database is not reachable.");
      }
    },
  );
};

import type { FastifyPluginAsync } from "fastify";

export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    "/health",
    { schema: { summary: "Whether the store and its database answer", tags: ["store"] } },
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

import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { applyUserAction, listUsers } from "../../admin/manage-users.ts";
import { viewerOf } from "../viewer.ts";

/** Every admin call: 401 without a session, 403 for anyone but an admin. */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const viewer = await viewerOf(request);
  if (!viewer) return reply.status(401).send({ status: false, message: "Please sign in to continue." });
  if (viewer.role !== "admin")
    return reply.status(403).send({ status: false, message: "This area is for store operators." });
}

const USER_ACTION_MESSAGES = {
  "verify-email": "The e-mail is now verified.",
  block: "The user is blocked and signed out everywhere.",
  unblock: "The user is unblocked.",
  "make-admin": "The user is now an admin.",
  "remove-admin": "The user is no longer an admin.",
} as const;

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", requireAdmin);
  const tags = ["admin"];
  const actorId = async (request: FastifyRequest) => (await viewerOf(request))?.userId ?? 0;

  app.get(
    "/users",
    {
      schema: {
        summary: "Learners, searched by name or e-mail, 20 a page",
        tags,
        querystring: z.object({
          search: z.string().max(200).optional(),
          page: z.coerce.number().int().min(1).default(1),
        }),
      },
    },
    async (request) => ({
      status: true,
      message: "Users fetched successfully",
      data: await listUsers(app.database.db, request.query),
    }),
  );

  app.post(
    "/users/:id/:action",
    {
      schema: {
        summary: "Verify the e-mail, block, unblock, grant or remove the admin role",
        tags,
        params: z.object({
          id: z.coerce.number().int().positive(),
          action: z.enum(["verify-email", "block", "unblock", "make-admin", "remove-admin"]),
        }),
      },
    },
    async (request) => {
      const { id, action } = request.params;
      await applyUserAction(app.database.db, { actorId: await actorId(request), userId: id, action, now: app.clock() });
      return { status: true, message: USER_ACTION_MESSAGES[action] };
    },
  );
};

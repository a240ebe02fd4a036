import type { Viewer } from "@skillshelf/shared/api.ts";
import type { FastifyRequest } from "fastify";

/**
 * The signed-in user behind a request, from the Bearer token or the
 * access-token cookie. Accounts arrive with the accounts issue; until then
 * every request is a visitor's.
 */
export async function viewerOf(_request: FastifyRequest): Promise<Viewer | null> {
  return null;
}

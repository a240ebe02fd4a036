import type { FastifyRequest } from "fastify";
import type { SessionViewer } from "../accounts/sessions.ts";
import { AppError } from "../lib/app-error.ts";
import { SIGN_IN_FIRST, viewerOf } from "../routes/viewer.ts";

/** What a signed-in learner is told in the operator's area. */
export const ADMIN_FORBIDDEN = "This area is for store operators.";

/** Who may run an operation: anyone, a signed-in user, or an operator (an admin). */
export type Audience = "visitor" | "learner" | "operator";

/** A signed-in admin. */
export type Operator = SessionViewer & { role: "admin" };

/** Who runs an operation for `A`: the guard has checked it, so the type says it. */
export type ActorOf<A extends Audience> = A extends "operator"
  ? Operator
  : A extends "learner"
    ? SessionViewer
    : SessionViewer | null;

const isOperator = (viewer: SessionViewer | null): viewer is Operator => viewer?.role === "admin";

/**
 * A viewer checked against `who`: a visitor where a session is needed is
 * refused with 401, anyone but an admin where an operator is with 403. What it
 * returns is narrowed to what was checked.
 */
export function admitted<A extends Audience>(who: A, viewer: SessionViewer | null): ActorOf<A>;
export function admitted(who: Audience, viewer: SessionViewer | null): SessionViewer | null {
  if (who === "visitor") return viewer;
  if (!viewer) throw new AppError("unauthenticated", SIGN_IN_FIRST);
  if (who === "operator" && !isOperator(viewer)) throw new AppError("forbidden", ADMIN_FORBIDDEN);
  return viewer;
}

/** The viewer of a request (looked up once per request), checked against `who` (admitted). */
export async function actorOf<A extends Audience>(who: A, request: FastifyRequest): Promise<ActorOf<A>> {
  return admitted(who, await viewerOf(request));
}

/** `actorOf` as a route hook: every route of a plugin (or one route) admits only `who`. */
export function admit(who: Audience) {
  return async (request: FastifyRequest): Promise<void> => {
    await actorOf(who, request);
  };
}

import type { FastifyRequest } from "fastify";
import type { SessionViewer } from "../accounts/sessions.ts";
import { AppError } from "../lib/app-error.ts";
import { SIGN_IN_FIRST, viewerOf } from "../routes/viewer.ts";

/** What a signed-in learner is told in the operator's area. */
export const ADMIN_FORBIDDEN = "This area is for store operators.";

/** What an operator without a second step is told before any admin page or call. */
const SECOND_STEP_NEEDED =
  "The admin area needs a second step: add a passkey or set up an authenticator app in Settings (/settings).";
/** What an operator whose session did not do its second step is told. */
const SECOND_STEP_NOT_DONE =
  "The admin area needs a session that did its second step: sign out, then sign in again with your passkey or a code.";

/** Why an operator's session may not open the admin area yet, or null when it may. */
export function secondStepRefusal(viewer: { secondStep: { on: boolean; done: boolean } }): string | null {
  if (!viewer.secondStep.on) return SECOND_STEP_NEEDED;
  return viewer.secondStep.done ? null : SECOND_STEP_NOT_DONE;
}

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
  if (who === "operator") {
    if (!isOperator(viewer)) throw new AppError("forbidden", ADMIN_FORBIDDEN);
    // An operator's power needs more than a password: a second step, done by this session.
    const refusal = secondStepRefusal(viewer);
    if (refusal) throw new AppError("forbidden", refusal);
  }
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

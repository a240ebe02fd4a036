import type { ActionOutcome } from "@skillshelf/shared/api.ts";
import { GENERIC_ERROR } from "@skillshelf/shared/constants.ts";
import { isRouteErrorResponse } from "react-router";
import { UNSENT_STATUS } from "./unsent-action";

/**
 * A route's clientAction (the browser's side of its form action): the
 * server's action, or 'Something went wrong' when it cannot be reached
 * (SPEC.md section 8), rather than the error page. Kept apart from the
 * server's form helpers (form-action.ts), so no page's script carries them,
 * and from unsent-action.ts, which every page's root carries.
 */
export async function serverActionOrFailure<T>(serverAction: () => Promise<T>): Promise<T | ActionOutcome<never>> {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    return { ok: false, status: UNSENT_STATUS, message: GENERIC_ERROR };
  }
}

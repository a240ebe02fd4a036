import type { Viewer } from "@skillshelf/shared/api.ts";
import { data } from "react-router";
import { requireViewer } from "../../lib/guards";
import type { PageContext } from "../../load-context";

/** The message a signed-in learner sees on any /admin page. */
export const ADMIN_FORBIDDEN = "This area is for store operators.";

/** What an operator without a second step, or whose session did not do it, is told (the store's guard says the same). */
const SECOND_STEP_NEEDED =
  "The admin area needs a second step: add a passkey or set up an authenticator app in Settings.";
const SECOND_STEP_NOT_DONE =
  "The admin area needs a session that did its second step: sign out, then sign in again with your passkey or a code.";

/** The 403's data: why, and whether a second step is what is missing. */
export interface AdminRefusal {
  message: string;
  secondStep?: "needed" | "not_done";
}

/**
 * For the admin area's layout loader (run on the server): a visitor goes to
 * /login and back here after signing in; a learner gets a 403, and so does an
 * operator without a second step done by this session (docs/decisions/0054).
 */
export function requireAdmin(store: PageContext, url: URL): Viewer {
  const viewer = requireViewer(store, url);
  if (viewer.role !== "admin") throw data({ message: ADMIN_FORBIDDEN } satisfies AdminRefusal, { status: 403 });
  if (!viewer.secondStep.on) {
    throw data({ message: SECOND_STEP_NEEDED, secondStep: "needed" } satisfies AdminRefusal, { status: 403 });
  }
  if (!viewer.secondStep.done) {
    throw data({ message: SECOND_STEP_NOT_DONE, secondStep: "not_done" } satisfies AdminRefusal, { status: 403 });
  }
  return viewer;
}

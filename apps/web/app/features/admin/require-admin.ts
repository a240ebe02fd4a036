import type { Viewer } from "@skillshelf/shared/api.ts";
import { data } from "react-router";
import { requireViewer } from "../../lib/guards";
import type { PageContext } from "../../load-context";

/** The message a signed-in learner sees on any /admin page. */
export const ADMIN_FORBIDDEN = "This area is for store operators.";

/**
 * For the admin area's layout loader (run on the server): a visitor goes to
 * /login and back here after signing in; a learner gets a 403.
 */
export function requireAdmin(store: PageContext, url: URL): Viewer {
  const viewer = requireViewer(store, url);
  if (viewer.role !== "admin") throw data({ message: ADMIN_FORBIDDEN }, { status: 403 });
  return viewer;
}

import type { Viewer } from "@skillshelf/shared/api.ts";
import { redirect } from "react-router";
import type { PageContext } from "../load-context";

/**
 * For a private page's loader (run on the server): a visitor is redirected to
 * /login, which brings them back here once signed in.
 */
export function requireViewer(store: PageContext, url: URL): Viewer {
  if (store.viewer) return store.viewer;
  throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/** For a guest-only page's loader: a signed-in learner goes to the dashboard. */
export function requireGuest(store: PageContext): void {
  if (store.viewer) throw redirect("/dashboard");
}

/** Where to go after signing in: only a path on this store, never another site. */
export function safeRedirect(target: string | null, fallback = "/dashboard"): string {
  if (!target?.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  return target;
}

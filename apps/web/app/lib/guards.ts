import type { Viewer } from "@skillshelf/shared/api.ts";
import { homeOf } from "@skillshelf/shared/constants.ts";
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

/** For a guest-only page's loader: a signed-in account goes to its home (a learner's dashboard, /admin). */
export function requireGuest(store: PageContext): void {
  if (store.viewer) throw redirect(homeOf(store.viewer.role));
}

const HERE = "http://store.invalid";

/**
 * Where to go after signing in: only a path on this store, never another site.
 * The target is read as a browser reads a Location (tabs and newlines dropped,
 * a backslash taken for a slash), so `/\t/evil.test` is the other site it would
 * be, and what comes back is that path written plainly, fit for a header.
 */
export function safeRedirect(target: string | null, fallback = "/dashboard"): string {
  if (!target?.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(target, HERE);
  } catch {
    return fallback;
  }
  return url.origin === HERE ? url.pathname + url.search + url.hash : fallback;
}

/**
 * An address's `redirectTo`, kept for the next auth screen (sign in → registration → sign in, from
 * an invitation's page): `redirectTo=…` when it names a path of this store, else "".
 */
export function redirectQuery(search: string): string {
  const target = safeRedirect(new URLSearchParams(search).get("redirectTo"), "");
  return target ? `redirectTo=${encodeURIComponent(target)}` : "";
}

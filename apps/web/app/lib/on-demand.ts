import { type ComponentType, lazy } from "react";

/**
 * A component that only a click shows (a dialog, a menu's panel, a toast), whose code a page does not
 * load until then: React.lazy over its module (named `*.lazy.tsx`, which no group of the build puts in
 * a file that pages load, vite.config.ts). Should the file not come (a deploy replaced it), the page
 * is loaded again, as React Router does when a route's file fails to load.
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        location.reload();
        throw error;
      },
    ),
  );
}

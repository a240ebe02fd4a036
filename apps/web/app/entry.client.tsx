import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadCatalogue } from "./lib/i18n";

/*
 * React Router's own entry (@react-router/dev's default), once the page's catalogue has come:
 * a French or Spanish page names its file in a preload link (root Layout) rather than carrying it,
 * and the hydration must translate as the server did. Without it the page stays as the server
 * sent it, which works without JavaScript.
 */
const catalogue = document.querySelector("link[as=fetch]")?.getAttribute("href");

if (!catalogue || (await loadCatalogue(catalogue).then(() => true, console.error))) {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

import { reactRouter } from "@react-router/dev/vite";
import { defaultClientConditions, defaultServerConditions, defineConfig } from "vite";

/** packages/shared is built from its TypeScript source ("source" in its package.json's exports). */
const sourceConditions = {
  resolve: { conditions: ["source", ...defaultClientConditions] },
  ssr: { resolve: { conditions: ["source", ...defaultServerConditions] } },
};

export default defineConfig({
  ...sourceConditions,
  plugins: [reactRouter()],
  build: {
    target: "es2022",
    modulePreload: {
      // Vite preloads a lazy module's files with <link> elements, which the pages' nonce-only script
      // policy refuses; the admin's rich-text editor is imported as it is, which inherits the nonce.
      resolveDependencies: (file, deps) => (file.includes("rich-text-editor") ? [] : deps),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page loads: React DOM and React Router's hydration (entry.client's own imports),
          // the header and footer with their icons and search box, toasts, the error page, the shared
          // formatting. One file with React Router, rather than a dozen files of a few hundred bytes,
          // each with its own request and compression overhead (bench: initial JavaScript per public page).
          groups: [
            {
              name: "shell",
              test: new RegExp(
                [
                  // Not the catalogue's icons: an article shows none.
                  String.raw`app[\\/]components[\\/](icons[\\/](?!catalogue-icon|icon-sprite|icons-once)|external-link)`,
                  String.raw`app[\\/]features[\\/](layout|toast|errors)[\\/]`,
                  String.raw`app[\\/]features[\\/]search[\\/]components[\\/]header-search`,
                  String.raw`app[\\/]hooks[\\/](use-dismiss|use-hydrated|use-close-on-navigate)`,
                  String.raw`app[\\/]lib[\\/](api-client|formatting|meta|scroll-to-categories|unsent-action)`,
                  String.raw`shared[\\/]src[\\/](constants|money|formatting)\.ts`,
                  // React DOM (its client, and its few functions besides: preload, portals), its scheduler
                  // and React Router's HydratedRouter: entry.client's imports, which every page loads with
                  // the shell. Apart, they were a file of their own beside it, and compressed apart.
                  String.raw`node_modules[\\/](react-dom|scheduler)[\\/]`,
                  String.raw`node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]lib[\\/]dom-export`,
                ].join("|"),
              ),
            },
            {
              // What home, a listing, the cart and the orders share: a category's icon and sprite, offer and count.
              name: "catalogue",
              test: new RegExp(
                [
                  String.raw`app[\\/]components[\\/](icons[\\/](catalogue-icon|icon-sprite)|count-badge)`,
                  String.raw`app[\\/]features[\\/]catalogue[\\/]offer-text`,
                ].join("|"),
              ),
            },
            {
              // What a listing and an article share (Add To Cart and the form helpers), as one file.
              name: "page-actions",
              test: new RegExp(
                [
                  String.raw`app[\\/]features[\\/]catalogue[\\/]components[\\/]add-to-cart-button`,
                  String.raw`app[\\/]features[\\/]cart[\\/]use-add-to-cart`,
                  String.raw`app[\\/]hooks[\\/]use-action-submit`,
                  String.raw`app[\\/]lib[\\/]client-action`,
                  String.raw`app[\\/]components[\\/](trans|form[\\/]form-notice)`,
                ].join("|"),
              ),
            },
            {
              // What a listing's "For my team" form brings, which My Teams and a team's invitation use too:
              // one file rather than two, of a few hundred bytes each. After page-actions, which keeps its own.
              name: "team-seats",
              test: /app[\\/](features[\\/]catalogue[\\/]components[\\/]team-seats-form|components[\\/]form[\\/]busy-button)/,
            },
          ],
        },
      },
    },
  },
});

import { reactRouter } from "@react-router/dev/vite";
import { defaultClientConditions, defaultServerConditions, defineConfig, type Plugin } from "vite";

/** packages/shared is built from its TypeScript source ("source" in its package.json's exports). */
const sourceConditions = {
  resolve: { conditions: ["source", ...defaultClientConditions] },
  ssr: { resolve: { conditions: ["source", ...defaultServerConditions] } },
};

/** The module every `import()` of the client build goes through (`__vitePreload`). */
const PRELOAD_HELPER = "\0vite/preload-helper.js";

/**
 * Vite's `import()` helper adds `<link>` preloads for a lazy module's files and stylesheets. The
 * pages' nonce-only script policy refuses those links, none of the lazy modules brings a stylesheet
 * (every page's is the root's), and the helper weighed about 0.5 KB gzip in the shell: `import()`
 * goes straight to the module instead. Vite calls it whatever `build.modulePreload` says (an open
 * issue of Vite's), so the module is replaced here.
 */
function importWithoutPreload(): Plugin {
  return {
    name: "skillshelf:import-without-preload",
    apply: "build",
    enforce: "pre",
    resolveId: (id) => (id === PRELOAD_HELPER ? id : undefined),
    load: (id) => (id === PRELOAD_HELPER ? "export const __vitePreload = (load) => load();" : undefined),
  };
}

/**
 * What every page loads: React DOM and React Router's hydration (entry.client's own imports), the
 * header and footer with their icons and search box, toasts, the error page, the shared formatting.
 * One file with React Router, rather than a dozen files of a few hundred bytes, each with its own
 * request and compression overhead (bench: initial JavaScript per public page).
 */
const SHELL = new RegExp(
  [
    // Not the catalogue's icons (an article shows none), nor the share menu's and the PDFs' (the article's).
    String.raw`app[\\/]components[\\/](icons[\\/](?!catalogue-icon|icon-sprite|icons-once|facebook|whatsapp|x-icon|mail-icon|share-icon|pdf-icon)|external-link)`,
    String.raw`app[\\/]features[\\/](layout|toast|errors)[\\/]`,
    String.raw`app[\\/]features[\\/]search[\\/]components[\\/]header-search`,
    String.raw`app[\\/]hooks[\\/](use-dismiss|use-hydrated|use-close-on-navigate)`,
    String.raw`app[\\/]lib[\\/](api-client|formatting|meta|scroll-to-categories|unsent-action)`,
    String.raw`shared[\\/]src[\\/](constants|money|formatting)\.ts`,
    // React DOM (its client, and its few functions besides: preload, portals), its scheduler and
    // React Router's HydratedRouter: entry.client's imports, which every page loads with the shell.
    // Apart, they were a file of their own beside it, and compressed apart.
    String.raw`node_modules[\\/](react-dom|scheduler)[\\/]`,
    String.raw`node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]lib[\\/]dom-export`,
    // What a route's import() calls: else a file of a few bytes of its own.
    String.raw`^\0vite[\\/]preload-helper\.js$`,
  ].join("|"),
);

/** A module that only a click shows (app/lib/on-demand.ts): no group takes it into a file that pages load. */
const ON_DEMAND = /\.lazy\.tsx$/;

export default defineConfig({
  ...sourceConditions,
  plugins: [importWithoutPreload(), reactRouter()],
  build: {
    target: "es2022",
    // No list of a lazy module's files to preload: nothing would use it (importWithoutPreload).
    modulePreload: { resolveDependencies: () => [] },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "shell", test: (id) => SHELL.test(id) && !ON_DEMAND.test(id) },
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

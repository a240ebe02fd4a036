import { createRequire } from "node:module";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defaultClientConditions, defaultServerConditions, defineConfig, type Plugin } from "vite";

/**
 * React Router's production build in the browser's JavaScript. The package's exports name only its
 * development build, the same code with its warnings for developers switched on (ENABLE_DEV_WARNINGS),
 * which every page would otherwise load. The server build keeps the package as Node resolves it: the
 * host (apps/server's pages.ts) and the build must share one copy of React Router.
 */
function reactRouterProductionBuild(): Plugin {
  const dist = path.join(path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")), "dist");
  const files: Record<string, string> = { "react-router": "index.mjs", "react-router/dom": "dom-export.mjs" };
  return {
    name: "react-router-production-build",
    apply: "build",
    enforce: "pre",
    resolveId(id, _importer, options) {
      const file = files[id];
      return file && !options.ssr ? path.join(dist, "production", file) : null;
    },
  };
}

/** packages/shared is built from its TypeScript source ("source" in its package.json's exports). */
export const sourceConditions = {
  resolve: { conditions: ["source", ...defaultClientConditions] },
  ssr: { resolve: { conditions: ["source", ...defaultServerConditions] } },
};

export default defineConfig({
  ...sourceConditions,
  plugins: [reactRouterProductionBuild(), reactRouter()],
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
          // What every page loads with the root route (the header and footer, their icons and
          // search box, toasts, the error page, the shared formatting), as one file with React
          // Router rather than a dozen files of a few hundred bytes: each file costs its own
          // request and compression overhead (bench: initial JavaScript per public page).
          groups: [
            {
              name: "shell",
              test: new RegExp(
                [
                  String.raw`app[\\/]components[\\/](icons[\\/]|external-link)`,
                  String.raw`app[\\/]features[\\/](layout|toast|errors)[\\/]`,
                  String.raw`app[\\/]features[\\/]search[\\/]components[\\/]header-search`,
                  String.raw`app[\\/]hooks[\\/](use-dismiss|use-hydrated|use-close-on-navigate)`,
                  String.raw`app[\\/]lib[\\/](api-client|formatting|meta|scroll-to-categories|unsent-action)`,
                  String.raw`shared[\\/]src[\\/](constants|money|formatting)\.ts`,
                  // React DOM's few functions besides the client (preload, portals): one file fewer.
                  String.raw`node_modules[\\/]react-dom[\\/](index\.js|cjs[\\/]react-dom\.production\.js)`,
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
          ],
        },
      },
    },
  },
});

import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    target: "es2022",
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The icons and the external link, a few hundred bytes each, as one file rather than
          // a dozen: each file costs its own request and compression overhead, and a page that
          // shows one icon shows several (bench: initial JavaScript per public page).
          // The header's search box joins them: every page has it, and alone it would be a file of its own.
          groups: [
            {
              name: "icons",
              test: /app[\\/](components[\\/](icons[\\/]|external-link)|features[\\/]search[\\/]components[\\/]header-search)/,
            },
          ],
        },
      },
    },
  },
});

import { defaultServerConditions } from "vite";
import { defineConfig } from "vitest/config";

// packages/shared and apps/emulators from their TypeScript source ("source" in their package.json's
// exports), not their build. Vitest's own default is Vite's server conditions without "module".
const resolve = { conditions: ["source", ...defaultServerConditions.filter((c) => c !== "module")] };

export default defineConfig({
  ssr: { resolve },
  // Where Vitest runs the global setup files, in its own process.
  environments: { __vitest__: { resolve } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "packages/shared/src/**/*.test.ts",
            "apps/server/src/**/*.test.ts",
            "apps/emulators/src/**/*.test.ts",
            "apps/web/app/**/*.test.{ts,tsx}",
          ],
          // Generating the demo catalogue twice takes seconds on a busy 2-core machine.
          testTimeout: 30_000,
        },
      },
      {
        // The API and database suites: on PGlite, or on TEST_DATABASE_URL's PostgreSQL.
        extends: true,
        test: {
          name: "api",
          include: ["apps/server/test/**/*.test.ts"],
          // Migrates once per run the databases that each file then copies.
          globalSetup: ["apps/server/test/global-setup.ts"],
          setupFiles: ["apps/server/test/helpers/one-query-per-connection.ts"],
          // Each file builds its own store on its own database copy, so the files of a worker share
          // its loaded modules rather than importing the server anew each (half the suite's time).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["e2e/tests/**/*.test.ts"],
          globalSetup: ["e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at once (394 s against 463 s for one at a time, decision 0039), each worker
          // on its own store (e2e/global-setup.ts), so no file sees another's writes or rate limits.
          maxWorkers: Number(process.env.E2E_STORES ?? 2),
          // A file's modules (Playwright, axe, the support files) load once per worker, not once per file.
          isolate: false,
          // expect.poll waits for what a page shows as long as a locator would, not Vitest's 1 s.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});

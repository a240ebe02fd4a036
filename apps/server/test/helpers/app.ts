import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildEmulators } from "@skillshelf/emulators/app.ts";
import type { EmulatorRecords } from "@skillshelf/emulators/records.ts";
import type { CatalogueFileInput } from "@skillshelf/shared/catalogue-file.ts";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/app.ts";
import { validateCatalogue } from "../../src/catalogue/read-catalogue-file.ts";
import { replaceCatalogue } from "../../src/catalogue/seed-demo.ts";
import type { Database } from "../../src/db/client.ts";
import { emulatorsAt, parseConfig } from "../../src/env.ts";
import { createTestDatabase } from "./database.ts";

export { ensureWebBuild } from "./web-build.ts";

export const PUBLIC_URL = "http://store.test:3000";

/** The payment emulators of a test store, in this process on a port of their own. */
interface TestEmulators {
  app: FastifyInstance;
  /** Where they listen, e.g. http://127.0.0.1:41234: the store's config points there. */
  origin: string;
  records: EmulatorRecords;
}

export interface TestStore {
  app: FastifyInstance;
  database: Database;
  /** The payment emulators the store calls (PAYMENTS=emulator, the default); in live mode, ones it does not. */
  emulators: TestEmulators;
  importCatalogue(file: CatalogueFileInput): Promise<void>;
  /** Another instance of the store on the same database, as behind a load balancer; the caller closes it. */
  otherInstance(options?: { pages?: boolean }): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/** The whole API on a fresh database, as a test file's client sees it through app.inject. */
export async function createTestStore(
  options: {
    pages?: boolean;
    env?: Record<string, string>;
    clock?: TestClock;
    log?: LogCapture;
    sitemapUrlsPerFile?: number;
    /** The store's database, opened by the test (one it can cut off); by default a fresh one. */
    database?: Database;
  } = {},
): Promise<TestStore> {
  const database = options.database ?? (await createTestDatabase());
  // The store's own files (the mail outbox without SMTP_URL): a folder of this file's.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "skillshelf-store-"));
  const parsed = parseConfig({
    SEED: "none",
    LOG_LEVEL: options.log ? "info" : "silent",
    PUBLIC_URL,
    DATA_DIR: dataDir,
    ...options.env,
  });
  // The emulators send their webhooks to the store once a test makes it listen (on a port of its own).
  let store: FastifyInstance | undefined;
  const emulatorApp = await buildEmulators({
    storeUrl: () => {
      const address = store?.server.address();
      return typeof address === "object" && address ? `http://127.0.0.1:${address.port}` : "http://127.0.0.1:1";
    },
    currency: parsed.storeCurrency,
  });
  await emulatorApp.listen({ port: 0, host: "127.0.0.1" });
  const emulatorPort = (emulatorApp.server.address() as { port: number }).port;
  const emulators = emulatorsAt({ host: "127.0.0.1", publicUrl: PUBLIC_URL }, emulatorPort, true);
  const config = { ...parsed, emulators };
  const instance = async (pages: boolean) => {
    const app = await buildApp({
      config,
      database,
      pages,
      ...(options.clock ? { clock: options.clock.now } : {}),
      ...(options.log ? { logStream: options.log } : {}),
      ...(options.sitemapUrlsPerFile ? { sitemapUrlsPerFile: options.sitemapUrlsPerFile } : {}),
      mailPollMs: 60_000,
      // Tests run the reconciler themselves, at the moment they choose.
      reconcileEveryMs: 0,
      // Every answer a test sees must match the response schema its route declares.
      strictResponses: true,
    });
    await app.ready();
    return app;
  };
  const app = await instance(options.pages ?? false);
  store = app;
  return {
    app,
    database,
    emulators: { app: emulatorApp, origin: emulators.origin, records: emulatorApp.emulatorRecords },
    async importCatalogue(file) {
      const before = app.catalogue.version;
      await replaceCatalogue(database, {
        file: validateCatalogue(file, config.storeCurrency),
        currency: config.storeCurrency,
        media: app.media,
      });
      // The store hears of the change through the database's notification (app.ts), which on
      // PostgreSQL arrives a moment later: waited for, so that it does not arrive in the middle of
      // the test and drop what the store has kept since (the front door's pages).
      for (const started = Date.now(); app.catalogue.version === before; ) {
        if (Date.now() - started > 10_000) throw new Error("the store never heard of the imported catalogue");
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    },
    otherInstance: (other = {}) => instance(other.pages ?? false),
    async close() {
      await app.close();
      await emulatorApp.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A clock that stands still until a test moves it. */
export class TestClock {
  private at: number;
  constructor(start = Date.parse("2026-11-21T10:00:00Z")) {
    this.at = start;
  }
  now = (): Date => new Date(this.at);
  advance(ms: number): void {
    this.at += ms;
  }
}

/** The store's log lines (pino JSON), kept in memory for a test to read. */
export class LogCapture {
  readonly lines: Record<string, unknown>[] = [];
  readonly raw: string[] = [];
  write(line: string): void {
    this.raw.push(line);
    this.lines.push(JSON.parse(line) as Record<string, unknown>);
  }
  /** The security events logged so far (lines with an `event` field), optionally of one name. */
  events(name?: string): Record<string, unknown>[] {
    return this.lines.filter((line) => typeof line.event === "string" && (!name || line.event === name));
  }
}

import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { buildEmulators } from "@skillshelf/emulators/app.ts";
import type { ListingResponse } from "@skillshelf/shared/api.ts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { validateCatalogue } from "../src/catalogue/read-catalogue-file.ts";
import { replaceCatalogue } from "../src/catalogue/seed-demo.ts";
import { openDatabase } from "../src/db/client.ts";
import { orders, payments } from "../src/db/schema/index.ts";
import { parseConfig } from "../src/env.ts";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { TestClock, type TestStore } from "./helpers/app.ts";
import { migratedDataDir } from "./helpers/database.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { TYPESCRIPT_NODE_ARGS } from "./helpers/typescript-process.ts";

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, "..");

describe("npm run admin -- reconcile", () => {
  it("settles a payment whose confirmation was lost, on the embedded database, with the store stopped", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "reconcile-"));
    const dataDir = migratedDataDir(path.join(dir, "data"));
    // The payment emulators (Stripe, for this test) stay up throughout, as the provider does.
    let storePort = 1;
    const emulators = await buildEmulators({ storeUrl: () => `http://127.0.0.1:${storePort}` });
    await emulators.listen({ port: 0, host: "127.0.0.1" });
    const emulatorPort = String((emulators.server.address() as AddressInfo).port);
    const env = { SEED: "none", LOG_LEVEL: "silent", DATA_DIR: dataDir, EMULATOR_PORT: emulatorPort };

    // The store, a minute ago: a learner pays by card, closes the tab, and the webhook never comes. The
    // store's own reconciler would first ask in a few minutes (RECHECK_MS); by hand it is asked now.
    const database = await openDatabase({ dataDir });
    const clock = new TestClock(Date.now() - 60_000);
    const app = await buildApp({
      config: parseConfig(env),
      database,
      pages: false,
      clock: clock.now,
      reconcileEveryMs: 0,
    });
    const store = { app, database } as TestStore;
    let userId = 0;
    try {
      await replaceCatalogue(database, { file: validateCatalogue(smallCatalogue(), "GBP"), currency: "GBP" });
      await app.listen({ port: 0, host: "127.0.0.1" });
      storePort = (app.server.address() as AddressInfo).port;
      const docker = (
        await app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })
      ).json<ListingResponse>();
      const user = await createUser(store);
      userId = user.id;
      const headers = bearer(await signIn(store, user.id, true));
      await app.inject({
        method: "POST",
        url: "/api/cart/add",
        headers,
        payload: { sub_category_id: docker.seo_data.id },
      });
      const session = await app.inject({
        method: "POST",
        url: "/api/stripe/create-checkout-session",
        headers,
        payload: {
          final_amount: 19.99,
          currency: "GBP",
          success_url: "http://localhost:3000/payment-confirmation",
          cancel_url: "http://localhost:3000/payment-cancelled",
        },
      });
      const { id } = session.json<{ id: string }>();
      const paid = await emulators.inject({ method: "POST", url: `/emulator/stripe/checkout/${id}/pay?webhook=none` });
      expect(paid.statusCode).toBe(303);
      expect(await database.db.select().from(orders).where(eq(orders.userId, userId))).toHaveLength(0);
    } finally {
      await app.close();
      await database.close();
    }

    let stdout: string;
    try {
      ({ stdout } = await run(process.execPath, [...TYPESCRIPT_NODE_ARGS, "src/cli.ts", "reconcile"], {
        cwd: serverDir,
        env: { ...process.env, ...env, DATABASE_URL: "" },
      }));
    } finally {
      await emulators.close();
    }
    expect(stdout).toContain(
      "Reconciled 1 payments: 1 fulfilled, 0 refunded, 0 closed, 0 still open, 0 to ask again later.",
    );

    const after = await openDatabase({ dataDir });
    try {
      expect(await after.db.select().from(orders).where(eq(orders.userId, userId))).toHaveLength(1);
      expect((await after.db.select().from(payments).where(eq(payments.userId, userId)))[0]?.status).toBe("paid");
    } finally {
      await after.close();
    }
  }, 120_000);
});

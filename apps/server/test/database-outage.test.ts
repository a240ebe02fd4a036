import type { ListingResponse } from "@skillshelf/shared/api.ts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE_CHANNEL } from "../src/catalogue/catalogue-service.ts";
import { type Database, openDatabase } from "../src/db/client.ts";
import { categories } from "../src/db/schema/index.ts";
import { DATABASE_UNAVAILABLE } from "../src/db/unavailable.ts";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, ensureWebBuild, type TestStore } from "./helpers/app.ts";
import { copyTemplateDatabase } from "./helpers/database.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { tcpProxy } from "./helpers/tcp-proxy.ts";

/*
 * Issue 36: while PostgreSQL restarts, the store answers 503 with Retry-After,
 * which a client or a load balancer retries, not a 500 that reads as a bug;
 * once it is back, the store serves again and hears other instances' changes.
 * The embedded database lives in the store's own process: it has no outage of its own.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

if (serverUrl) {
  describe("a PostgreSQL outage", () => {
    let copy: Awaited<ReturnType<typeof copyTemplateDatabase>>;
    let proxy: Awaited<ReturnType<typeof tcpProxy>>;
    let direct: Database;
    let store: TestStore;
    let token: string;

    beforeAll(async () => {
      await ensureWebBuild();
      copy = await copyTemplateDatabase(serverUrl, "skillshelf_outage");
      const target = new URL(copy.url);
      proxy = await tcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      const through = new URL(copy.url);
      through.hostname = "127.0.0.1";
      through.port = String(proxy.port);
      store = await createTestStore({
        pages: true,
        database: await openDatabase({ databaseUrl: through.toString(), maxConnections: 2 }),
      });
      await store.importCatalogue(smallCatalogue());
      token = await signIn(store, (await createUser(store)).id);
      // Another instance's connection, which the outage does not touch.
      direct = await openDatabase({ databaseUrl: copy.url, maxConnections: 1 });
    }, 60_000);

    afterAll(async () => {
      proxy?.restore();
      await store?.close();
      await direct?.close();
      await proxy?.close();
      await copy?.drop();
    });

    const profile = () => store.app.inject({ method: "POST", url: "/api/get-profile", headers: bearer(token) });
    const ordersPage = () =>
      store.app.inject({
        method: "GET",
        url: "/my-orders",
        headers: { cookie: `access-token=${token}`, accept: "text/html,application/xhtml+xml" },
      });
    const listingName = async () =>
      (
        await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })
      ).json<ListingResponse>().seo_data.name;

    it("answers 503 with Retry-After on the API and the pages, then serves again, hearing what changed meanwhile", async () => {
      expect((await profile()).statusCode).toBe(200);
      expect((await ordersPage()).statusCode).toBe(200);
      // The catalogue as the store keeps it in memory.
      expect(await listingName()).toBe("Docker");

      proxy.cut();
      const refused = await profile();
      expect(refused.statusCode).toBe(503);
      expect(refused.headers["retry-after"]).toBe("5");
      expect(refused.json()).toEqual({ status: false, message: DATABASE_UNAVAILABLE });
      const page = await ordersPage();
      expect(page.statusCode).toBe(503);
      expect(page.headers["retry-after"]).toBe("5");
      expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(page.body).toContain(DATABASE_UNAVAILABLE);
      expect((await store.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(503);

      // Another instance renames an artefact while this one cannot hear it.
      await direct.db.update(categories).set({ name: "Docker, renamed" }).where(eq(categories.slug, "docker"));
      await direct.notify(CATALOGUE_CHANNEL, "test");

      proxy.restore();
      await expect.poll(async () => (await profile()).statusCode, { timeout: 15_000 }).toBe(200);
      expect((await ordersPage()).statusCode).toBe(200);
      // Listening again, the store drops the catalogue it kept, as for a change it missed.
      await expect.poll(listingName, { timeout: 15_000 }).toBe("Docker, renamed");
    }, 60_000);
  });
} else {
  describe("the embedded database", () => {
    it("is in the store's own process: /api/health names it and answers", async () => {
      const store = await createTestStore();
      try {
        const health = await store.app.inject({ method: "GET", url: "/api/health" });
        expect(health.statusCode).toBe(200);
        expect(health.json().data).toEqual({ database: "pglite" });
      } finally {
        await store.close();
      }
    });
  });
}

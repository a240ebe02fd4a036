import type { AddressInfo } from "node:net";
import type { ListingResponse, OwnedItem } from "@skillshelf/shared/api.ts";
import { PROGRESS_MESSAGES } from "@skillshelf/shared/progress.ts";
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entitlements, readingProgress } from "../src/db/schema/index.ts";
import { selectItemPage } from "../src/orders/read-orders.ts";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, type TestStore } from "./helpers/app.ts";
import { rowsOf } from "./helpers/database.ts";
import { artefact, content, smallCatalogue } from "./helpers/factories.ts";
import { insertLearners } from "./helpers/history.ts";
import { buyByCard, buyFromListing, payForCart } from "./helpers/orders.ts";

let store: TestStore;
let base: string;
let docker: ListingResponse;
/** Docker's articles by slug: Basics (priced group) images, Extras (free group) compose, ungrouped volumes. */
const ids: Record<string, number> = {};

/** The small catalogue with a priced artefact of no articles, and (unless left out) a second ungrouped Docker article. */
function catalogue(withNetworks = true) {
  const file = smallCatalogue();
  if (withNetworks) {
    file.categories[0]?.artefacts?.[0]?.contents?.unshift(content({ slug: "networks", title: "Networks" }));
  }
  file.categories[1]?.artefacts?.push({
    ...artefact({ slug: "empty-lab", name: "Empty lab", price: 3 }),
    contents: [],
  });
  return file;
}

beforeAll(async () => {
  store = await createTestStore();
  await store.importCatalogue(catalogue());
  await store.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(store.app.server.address() as AddressInfo).port}`;
  docker = (await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })).json();
  for (const c of [...docker.groups.flatMap((g) => g.contents), ...docker.data]) ids[c.slug] = c.id;
  const git = (await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "git" } })).json();
  for (const c of git.data) ids[`git/${c.slug}`] = c.id;
}, 180_000);
afterAll(() => store?.close());

const id = (slug: string) => {
  const found = ids[slug];
  if (found === undefined) throw new Error(`no article ${slug}`);
  return found;
};

/** A learner with a session, who owns what `buy` gives them (nothing by default). */
async function learner(buy: { group?: string } | null = null) {
  const user = await createUser(store);
  const token = await signIn(store, user.id);
  if (buy) await buyFromListing(store, { id: user.id, token }, docker, buy.group);
  return clientOf(user.id, token);
}

function clientOf(userId: number, token: string) {
  const call = (method: "GET" | "PUT" | "DELETE", url: string) =>
    store.app.inject({ method, url, headers: bearer(token) });
  return {
    userId,
    token,
    call,
    mark: (slug: string) => call("PUT", `/api/progress/${id(slug)}`),
    unmark: (slug: string) => call("DELETE", `/api/progress/${id(slug)}`),
    article: async (slug: string) => (await call("GET", `/api/progress/${id(slug)}`)).json().data,
    done: async (category = "docker") => (await call("GET", `/api/progress?category=${category}`)).json().data.done,
    items: async () => (await call("GET", "/api/get-items")).json<{ data: { rows: OwnedItem[] } }>().data.rows,
  };
}

describe("marking an article done", () => {
  it("marks and unmarks an owned article, each twice without harm, and every session of the learner sees it", async () => {
    const me = await learner({});
    for (let i = 0; i < 2; i++) {
      const res = await me.mark("volumes");
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: true,
        message: PROGRESS_MESSAGES.marked,
        data: { content_id: id("volumes"), done: true },
      });
    }
    const rows = await store.database.db
      .select()
      .from(readingProgress)
      .where(and(eq(readingProgress.userId, me.userId), eq(readingProgress.contentId, id("volumes"))));
    expect(rows).toHaveLength(1);

    // Another device: another session of the same learner.
    const phone = clientOf(me.userId, await signIn(store, me.userId));
    expect(await phone.done()).toEqual([id("volumes")]);
    expect(await phone.article("volumes")).toEqual({ owned: true, done: true });
    expect(await phone.article("images")).toEqual({ owned: true, done: false });

    for (let i = 0; i < 2; i++) {
      const res = await phone.unmark("volumes");
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: true,
        message: PROGRESS_MESSAGES.unmarked,
        data: { content_id: id("volumes"), done: false },
      });
    }
    expect(await me.done()).toEqual([]);
    expect(await me.article("volumes")).toEqual({ owned: true, done: false });
  });

  it("is for owners only: 403 for an article not owned (outside the group bought, or free), 404 unknown, 401 for a visitor", async () => {
    const groupOwner = await learner({ group: "Basics" });
    expect((await groupOwner.mark("images")).statusCode).toBe(200);
    const outside = await groupOwner.mark("volumes");
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toEqual({ status: false, message: PROGRESS_MESSAGES.notOwned });
    expect((await groupOwner.unmark("compose")).statusCode).toBe(403);
    expect(await groupOwner.article("volumes")).toEqual({ owned: false, done: false });
    expect(await groupOwner.done()).toEqual([id("images")]);

    // Free articles belong to no one: nothing to mark.
    const reader = await learner();
    expect((await reader.mark("git/branches")).statusCode).toBe(403);
    expect(await reader.done("git")).toEqual([]);

    const unknown = await reader.call("PUT", "/api/progress/999999");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: false, message: PROGRESS_MESSAGES.contentNotFound });
    expect((await reader.call("GET", "/api/progress/999999")).statusCode).toBe(404);
    expect((await reader.call("PUT", "/api/progress/abc")).statusCode).toBe(422);
    expect((await reader.call("GET", "/api/progress?category=no-such-artefact")).statusCode).toBe(404);
    // A parent category has no articles of its own.
    expect((await reader.call("GET", "/api/progress?category=tech-cards")).statusCode).toBe(404);
    expect((await reader.call("GET", "/api/progress")).statusCode).toBe(422);

    for (const [method, url] of [
      ["PUT", `/api/progress/${id("images")}`],
      ["DELETE", `/api/progress/${id("images")}`],
      ["GET", `/api/progress/${id("images")}`],
      ["GET", "/api/progress?category=docker"],
    ] as const) {
      const res = await store.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe("progress on My Items", () => {
  it("counts each item's articles done and names the next one in the listing's order, then the first again", async () => {
    const me = await learner({});
    const progress = async () => (await me.items()).find((i) => i.groups === null)?.progress;
    // Groups first (Basics, Extras), then the ungrouped articles in their order.
    expect(await progress()).toEqual({ done: 0, total: 4, next: { slug: "images", title: "Images and layers" } });
    await me.mark("images");
    expect(await progress()).toEqual({ done: 1, total: 4, next: { slug: "compose", title: "Compose" } });
    await me.mark("networks");
    expect(await progress()).toEqual({ done: 2, total: 4, next: { slug: "compose", title: "Compose" } });
    await me.mark("compose");
    expect(await progress()).toEqual({ done: 3, total: 4, next: { slug: "volumes", title: "Volumes" } });
    await me.mark("volumes");
    // All done: the item offers its first article again.
    expect(await progress()).toEqual({ done: 4, total: 4, next: { slug: "images", title: "Images and layers" } });
    await me.unmark("compose");
    expect(await progress()).toEqual({ done: 3, total: 4, next: { slug: "compose", title: "Compose" } });
  });

  it("counts a group's own articles only, and shows an item with no articles as 0 of 0 with nothing next", async () => {
    const me = await learner({ group: "Basics" });
    await me.mark("images");
    const empty = (
      await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "empty-lab" } })
    ).json();
    await store.app.inject({
      method: "POST",
      url: "/api/cart/add",
      headers: bearer(me.token),
      payload: { sub_category_id: empty.seo_data.id },
    });
    await (await payForCart(store, me.userId)).confirm();
    const items = await me.items();
    expect(items.map((i) => [i.category.slug, i.groups?.name ?? null, i.progress])).toEqual([
      ["empty-lab", null, { done: 0, total: 0, next: null }],
      ["docker", "Basics", { done: 1, total: 1, next: { slug: "images", title: "Images and layers" } }],
    ]);
  });

  it("keeps one learner's progress from another's", async () => {
    const one = await learner({});
    const other = await learner({});
    await one.mark("images");
    await one.mark("networks");
    expect((await other.items())[0]?.progress.done).toBe(0);
    expect(await other.done()).toEqual([]);
    expect(await one.done()).toEqual([id("images"), id("networks")].sort((a, b) => a - b));
  });
});

describe("progress and refunds", () => {
  it("hides the progress of a refunded order, refuses new marks, and shows it again when the learner buys again", async () => {
    const { user, token, order, call } = await buyByCard(store, { base, artefactId: docker.seo_data.id, price: 19.99 });
    const me = clientOf(user.id, token);
    await me.mark("images");
    expect(await me.done()).toEqual([id("images")]);

    expect((await call("POST", `/api/orders/${order.id}/refund`)).statusCode).toBe(200);
    expect(await me.items()).toEqual([]);
    expect(await me.done()).toEqual([]);
    expect(await me.article("images")).toEqual({ owned: false, done: false });
    expect((await me.mark("volumes")).statusCode).toBe(403);
    // The row is kept, hidden.
    const kept = await store.database.db.select().from(readingProgress).where(eq(readingProgress.userId, user.id));
    expect(kept.map((r) => r.contentId)).toEqual([id("images")]);

    await call("POST", "/api/cart/add", { sub_category_id: docker.seo_data.id, group_id: null });
    await (await payForCart(store, user.id)).confirm();
    expect(await me.done()).toEqual([id("images")]);
    expect((await me.items())[0]?.progress).toMatchObject({ done: 1, total: 4 });
  });
});

describe("progress and the catalogue", () => {
  it("keeps progress when an import keeps the article, and drops it with an article the import removes", async () => {
    const me = await learner({});
    await me.mark("networks");
    await me.mark("volumes");
    // The same catalogue without Networks: Volumes keeps its id, and its progress.
    await store.importCatalogue(catalogue(false));
    expect(await me.done()).toEqual([id("volumes")]);
    const rows = await store.database.db
      .select({ contentId: readingProgress.contentId })
      .from(readingProgress)
      .where(eq(readingProgress.contentId, id("networks")));
    expect(rows).toEqual([]);
    expect((await me.items())[0]?.progress).toEqual({
      done: 1,
      total: 3,
      next: { slug: "images", title: "Images and layers" },
    });
  });
});

describe("the cost of My Items", () => {
  it("finds each item's progress by the learner's key, never by reading every learner's rows", async () => {
    const db = store.database.db;
    // 3,000 other learners who have done every article.
    const others = await insertLearners(db, { count: 3000, tag: "Reader", start: new Date("2025-01-01T00:00:00Z") });
    await db.execute(sql`
      insert into reading_progress (user_id, content_id)
      select u, c.id from generate_series(${others.firstId}::int, ${others.lastId}::int) u cross join contents c`);
    await db.execute(sql`analyze reading_progress`);
    const me = await learner({});
    await me.mark("images");
    const page = selectItemPage(db, me.userId)(undefined, [desc(entitlements.createdAt), desc(entitlements.id)], 21);
    const plan = rowsOf<Record<string, string>>(await db.execute(sql`explain ${page}`))
      .map((row) => Object.values(row).join(""))
      .join("\n");
    expect(plan).toContain("reading_progress_pkey");
    expect(plan).not.toMatch(/Seq Scan on reading_progress/);
    expect((await me.items())[0]?.progress).toMatchObject({ done: 1, total: 3 });
  });
});

import { PAGING_MESSAGES } from "@skillshelf/shared/paging.ts";
import { isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories } from "../src/db/schema/index.ts";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, ensureWebBuild, TestClock, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { insertLearners, insertOrders } from "./helpers/history.ts";

// The admin area's screens load on the server, with the search and the page in the URL:
// what an operator sees is in the HTML, before (and without) any JavaScript.
let store: TestStore;
const clock = new TestClock();
let admin: string;
let learner: string;
let orderIds: number[];

beforeAll(async () => {
  ensureWebBuild();
  store = await createTestStore({ pages: true, clock });
  await store.importCatalogue(smallCatalogue());
  // A zone far from the server's: the operator's dates are written in theirs.
  admin = await signIn(store, (await createUser(store, { role: "admin", timezone: "Pacific/Kiritimati" })).id);
  learner = await signIn(store, (await createUser(store)).id);
  const tagged = await insertLearners(store.database.db, { count: 25, tag: "Pager", start: new Date("2026-01-01") });
  const [category] = await store.database.db.select({ id: categories.id }).from(categories).limit(1);
  orderIds = await insertOrders(store.database.db, {
    users: { firstId: tagged.firstId, lastId: tagged.firstId },
    perUser: 3,
    tag: "adminpages",
    start: new Date("2026-11-01T10:30:00Z"),
    categoryId: category?.id,
  });
});
afterAll(() => store.close());

const page = (url: string, token: string | null = admin) =>
  store.app.inject({ method: "GET", url, headers: { accept: "text/html", ...(token ? bearer(token) : {}) } });
const nextHref = (html: string) => html.match(/<a [^>]*rel="next" href="([^"]+)"/)?.[1]?.replaceAll("&amp;", "&");
/** The learners of a tag a page lists (each e-mail shows in its row, its buttons and the page's data). */
const rowsIn = (html: string, tag: string) => new Set(html.match(new RegExp(`\\.${tag}\\d+@example\\.com`, "g"))).size;

describe("admin lists rendered on the server", () => {
  it("pages through the learners of a search by the links in the HTML", async () => {
    const first = await page("/admin/users?search=.pager");
    expect(first.statusCode).toBe(200);
    expect(rowsIn(first.body, "pager")).toBe(20);
    // The search box holds the search; the pager keeps it in its links.
    expect(first.body).toMatch(/<input[^>]*name="search"[^>]*value="\.pager"/);
    const next = nextHref(first.body);
    expect(next).toMatch(/^\/admin\/users\?search=\.pager&cursor=/);

    const second = await page(next ?? "");
    expect(second.statusCode).toBe(200);
    expect(rowsIn(second.body, "pager")).toBe(5);
    expect(nextHref(second.body)).toBeUndefined();
  });

  it("finds an order by its number and opens it, dated in the operator's time zone", async () => {
    const [id] = orderIds;
    const detail = await page(`/admin/orders/${id}`);
    expect(detail.statusCode).toBe(200);
    const number = detail.body.match(/<h1[^>]*>Order (SS-[A-Z0-9-]+)</)?.[1];
    expect(number).toMatch(/^SS-202611\d\d-[0-9A-F]{8}$/);
    // 10:3x UTC is past midnight in Kiritimati (UTC+14): the next day.
    expect(detail.body).toMatch(/November 2, 2026 at 12:3\d AM/);

    const found = await page(`/admin/orders?search=${encodeURIComponent(number ?? "")}`);
    expect(found.statusCode).toBe(200);
    expect(found.body).toContain(`href="/admin/orders/${id}"`);
  });

  it("answers a page link that was altered with 422, the reason and the first page of the same search", async () => {
    const res = await page("/admin/orders?search=pager&cursor=not-a-cursor");
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain(PAGING_MESSAGES.cursorMalformed);
    expect(res.body).toContain('href="/admin/orders?search=pager"');
  });

  it("refuses a search longer than 200 characters with 422 and says why", async () => {
    const res = await page(`/admin/users?search=${"a".repeat(201)}`);
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain("search must be at most 200 characters");
  });

  it("says an order that does not exist is not found", async () => {
    for (const url of ["/admin/orders/999999", "/admin/orders/abc"]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain("Order not found");
    }
  });

  it("opens the catalogue editor the URL names, in the server's HTML", async () => {
    const [artefact] = await store.database.db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(isNotNull(categories.parentId))
      .limit(1);
    if (!artefact) throw new Error("no artefact");
    const edit = await page(`/admin/catalogue/categories/${artefact.id}`);
    expect(edit.statusCode).toBe(200);
    expect(edit.body).toContain(`Edit artefact: ${artefact.name}`);
    // The artefact being edited is open in the tree.
    expect(edit.body).toContain(`aria-expanded="true" aria-label="Collapse ${artefact.name}"`);

    const add = await page(`/admin/catalogue/artefacts/${artefact.id}/groups/new`);
    expect(add.body).toContain(`New group in ${artefact.name}`);

    // A link to something that is gone opens no editor, and says so with its status (every route:
    // admin-catalogue-pages.test.ts).
    const gone = await page("/admin/catalogue/contents/999999");
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain("Choose Edit or Add on an item to change the catalogue.");
  });

  it("sends an editor's address of before (?edit=, ?add=) to the same editor's path, the tree's query kept", async () => {
    const moved = {
      "/admin/catalogue?edit=category-12&open=3": "/admin/catalogue/categories/12?open=3",
      "/admin/catalogue?edit=group-4": "/admin/catalogue/groups/4",
      "/admin/catalogue?search=git&edit=content-9&related=BRANCH":
        "/admin/catalogue/contents/9?search=git&related=BRANCH",
      "/admin/catalogue?add=parent": "/admin/catalogue/categories/new",
      "/admin/catalogue?add=artefact-3": "/admin/catalogue/categories/3/artefacts/new",
      "/admin/catalogue?add=group-5&cursor=abc": "/admin/catalogue/artefacts/5/groups/new?cursor=abc",
      "/admin/catalogue?add=content-5": "/admin/catalogue/artefacts/5/contents/new",
      "/admin/catalogue?add=content-5-4": "/admin/catalogue/artefacts/5/groups/4/contents/new",
      "/admin?edit=content-9": "/admin/catalogue/contents/9",
      // What names no editor opens none, as before.
      "/admin/catalogue?edit=nothing-1&open=": "/admin/catalogue?open=",
    };
    for (const [from, to] of Object.entries(moved)) {
      const res = await page(from);
      expect([from, res.statusCode, res.headers.location]).toEqual([from, 302, to]);
    }
    // And the editor opens there as it did.
    const [artefact] = await store.database.db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(isNotNull(categories.parentId))
      .limit(1);
    const res = await page(`/admin/catalogue?add=group-${artefact?.id}`);
    expect((await page(String(res.headers.location))).body).toContain(`New group in ${artefact?.name}`);
  });

  it("gives a learner the 403 page and sends a visitor to sign in", async () => {
    for (const url of ["/admin/users", "/admin/orders", `/admin/orders/${orderIds[0]}`, "/admin/catalogue"]) {
      const refused = await page(url, learner);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.body).toContain("This area is for store operators.");
      expect(refused.body).not.toContain(".pager1@example.com");

      const visitor = await page(url, null);
      expect(visitor.statusCode, url).toBe(302);
      expect(visitor.headers.location).toBe(`/login?redirectTo=${encodeURIComponent(url)}`);
    }
  });

  it("sends a visitor whom the app navigates to a list (its .data fetch) to sign in and back to the page itself", async () => {
    const fetched = await page("/admin/users.data?search=ada&cursor=x&_routes=routes%2Fadmin-users", null);
    // React Router's single fetch answers a redirect as data; where it goes is the page, not its .data address.
    expect(fetched.body).toContain('"SingleFetchRedirect"');
    expect(fetched.body).toContain(`"/login?redirectTo=${encodeURIComponent("/admin/users?search=ada&cursor=x")}"`);
  });
});

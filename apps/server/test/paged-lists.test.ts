import type { OrderRow, OwnedItem } from "@skillshelf/shared/api.ts";
import { PAGING_MESSAGES, type Page } from "@skillshelf/shared/paging.ts";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { categories, entitlements, orders } from "../src/db/schema/index.ts";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, TestClock, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { insertLearners, insertOrders } from "./helpers/history.ts";

let store: TestStore;
const clock = new TestClock();
let adminId: number;
let artefactIds: number[];

beforeAll(async () => {
  store = await createTestStore({ clock });
  await store.importCatalogue(smallCatalogue());
  adminId = (await createUser(store, { role: "admin" })).id;
  artefactIds = (await store.database.db.select({ id: categories.id }).from(categories)).map((c) => c.id);
});
afterAll(() => store.close());

const get = (token: string, url: string) => store.app.inject({ method: "GET", url, headers: bearer(token) });
const pageOf = async <Row>(token: string, url: string): Promise<Page<Row>> => {
  const res = await get(token, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Page<Row> }>().data;
};
const withCursor = (url: string, cursor: string) =>
  `${url}${url.includes("?") ? "&" : "?"}cursor=${encodeURIComponent(cursor)}`;

/** Every page of a list, following next_cursor from the first, then prev_cursor back from the last. */
async function walk<Row extends { id: number }>(token: string, url: string) {
  const forward: Page<Row>[] = [await pageOf<Row>(token, url)];
  for (let page = forward[0]; page?.next_cursor; ) {
    page = await pageOf<Row>(token, withCursor(url, page.next_cursor));
    forward.push(page);
  }
  const backward: Page<Row>[] = [forward.at(-1) as Page<Row>];
  for (let page = backward[0]; page?.prev_cursor; ) {
    page = await pageOf<Row>(token, withCursor(url, page.prev_cursor));
    backward.unshift(page);
  }
  const ids = (pages: Page<Row>[]) => pages.map((p) => p.rows.map((r) => r.id));
  return { forward, ids: ids(forward), back: ids(backward) };
}

const descending = (ids: number[]) => [...ids].sort((a, b) => b - a);

async function learnerWithOrders(count: number, stepMicros: number) {
  const user = await createUser(store);
  const ids = await insertOrders(store.database.db, {
    users: { firstId: user.id, lastId: user.id },
    perUser: count,
    tag: `u${user.id}`,
    start: clock.now(),
    stepMicros,
    categoryId: artefactIds[0],
  });
  return { user, ids, token: await signIn(store, user.id) };
}

describe("a learner's orders, a page at a time", () => {
  it("go newest first, 20 a page, forward and back, with equal timestamps in id order", async () => {
    const { ids, token } = await learnerWithOrders(45, 0);
    // Another learner's orders at the same moment are never listed.
    await learnerWithOrders(5, 0);
    const { forward, ids: pages, back } = await walk<OrderRow>(token, "/api/get-orders");
    expect(pages.map((p) => p.length)).toEqual([20, 20, 5]);
    expect(pages.flat()).toEqual(descending(ids));
    expect(back).toEqual(pages);
    expect(forward[0]?.prev_cursor).toBeNull();
    expect(forward.at(-1)?.next_cursor).toBeNull();
    expect(forward[0]?.limit).toBe(20);
    // The rows are the orders SPEC shows, with their lines.
    expect(forward[0]?.rows[0]).toMatchObject({ status: "Completed", amount: 19.99, currency: "GBP" });
    expect(forward[0]?.rows[0]?.orders).toHaveLength(1);
  });

  it("keep the database's microseconds: orders a microsecond apart are neither skipped nor repeated", async () => {
    const { ids, token } = await learnerWithOrders(23, 1);
    const { ids: pages } = await walk<OrderRow>(token, "/api/get-orders?limit=4");
    expect(pages.map((p) => p.length)).toEqual([4, 4, 4, 4, 4, 3]);
    expect(pages.flat()).toEqual(descending(ids));
  });

  it("show an order that arrives meanwhile on the first page, without shifting the pages already seen", async () => {
    const { user, token } = await learnerWithOrders(25, 1000);
    const first = await pageOf<OrderRow>(token, "/api/get-orders");
    const second = await pageOf<OrderRow>(token, withCursor("/api/get-orders", first.next_cursor ?? ""));
    clock.advance(1000);
    const [newest] = await insertOrders(store.database.db, {
      users: { firstId: user.id, lastId: user.id },
      perUser: 1,
      tag: `late${user.id}`,
      start: clock.now(),
    });
    const back = await pageOf<OrderRow>(token, withCursor("/api/get-orders", second.prev_cursor ?? ""));
    expect(back.rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));
    expect(back.prev_cursor).not.toBeNull();
    const top = await pageOf<OrderRow>(token, withCursor("/api/get-orders", back.prev_cursor ?? ""));
    expect(top.rows.map((r) => r.id)).toEqual([newest]);
    expect(top.prev_cursor).toBeNull();
  });

  it("answer an empty list as SPEC's data.rows, with no cursors", async () => {
    const token = await signIn(store, (await createUser(store)).id);
    expect((await get(token, "/api/get-orders")).json()).toEqual({
      status: true,
      message: "Orders fetched successfully",
      data: { rows: [], next_cursor: null, prev_cursor: null, limit: 20 },
    });
  });

  it("take a limit from 1 to 100 and refuse anything else with 422", async () => {
    const { token } = await learnerWithOrders(101, 1);
    expect((await pageOf(token, "/api/get-orders?limit=100")).rows).toHaveLength(100);
    expect((await pageOf(token, "/api/get-orders?limit=1")).rows).toHaveLength(1);
    for (const limit of ["0", "101", "-1", "1.5", "abc", "", "1e3"]) {
      const res = await get(token, `/api/get-orders?limit=${limit}`);
      expect(res.statusCode, limit).toBe(422);
      expect(res.json()).toMatchObject({
        status: false,
        message: PAGING_MESSAGES.limit,
        errors: { limit: PAGING_MESSAGES.limit },
      });
    }
  });
});

describe("a cursor that is forged or stale", () => {
  it("is refused with 422 and a message that says to start again, for every way of getting it wrong", async () => {
    const mine = await learnerWithOrders(3, 1);
    const other = await learnerWithOrders(3, 1);
    const cursor = (await pageOf<OrderRow>(mine.token, "/api/get-orders?limit=1")).next_cursor ?? "";
    const theirs = (await pageOf<OrderRow>(other.token, "/api/get-orders?limit=1")).next_cursor ?? "";
    const [payload = "", mac = ""] = cursor.split(".");
    const decoded = Buffer.from(payload, "base64url").toString();
    // Pointing the same signature at another position: an earlier id.
    const moved = `${Buffer.from(decoded.replace(/\.(\d+)\./, (_m, id) => `.${Number(id) - 1}.`)).toString("base64url")}.${mac}`;
    const cases: [string, string, string][] = [
      ["garbage", "hello", PAGING_MESSAGES.cursorMalformed],
      ["empty signature", `${payload}.`, PAGING_MESSAGES.cursorMalformed],
      ["extra part", `${cursor}.x`, PAGING_MESSAGES.cursorMalformed],
      ["too long", "a".repeat(300), PAGING_MESSAGES.cursorMalformed],
      ["another position", moved, PAGING_MESSAGES.cursorForged],
      ["another signature", `${payload}.${"A".repeat(mac.length)}`, PAGING_MESSAGES.cursorForged],
      ["another learner's", theirs, PAGING_MESSAGES.cursorForged],
    ];
    for (const [name, bad, message] of cases) {
      const res = await get(mine.token, withCursor("/api/get-orders", bad));
      expect(res.statusCode, name).toBe(422);
      expect(res.json(), name).toEqual({ status: false, message, errors: { cursor: message } });
    }
    const twice = await get(mine.token, `/api/get-orders?cursor=${encodeURIComponent(cursor)}&cursor=x`);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({ cursor: PAGING_MESSAGES.cursorMalformed });
    // A cursor of the orders is no cursor of the items.
    const items = await get(mine.token, withCursor("/api/get-items", cursor));
    expect(items.statusCode).toBe(422);
    expect(items.json().message).toBe(PAGING_MESSAGES.cursorForged);
    // It still works for its own list; a day later it has gone stale.
    expect((await get(mine.token, withCursor("/api/get-orders", cursor))).statusCode).toBe(200);
    clock.advance(24 * 60 * 60 * 1000 + 1000);
    const stale = await get(await signIn(store, mine.user.id), withCursor("/api/get-orders", cursor));
    expect(stale.statusCode).toBe(422);
    expect(stale.json()).toMatchObject({ message: PAGING_MESSAGES.cursorExpired });
  });
});

describe("a learner's items, a page at a time", () => {
  it("go newest first, forward and back, and leave out what a refund took away", async () => {
    const { user, token, ids: orderIds } = await learnerWithOrders(1, 0);
    const orderId = orderIds[0] ?? 0;
    const at = clock.now();
    const granted = await store.database.db
      .insert(entitlements)
      .values(
        Array.from({ length: 27 }, (_, i) => ({
          userId: user.id,
          categoryId: artefactIds[i % artefactIds.length] ?? 0,
          orderId,
          createdAt: at,
        })),
      )
      .returning({ id: entitlements.id });
    const revoked = granted.slice(0, 4).map((g) => g.id);
    await store.database.db.update(entitlements).set({ revokedAt: at }).where(inArray(entitlements.id, revoked));
    const { ids: pages, forward } = await walk<OwnedItem>(token, "/api/get-items");
    expect(pages.map((p) => p.length)).toEqual([20, 3]);
    expect(pages.flat()).toEqual(descending(granted.map((g) => g.id).filter((id) => !revoked.includes(id))));
    expect(forward[0]?.rows[0]?.category).toMatchObject({ slug: expect.any(String), name: expect.any(String) });
    const [row] = await store.database.db
      .select()
      .from(entitlements)
      .where(eq(entitlements.id, revoked[0] ?? 0));
    expect(row?.revokedAt).not.toBeNull();
  });
});

describe("a page whose neighbours went since its link was issued", () => {
  async function learnerWithItems(count: number) {
    const { user, token, ids } = await learnerWithOrders(1, 0);
    const at = clock.now();
    const granted = await store.database.db
      .insert(entitlements)
      .values(
        Array.from({ length: count }, (_, i) => ({
          userId: user.id,
          categoryId: artefactIds[i % artefactIds.length] ?? 0,
          orderId: ids[0] ?? 0,
          createdAt: at,
        })),
      )
      .returning({ id: entitlements.id });
    const revoke = (ids: number[]) =>
      store.database.db.update(entitlements).set({ revokedAt: at }).where(inArray(entitlements.id, ids));
    return { token, ids: descending(granted.map((g) => g.id)), revoke };
  }

  it("links back only while there are rows before it, and an emptied page still leads back", async () => {
    const { token, ids, revoke } = await learnerWithItems(25);
    const first = await pageOf<OwnedItem>(token, "/api/get-items");
    const second = await pageOf<OwnedItem>(token, withCursor("/api/get-items", first.next_cursor ?? ""));
    expect(second.rows.map((r) => r.id)).toEqual(ids.slice(20));
    expect(second.prev_cursor).not.toBeNull();
    // The second page's rows go: its link shows an empty page that still leads back to the first.
    await revoke(ids.slice(20));
    const emptied = await pageOf<OwnedItem>(token, withCursor("/api/get-items", first.next_cursor ?? ""));
    expect(emptied.rows).toEqual([]);
    expect(emptied.next_cursor).toBeNull();
    const back = await pageOf<OwnedItem>(token, withCursor("/api/get-items", emptied.prev_cursor ?? ""));
    expect(back.rows.map((r) => r.id)).toEqual(ids.slice(0, 20));
    // The first page's rows go too: the link from the first page has nothing before it to lead back to.
    await revoke(ids.slice(0, 20));
    const alone = await pageOf<OwnedItem>(token, withCursor("/api/get-items", first.next_cursor ?? ""));
    expect(alone).toMatchObject({ rows: [], next_cursor: null, prev_cursor: null });
  });

  it("going back, links on only while there are rows after it", async () => {
    const { token, ids, revoke } = await learnerWithItems(25);
    const first = await pageOf<OwnedItem>(token, "/api/get-items?limit=10");
    const second = await pageOf<OwnedItem>(token, withCursor("/api/get-items?limit=10", first.next_cursor ?? ""));
    // Back from the second page: the first page again, with a link on while the rest are there.
    const back = await pageOf<OwnedItem>(token, withCursor("/api/get-items?limit=10", second.prev_cursor ?? ""));
    expect(back.rows.map((r) => r.id)).toEqual(ids.slice(0, 10));
    expect(back.next_cursor).not.toBeNull();
    expect(back.prev_cursor).toBeNull();
    await revoke(ids.slice(10));
    const last = await pageOf<OwnedItem>(token, withCursor("/api/get-items?limit=10", second.prev_cursor ?? ""));
    expect(last.rows.map((r) => r.id)).toEqual(ids.slice(0, 10));
    expect(last.next_cursor).toBeNull();
  });
});

describe("the admin lists, searched and paged", () => {
  let adminToken: string;
  beforeEach(async () => {
    adminToken = await signIn(store, adminId);
  });

  it("page through a learner search forward and back; a cursor works only with its own search", async () => {
    const { firstId, lastId } = await insertLearners(store.database.db, {
      count: 47,
      tag: "Pagefind",
      start: clock.now(),
      stepMicros: 0,
    });
    await insertLearners(store.database.db, { count: 10, tag: "Elsewhere", start: clock.now() });
    const url = "/api/admin/users?search=pagefind";
    const { ids: pages, forward } = await walk<{ id: number }>(adminToken, url);
    expect(pages.map((p) => p.length)).toEqual([20, 20, 7]);
    const all = Array.from({ length: lastId - firstId + 1 }, (_, i) => firstId + i);
    expect(pages.flat()).toEqual(descending(all));
    // The case of the search is not part of it.
    const next = forward[0]?.next_cursor ?? "";
    const upper = await pageOf<{ id: number }>(adminToken, withCursor("/api/admin/users?search=%20PAGEFIND", next));
    expect(upper.rows.map((r) => r.id)).toEqual(pages[1]);
    const byEmail = await pageOf<{ email: string }>(adminToken, "/api/admin/users?search=.pagefind3@");
    expect(byEmail.rows.map((r) => r.email)).toEqual([expect.stringMatching(/^[0-9a-f]{6}\.pagefind3@example\.com$/)]);
    const other = await get(adminToken, withCursor("/api/admin/users?search=elsewhere", next));
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(PAGING_MESSAGES.cursorForged);
    const unsearched = await get(adminToken, withCursor("/api/admin/users", next));
    expect(unsearched.statusCode).toBe(422);
  });

  it("page through an order search by e-mail, and find one order by number or transaction id", async () => {
    const learners = await insertLearners(store.database.db, { count: 3, tag: "Buyer", start: clock.now() });
    const ids = await insertOrders(store.database.db, {
      users: learners,
      perUser: 9,
      tag: "srch",
      start: clock.now(),
      stepMicros: 0,
    });
    const { ids: pages } = await walk<{ id: number }>(adminToken, "/api/admin/orders?search=buyer&limit=10");
    expect(pages.map((p) => p.length)).toEqual([10, 10, 7]);
    expect(pages.flat()).toEqual(descending(ids));
    const one = ids[5] ?? 0;
    const [sample] = await store.database.db
      .select({ number: orders.orderNumber, transaction: orders.transactionId })
      .from(orders)
      .where(eq(orders.id, one));
    const byNumber = await pageOf<{ id: number }>(adminToken, `/api/admin/orders?search=${sample?.number.slice(-6)}`);
    expect(byNumber.rows.map((r) => r.id)).toEqual([one]);
    const byTransaction = await pageOf<{ id: number }>(
      adminToken,
      `/api/admin/orders?search=${sample?.transaction.toUpperCase()}`,
    );
    expect(byTransaction.rows.map((r) => r.id)).toEqual([one]);
    const learnerTwo = await pageOf<{ id: number; customer: { email: string } }>(
      adminToken,
      "/api/admin/orders?search=.buyer2%40example.com",
    );
    expect(learnerTwo.rows).toHaveLength(9);
    expect(learnerTwo.rows.every((r) => r.customer.email.endsWith(".buyer2@example.com"))).toBe(true);
  });

  it("take the same limits and refuse a forged cursor", async () => {
    for (const url of ["/api/admin/orders", "/api/admin/users"]) {
      expect((await get(adminToken, `${url}?limit=101`)).statusCode).toBe(422);
      const res = await get(adminToken, `${url}?cursor=not-a-cursor`);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ cursor: PAGING_MESSAGES.cursorMalformed });
    }
  });

  it("describe the cursors and the limit in the OpenAPI document", async () => {
    const doc = (await store.app.inject({ url: "/api/docs/json" })).json();
    for (const path of ["/api/get-orders", "/api/get-items", "/api/admin/users", "/api/admin/orders"]) {
      const op = doc.paths[path].get;
      expect(
        op.parameters.map((p: { name: string }) => p.name),
        path,
      ).toEqual(expect.arrayContaining(["cursor", "limit"]));
      const data = op.responses["200"].content["application/json"].schema.properties.data.properties;
      expect(Object.keys(data), path).toEqual(["rows", "next_cursor", "prev_cursor", "limit"]);
    }
  });
});

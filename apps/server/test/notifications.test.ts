import type { AddressInfo } from "node:net";
import type { ListingResponse, NotificationItem, NotificationsView } from "@skillshelf/shared/api.ts";
import { CATALOGUES } from "@skillshelf/shared/i18n/catalogues.ts";
import { LANGUAGE_CODES, type LanguageCode, SETTING_OF_CODE } from "@skillshelf/shared/i18n/languages.ts";
import { sql } from "drizzle-orm";
import { DomUtils, parseDocument } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notify } from "../src/notifications/notifications.ts";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, ensureWebBuild, type TestStore } from "./helpers/app.ts";
import { content, smallCatalogue } from "./helpers/factories.ts";
import { buyByCard, buyFromListing } from "./helpers/orders.ts";

let store: TestStore;
let docker: ListingResponse;
let base: string;
let adminToken: string;

beforeAll(async () => {
  ensureWebBuild();
  store = await createTestStore({ pages: true });
  await store.importCatalogue(smallCatalogue());
  docker = (await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })).json();
  await store.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(store.app.server.address() as AddressInfo).port}`;
  adminToken = await signIn(store, (await createUser(store, { role: "admin" })).id);
}, 180_000);
afterAll(() => store?.close());

async function learner(language: LanguageCode = "en") {
  const user = await createUser(store, { language: SETTING_OF_CODE[language] });
  const token = await signIn(store, user.id);
  const list = async () => {
    const res = await store.app.inject({ url: "/api/notifications", headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: NotificationsView }>().data;
  };
  const page = async (url: string) => {
    const res = await store.app.inject({ url, headers: { cookie: `access-token=${token}` } });
    expect(res.statusCode, url).toBe(200);
    return res.body;
  };
  /** Buys Docker's Basics group (or the whole artefact) through the one fulfilment. */
  const buy = (groupName?: string) => buyFromListing(store, { id: user.id, token }, docker, groupName);
  return { user, token, list, page, buy };
}

/** The header's bell: its accessible name carries the unread count. */
const bell = (html: string) =>
  /<a [^>]*aria-label="(Notifications[^"]*)"[^>]*href="\/notifications"|<a [^>]*href="\/notifications"[^>]*aria-label="(Notifications[^"]*)"/
    .exec(html)
    ?.slice(1)
    .find(Boolean);

const titles = (items: NotificationItem[]) => items.map((n) => n.title);

/** A text of the account pages in `code`, by its English key. */
const say = (code: LanguageCode, key: string) => CATALOGUES[code].account?.[key] ?? key;
const EMPTY_STATE = "Your orders, refunds and new articles in what you own appear here.";

/** What the notifications page shows: its groups' headings and items, and what the Unread group says when empty. */
function groupsOf(html: string) {
  const document = parseDocument(html);
  const all = (test: (attribs: Record<string, string>, name: string) => boolean) =>
    DomUtils.findAll((e) => test(e.attribs, e.name), document.children);
  const group = (id: string) => {
    const [section] = all((a, name) => name === "section" && a["aria-labelledby"] === id);
    if (!section) return null;
    const within = (className: string) =>
      DomUtils.findAll((e) => e.attribs.class?.split(" ").includes(className) ?? false, [section]);
    return {
      heading: DomUtils.textContent(within("notification-group__title")).replace(/\s+/g, " ").trim(),
      items: within("notification").length,
      empty: within("notification-group__empty").map((e) => DomUtils.textContent(e).trim()),
    };
  };
  return { unread: group("unread-title"), earlier: group("earlier-title"), text: DomUtils.textContent(document) };
}

/** The articles new_article notifications are about: "Old news 3 is ready to read in Docker." → "Old news 3". */
const articles = (items: NotificationItem[]) => items.map((n) => n.text.replace(/ is ready to read in .*$/, ""));

describe("notifications that are true", () => {
  it("start empty: no sample text, an empty page, a bell without a count", async () => {
    const fresh = await learner();
    expect(await fresh.list()).toEqual({ unread: [], earlier: [], next_cursor: null, prev_cursor: null, limit: 20 });
    const html = await fresh.page("/notifications");
    // One empty state, in the Unread group: no Earlier group of nothing.
    const { unread, earlier } = groupsOf(html);
    expect(unread?.empty).toEqual([`You are all caught up. ${EMPTY_STATE}`]);
    expect(earlier).toBeNull();
    expect(html).not.toContain("Docker Tech Cards");
    expect(html).toContain("View All Notifications");
    expect(bell(html)).toBe("Notifications");
  });

  it("tell of a completed order, count it in the header, and mark it read once the page showed it", async () => {
    const buyer = await learner();
    const order = await buyer.buy();
    const { unread, earlier } = await buyer.list();
    expect(earlier).toEqual([]);
    expect(unread).toEqual([
      {
        id: expect.any(Number),
        kind: "order_completed",
        title: "Your order is complete",
        text: `Order ${order.orderNumber}: Docker is unlocked.`,
        link: `/order-details/${order.orderId}`,
        created_at: expect.any(String),
      },
    ]);
    expect(bell(await buyer.page("/dashboard"))).toBe("Notifications, 1 unread");
    // Listing them through the API does not read them.
    expect((await buyer.list()).unread).toHaveLength(1);

    const shown = await buyer.page("/notifications");
    expect(shown).toMatch(/Unread.*Your order is complete/s);
    expect(groupsOf(shown).earlier).toBeNull();
    expect(shown).toContain(`href="/order-details/${order.orderId}"`);
    const after = await buyer.list();
    expect(after.unread).toEqual([]);
    expect(titles(after.earlier)).toEqual(["Your order is complete"]);
    expect(bell(await buyer.page("/dashboard"))).toBe("Notifications");
    expect(await buyer.page("/notifications")).toMatch(
      /Unread.*You are all caught up\..*Earlier.*Your order is complete/s,
    );
  });

  for (const code of LANGUAGE_CODES) {
    it(`show five unread and no earlier ones without an empty Earlier group or the empty state (${code})`, async () => {
      const reader = await learner(code);
      await notify(
        store.app.database.db,
        Array.from({ length: 5 }, (_, i) => ({
          userId: reader.user.id,
          params: { kind: "new_article" as const, title: `Fresh ${i + 1}`, artefact: "Docker" },
          link: "/docker",
        })),
        store.app.clock(),
      );
      const first = groupsOf(await reader.page("/notifications"));
      expect(first.unread).toEqual({
        heading: expect.stringMatching(new RegExp(`^${say(code, "Unread")}\\s*5 `)),
        items: 5,
        empty: [],
      });
      expect(first.earlier).toBeNull();
      expect(first.text).not.toContain(say(code, EMPTY_STATE));
      // Seen: none unread, five earlier, and still no empty state.
      const again = groupsOf(await reader.page("/notifications"));
      expect(again.unread).toEqual({
        heading: expect.stringMatching(new RegExp(`^${say(code, "Unread")}\\s*0 `)),
        items: 0,
        empty: [say(code, "You are all caught up.")],
      });
      expect(again.earlier).toEqual({
        heading: expect.stringMatching(new RegExp(`^${say(code, "Earlier")}\\s*5 `)),
        items: 5,
        empty: [],
      });
      expect(again.text).not.toContain(say(code, EMPTY_STATE));
    });
  }

  it("tell of a refund", async () => {
    const bought = await buyByCard(store, { base, artefactId: docker.seo_data.id, price: 19.99 });
    expect((await bought.call("POST", `/api/orders/${bought.order.id}/refund`)).statusCode).toBe(200);
    const { unread } = (await bought.call("GET", "/api/notifications")).json<{ data: NotificationsView }>().data;
    expect(unread.map((n) => [n.kind, n.title, n.text, n.link])).toEqual([
      [
        "order_refunded",
        "Your refund is done",
        `Order ${bought.order.order_id}: £19.99 goes back the way you paid (Card).`,
        `/order-details/${bought.order.id}`,
      ],
      [
        "order_completed",
        "Your order is complete",
        `Order ${bought.order.order_id}: Docker is unlocked.`,
        `/order-details/${bought.order.id}`,
      ],
    ]);
    // Its kind, as the page labels it: the noun, which English writes as the refund button's verb.
    const shown = await store.app.inject({
      url: "/notifications",
      headers: { cookie: `access-token=${bought.token}` },
    });
    expect(shown.body).toContain('<span class="notification__kind">Refund</span>');
  });

  it("tell owners of new articles in what they own, and nobody else", async () => {
    const whole = await learner();
    await whole.buy();
    const basics = await learner();
    await basics.buy("Basics");
    const stranger = await learner();
    for (const who of [whole, basics]) await who.page("/notifications"); // the orders' notices are read
    const extras = docker.groups.find((g) => g.name === "Extras");
    const created = await store.app.inject({
      method: "POST",
      url: `/api/admin/categories/${docker.seo_data.id}/contents`,
      headers: bearer(adminToken),
      payload: { slug: "networks", title: "Networks", group_id: extras?.id },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await whole.list()).unread.map((n) => [n.kind, n.title, n.text, n.link])).toEqual([
      ["new_article", "New article in Docker", "Networks is ready to read in Docker.", "/docker/networks"],
    ]);
    expect((await basics.list()).unread).toEqual([]);
    expect((await stranger.list()).unread).toEqual([]);

    // An import that adds an article to the Basics group tells both owners; one that changes nothing tells no one.
    const catalogue = smallCatalogue();
    const file = catalogue.categories[0]?.artefacts?.[0];
    file?.groups?.[0]?.contents?.push(content({ slug: "healthchecks", title: "Healthchecks" }));
    file?.groups?.[1]?.contents?.push(content({ slug: "networks", title: "Networks" }));
    await store.importCatalogue(catalogue);
    await store.importCatalogue(catalogue);
    expect(titles((await whole.list()).unread)).toEqual(["New article in Docker", "New article in Docker"]);
    expect((await basics.list()).unread.map((n) => n.link)).toEqual(["/docker/healthchecks"]);
    expect((await stranger.list()).unread).toEqual([]);
  });

  it("are the learner's own: reading another's ids changes nothing; bad input gets 422, a visitor 401", async () => {
    const owner = await learner();
    await owner.buy();
    const [notice] = (await owner.list()).unread;
    const other = await learner();
    const read = (token: string, payload: unknown) =>
      store.app.inject({
        method: "POST",
        url: "/api/notifications/read",
        headers: bearer(token),
        payload: payload as object,
      });
    const foreign = await read(other.token, { ids: [notice?.id] });
    expect(foreign.json()).toMatchObject({ status: true, data: { marked: 0 } });
    expect((await owner.list()).unread).toHaveLength(1);
    expect((await read(owner.token, { ids: [] })).statusCode).toBe(422);
    expect((await read(owner.token, { ids: ["x"] })).statusCode).toBe(422);
    const mine = await read(owner.token, { ids: [notice?.id] });
    expect(mine.json()).toEqual({ status: true, message: "Notifications marked read.", data: { marked: 1 } });
    expect((await owner.list()).unread).toEqual([]);
    expect((await store.app.inject({ url: "/api/notifications" })).statusCode).toBe(401);
  });

  it("page the earlier ones, newest first, however long the history", async () => {
    const reader = await learner();
    // 45 read notifications a minute apart, and 2 unread ones.
    const start = Date.parse("2026-01-01T00:00:00Z");
    await notify(
      store.app.database.db,
      Array.from({ length: 45 }, (_, i) => ({
        userId: reader.user.id,
        params: { kind: "new_article" as const, title: `Old news ${i + 1}`, artefact: "Docker" },
        link: "/docker",
      })),
      new Date(start),
    );
    await store.app.database.db.execute(
      sql`update notifications set read_at = now(), created_at = ${new Date(start).toISOString()}::timestamptz + (id - (select min(id) from notifications where user_id = ${reader.user.id})) * interval '1 minute' where user_id = ${reader.user.id}`,
    );
    await notify(
      store.app.database.db,
      ["New 1", "New 2"].map((title) => ({
        userId: reader.user.id,
        params: { kind: "new_article" as const, title, artefact: "Docker" },
        link: "/docker",
      })),
      new Date(start + 3600_000 * 24),
    );

    const get = async (query = "") => {
      const res = await store.app.inject({ url: `/api/notifications${query}`, headers: bearer(reader.token) });
      expect(res.statusCode, query).toBe(200);
      return res.json<{ data: NotificationsView }>().data;
    };
    const first = await get();
    expect(articles(first.unread)).toEqual(["New 2", "New 1"]);
    expect(articles(first.earlier)).toEqual(Array.from({ length: 20 }, (_, i) => `Old news ${45 - i}`));
    expect(first.prev_cursor).toBeNull();
    const second = await get(`?cursor=${encodeURIComponent(first.next_cursor ?? "")}`);
    expect(articles(second.earlier)).toEqual(Array.from({ length: 20 }, (_, i) => `Old news ${25 - i}`));
    const third = await get(`?cursor=${encodeURIComponent(second.next_cursor ?? "")}`);
    expect(articles(third.earlier)).toEqual(["Old news 5", "Old news 4", "Old news 3", "Old news 2", "Old news 1"]);
    expect(third.next_cursor).toBeNull();
    const back = await get(`?cursor=${encodeURIComponent(third.prev_cursor ?? "")}`);
    expect(articles(back.earlier)).toEqual(articles(second.earlier));
    expect((await get("?limit=5")).earlier).toHaveLength(5);

    // The page: the second page of Earlier, with links to the pages beside it.
    const html = await reader.page(`/notifications?cursor=${encodeURIComponent(first.next_cursor ?? "")}`);
    expect(html).toContain("Old news 25");
    expect(html).not.toContain("Old news 26 ");
    expect(html).toContain('aria-label="Earlier notification pages"');
    expect(html).toContain("View All Notifications");

    // Another learner's cursor, or an altered one, is refused with the reason.
    const other = await learner();
    const foreign = await store.app.inject({
      url: `/api/notifications?cursor=${encodeURIComponent(first.next_cursor ?? "")}`,
      headers: bearer(other.token),
    });
    expect(foreign.statusCode).toBe(422);
    const page = await store.app.inject({
      url: "/notifications?cursor=nonsense",
      headers: { cookie: `access-token=${reader.token}` },
    });
    expect(page.statusCode).toBe(422);
    expect(page.body).toContain("This page is no longer available");
  });

  it("never reach a visitor's kept page", async () => {
    const html = (await store.app.inject({ url: "/docker" })).body;
    expect(bell(html)).toBeUndefined();
  });
});

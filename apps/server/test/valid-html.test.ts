import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { ListingResponse } from "@skillshelf/shared/api.ts";
import { LANGUAGE_CODES, type LanguageCode, languagePath, SETTING_OF_CODE } from "@skillshelf/shared/i18n/languages.ts";
import { eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  categories,
  contents,
  coupons,
  contentGroups as groups,
  orders,
  teamPurchases,
  teamRefunds,
  teamSeats,
} from "../src/db/schema/index.ts";
import { notify } from "../src/notifications/notifications.ts";
import { bearer, createUser, lastMailOf, signIn } from "./helpers/accounts.ts";
import { createTestStore, ensureWebBuild, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { insertLearners, insertOrders } from "./helpers/history.ts";
import { addToCart, buyFromListing, buyTeamSeats } from "./helpers/orders.ts";
import { formPost, PUBLIC_PAGES } from "./helpers/pages.ts";

/**
 * Every kind of page, as a guest, a learner and an operator see it in each of
 * the three languages, has no error for the Nu Html Checker (the W3C's
 * validator, from the vnu-jar package). The pages are rendered through the
 * store, saved, and checked in one run of the checker, so Java starts once.
 */
const require = createRequire(import.meta.url);
const vnuJar = require.resolve("vnu-jar/build/dist/vnu.jar");
/**
 * Java on its first tier of compilation only (a run of seconds spends more on the second than it
 * saves), with the deeper stack the checker's schema then needs; errors only, as JSON. Its language
 * detection only ever warns: off.
 */
const VNU = [
  "-Xss16m",
  "-XX:TieredStopAtLevel=1",
  "-jar",
  vnuJar,
  "--errors-only",
  "--no-langdetect",
  "--format",
  "json",
];
const run = promisify(execFile);

let store: TestStore;
let dir = "";
/** Each language's learner (an order, an article done, a cart with credit and a coupon, a notification) and newcomer. */
const learners = {} as Record<LanguageCode, { token: string; orderId: number; newcomer: string; teamId: number }>;
const operators = {} as Record<LanguageCode, string>;
const ids = { artefact: 0, parent: 0, group: 0, content: 0, coupon: 0, order: 0 };
let resetLink = "";
/** An invitation's page, with a seat left (a team's link). */
let joinLink = "";

beforeAll(async () => {
  ensureWebBuild();
  store = await createTestStore({ pages: true });
  await store.importCatalogue(smallCatalogue());
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "skillshelf-vnu-"));
  const db = store.database.db;
  const docker = (
    await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })
  ).json<ListingResponse>();
  await db.insert(coupons).values({ code: "TEN-OFF", kind: "percent", value: 10 });
  for (const code of LANGUAGE_CODES) {
    const language = SETTING_OF_CODE[code];
    operators[code] = await signIn(store, (await createUser(store, { role: "admin", language })).id);
    const learner = await createUser(store, { language });
    const token = await signIn(store, learner.id);
    const { orderId } = await buyFromListing(store, { id: learner.id, token }, docker, "Basics");
    await seatsOf(orderId, learner.id, { refunded: true });
    // Seats of Docker for a team (/my-teams), one of them claimed by a colleague with the team's link.
    const { teamId, link } = await buyTeamSeats(store, { id: learner.id, token }, docker, 3);
    joinLink = `/teams/join/${link}`;
    const colleague = await signIn(store, (await createUser(store, { language })).id);
    const joined = await store.app.inject({
      method: "POST",
      url: `/api/teams/join/${link}`,
      headers: bearer(colleague),
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const images = docker.groups.find((g) => g.name === "Basics")?.contents[0];
    await store.app.inject({ method: "PUT", url: `/api/progress/${images?.id}`, headers: bearer(token) });
    await addToCart(store, token, docker);
    const cookie = { cookie: `access-token=${token}` };
    expect((await formPost(store, "/cart", { intent: "coupon", code: "TEN-OFF" }, cookie)).statusCode).toBe(303);
    await notify(
      db,
      [{ userId: learner.id, params: { kind: "new_article", title: "Networks", artefact: "Docker" }, link: "/docker" }],
      store.app.clock(),
    );
    const newcomer = await signIn(store, (await createUser(store, { language })).id);
    learners[code] = { token, orderId, newcomer, teamId };
  }
  const forgetful = await createUser(store);
  await store.app.inject({ method: "POST", url: "/api/forgot-password", payload: { email: forgetful.email } });
  resetLink = /\/reset-password\/[\w-]+/.exec((await lastMailOf(store, forgetful.email))?.text ?? "")?.[0] ?? "";
  expect(resetLink).not.toBe("");

  // Other learners' orders of an artefact, for the operator's lists (and a delete it refuses).
  const tagged = await insertLearners(db, { count: 3, tag: "Valid", start: new Date("2026-01-01") });
  const [artefact] = await db
    .select({ id: categories.id, parentId: categories.parentId })
    .from(categories)
    .where(isNotNull(categories.parentId))
    .limit(1);
  [ids.order = 0] = await insertOrders(db, {
    users: { firstId: tagged.firstId, lastId: tagged.firstId },
    perUser: 2,
    tag: "validhtml",
    start: new Date("2026-11-01T10:30:00Z"),
    categoryId: artefact?.id,
  });
  // A team purchase of that order, with a claimed seat: the operator's order page shows its holder.
  await seatsOf(ids.order, tagged.firstId, { holderId: tagged.firstId });
  ids.artefact = artefact?.id ?? 0;
  ids.parent = artefact?.parentId ?? 0;
  ids.group = (await db.select({ id: groups.id }).from(groups).limit(1))[0]?.id ?? 0;
  ids.content = (await db.select({ id: contents.id }).from(contents).limit(1))[0]?.id ?? 0;
  const coupon = await formPost(
    store,
    "/admin/coupons",
    { code: "spring-25", kind: "percent", value: "25", max_uses: "100", artefact_ids: String(docker.seo_data.id) },
    { cookie: `access-token=${operators.en}` },
  );
  expect(coupon.statusCode).toBe(303);
  ids.coupon = (await db.select({ id: coupons.id }).from(coupons).limit(1))[0]?.id ?? 0;
}, 180_000);
afterAll(async () => {
  await store?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * Makes the order a team order of Docker as fulfilment would (its line aside): a team purchase with two
 * seats, the first held by `holderId`, or, `refunded`, one of three refunded (the learner's pages show it).
 */
async function seatsOf(orderId: number, buyerId: number, options: { holderId?: number; refunded?: boolean }) {
  const db = store.database.db;
  const now = store.app.clock();
  const [docker] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, "docker"));
  const [team] = await db
    .insert(teamPurchases)
    .values({ buyerId, orderId, categoryId: docker?.id ?? 0, name: "Docker", unitPriceMinor: 1999, currency: "GBP" })
    .returning({ id: teamPurchases.id });
  const teamId = team?.id ?? 0;
  const { holderId } = options;
  await db
    .insert(teamSeats)
    .values([
      { teamId, orderId, ...(holderId ? { holderId, claimedAt: now } : {}) },
      { teamId, orderId },
      ...(options.refunded ? [{ teamId, orderId, removedAt: now }] : []),
    ]);
  if (options.refunded) {
    await db
      .insert(teamRefunds)
      .values({ orderId, teamId, seats: 1, amountMinor: 100, refundRef: "re_valid", createdAt: now });
    await db.update(orders).set({ seatsRefundedMinor: 100, seatsRefundedAt: now }).where(eq(orders.id, orderId));
  }
}

/** The public pages (PUBLIC_PAGES), an article with links, and a reset link that works. */
const guestPages = () => [
  ...PUBLIC_PAGES,
  "/git/branches",
  resetLink,
  "/account-deleted",
  joinLink,
  "/teams/join/no-such-code",
  `/registration?redirectTo=${encodeURIComponent(joinLink)}`,
];

const learnerPages = (orderId: number) => [
  "/",
  "/docker",
  "/docker/images",
  "/git/branches",
  "/dashboard",
  "/settings",
  "/delete-account/a-link-token",
  "/my-items",
  "/my-orders",
  "/my-teams",
  "/my-teams?done=invited&count=2",
  joinLink,
  "/my-items?notice=seat-claimed",
  `/order-details/${orderId}`,
  "/notifications",
  "/cart",
  "/checkout",
  `/payment-confirmation?order=${orderId}`,
  `/order-confirmation?order=${orderId}`,
  "/payment-cancelled",
  "/payment-cancelled?refunded=1",
  "/search?q=docker",
  "/my-orders?cursor=not-a-cursor",
  "/order-details/999999",
];

/** A learner's pages with nothing in them yet. */
const newcomerPages = ["/dashboard", "/my-items", "/my-orders", "/my-teams", "/notifications", "/cart"];

const operatorPages = () => [
  "/admin",
  "/admin/catalogue",
  "/admin/catalogue?search=docker",
  `/admin/catalogue?open=${ids.artefact}`,
  `/admin/catalogue/categories/${ids.artefact}`,
  `/admin/catalogue/categories/${ids.parent}`,
  "/admin/catalogue/categories/new",
  `/admin/catalogue/categories/${ids.parent}/artefacts/new`,
  `/admin/catalogue/artefacts/${ids.artefact}/groups/new`,
  `/admin/catalogue/groups/${ids.group}`,
  `/admin/catalogue/artefacts/${ids.artefact}/contents/new`,
  `/admin/catalogue/artefacts/${ids.artefact}/groups/${ids.group}/contents/new`,
  `/admin/catalogue/contents/${ids.content}`,
  "/admin/catalogue/categories/999999",
  "/admin/users",
  "/admin/users?search=nobody-at-all",
  "/admin/orders",
  `/admin/orders/${ids.order}`,
  "/admin/orders/999999",
  "/admin/orders?cursor=not-a-cursor",
  "/admin/coupons",
  `/admin/coupons?edit=${ids.coupon}`,
  "/admin/sales",
  "/admin/sales?range=1y",
  "/admin/sales?from=2026-11-10&to=2026-11-01",
  "/admin/audit",
  "/admin/audit?action=catalogue.imported&actor=nobody%40example.com",
  "/admin/teams",
];

/** Plain form posts (no JavaScript) answered with a page: refusals with their messages, PayU's hand-off. */
const postedPages = (code: LanguageCode, total: number, currency: string) => {
  // A guest's forms at their language's URL (/es/registration).
  const guest = "";
  const at = (url: string) => languagePath(code, url);
  const learner = `access-token=${learners[code].token}`;
  const operator = `access-token=${operators[code]}`;
  return [
    [guest, at("/registration"), { name: "", email: "nope", password: "short", confirm_password: "other" }],
    [guest, at("/login"), { email: "not-an-email", password: "" }],
    [guest, at("/forgot-password"), { email: "nope" }],
    [learner, "/dashboard", { intent: "password", old_password: "nope", password: "short", confirm_password: "x" }],
    [learner, "/cart", { intent: "coupon", code: "NO-SUCH-CODE" }],
    [learner, "/my-teams", { intent: "invite", id: String(learners[code].teamId), emails: "nope" }],
    [learner, "/settings", { intent: "delete", password: "not-the-password" }],
    [learner, "/checkout", { method: "card", amount: "1.00", currency }],
    [learner, "/checkout", { method: "regional", amount: String(total), currency }],
    [operator, "/admin/coupons", { code: "x", kind: "amount", value: "1.234", max_uses: "0" }],
    [operator, `/admin/catalogue/categories/${ids.parent}/artefacts/new`, { intent: "category-create", name: "" }],
    [operator, "/admin/catalogue", { intent: "category-delete", id: String(ids.artefact) }],
    [operator, "/admin/teams", { "tiers.0.min_seats": "20", "tiers.0.percent": "10", "tiers.1.min_seats": "1" }],
  ] as const;
};

let saved = 0;

/** A page's HTML, saved under a name that says whose page it is, in which language, and how it answered. */
function save(name: string, url: string, res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(res.headers["content-type"], `${name} ${url}`).toMatch(/^text\/html/);
  const file = `${name}${url.replace(/\W+/g, "_").slice(0, 80)}-${res.statusCode}-${++saved}.html`;
  fs.writeFileSync(path.join(dir, file), res.body);
}

async function saveGet(name: string, url: string, headers: Record<string, string>, statuses = [200, 404, 422]) {
  const res = await store.app.inject({ url, headers: { ...headers, "accept-encoding": "identity" } });
  expect(statuses, `${name} ${url}`).toContain(res.statusCode);
  save(name, url, res);
}

interface VnuMessage {
  type: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

describe("the store's HTML", () => {
  it("has no error for the Nu Html Checker on any page, a guest's, a learner's or an operator's, in each language", async () => {
    for (const code of LANGUAGE_CODES) {
      const { token, orderId, newcomer } = learners[code];
      for (const url of guestPages()) await saveGet(`${code}-guest`, languagePath(code, url), {});
      // An English URL's first visit from a browser of this language: the page with its notice.
      if (code !== "en") await saveGet(`${code}-offered`, "/docker?ref=x", { "accept-language": code });
      for (const url of learnerPages(orderId))
        await saveGet(`${code}-learner`, url, { cookie: `access-token=${token}` });
      for (const url of newcomerPages) await saveGet(`${code}-newcomer`, url, { cookie: `access-token=${newcomer}` });
      for (const url of operatorPages()) {
        await saveGet(`${code}-operator`, url, { cookie: `access-token=${operators[code]}` });
      }
      const { total, currency } = (await store.app.inject({ url: "/api/cart/get", headers: bearer(token) })).json<{
        data: { total: number; currency: string };
      }>().data;
      for (const [cookie, url, fields] of postedPages(code, total, currency)) {
        const res = await formPost(store, url, fields, cookie ? { cookie } : {});
        expect([200, 401, 409, 422], `${code} POST ${url}`).toContain(res.statusCode);
        save(`${code}-post`, url, res);
      }
      // The error page of a store that cannot read its header (the database away).
      const away = vi.spyOn(store.app.catalogue, "navigation").mockRejectedValue(new Error("database away"));
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        await saveGet(`${code}-guest`, languagePath(code, "/git?header=away"), {}, [500]);
      } finally {
        away.mockRestore();
        logged.mockRestore();
      }
    }
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(saved);

    // vnu exits with 1 when it finds an error: its report is the JSON on stderr either way.
    const report = await run("java", [...VNU, dir], { maxBuffer: 64 * 2 ** 20 }).then(
      ({ stderr }) => stderr,
      (error: Error & { stderr?: string }) => {
        if (!error.stderr) throw new Error(`The Nu Html Checker needs Java 11 or later on the PATH: ${error.message}`);
        return error.stderr;
      },
    );
    const { messages } = JSON.parse(report) as { messages: VnuMessage[] };
    const errors = messages.map(
      (m) => `${m.type} in ${path.basename(m.url ?? "")}:${m.lastLine}: ${m.message} [${m.extract?.trim()}]`,
    );
    expect(errors).toEqual([]);
  });
});

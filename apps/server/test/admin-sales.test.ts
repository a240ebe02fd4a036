import type { AddressInfo } from "node:net";
import type { CartResponse, ListingResponse, OrderRow } from "@skillshelf/shared/api.ts";
import type { SalesReport } from "@skillshelf/shared/sales.ts";
import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ordersPlacedIn } from "../src/admin/sales/orders-in-range.ts";
import { orders } from "../src/db/schema/index.ts";
import { REFUND_WINDOW_MS } from "../src/orders/money-back.ts";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, ensureWebBuild, PUBLIC_URL, TestClock, type TestStore } from "./helpers/app.ts";
import { rowsOf } from "./helpers/database.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { addToCart, payForCart } from "./helpers/orders.ts";

/*
 * Issue 39: the operator's sales figures, on a small history whose figures
 * are known: orders in two countries, one placed before VAT (no country, no
 * VAT), upgrade credit and a coupon, a refund within the money-back
 * guarantee, one recorded after it, and one made in the range of an order
 * placed before it. Prices include VAT; 20 % of a price is a sixth of it.
 */

// A UK seller registered for VAT and the non-Union OSS: a French consumer pays French VAT (20 % too).
const SELLER = { VAT_NUMBER: "GB980780684", VAT_OSS: "on" };

let store: TestStore;
let base: string;
let docker: ListingResponse;
let git: ListingResponse;
let adminToken: string;
let learnerToken: string;
const clock = new TestClock(Date.parse("2026-10-20T10:00:00Z"));
/** The orders of the history, by name. */
const placed = { docker: 0, gitRefundedLater: 0, basics: 0, upgrade: 0, coupon: 0, gitLate: 0, old: 0 };

/** The clock moved on to 10:00 UTC of `day`. */
const on = (day: string) => clock.advance(Date.parse(`${day}T10:00:00Z`) - clock.now().getTime());

const api = (url: string, token = adminToken) => store.app.inject({ method: "GET", url, headers: bearer(token) });
const sales = async (query: string) => {
  const res = await api(`/api/admin/sales?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: SalesReport }>().data;
};

/** A new learner, signed in for 30 days (their purchases span days), and their calls. */
async function learner() {
  const user = await createUser(store);
  const token = await signIn(store, user.id, true);
  const call = (method: "GET" | "POST", url: string, payload?: Record<string, unknown>) =>
    store.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  return {
    user,
    call,
    add: (listing: ListingResponse, groupName?: string) => addToCart(store, token, listing, groupName),
    cart: async () => (await call("GET", "/api/cart/get")).json<CartResponse>().data,
    newestOrder: async () => {
      const [row] = (await call("GET", "/api/get-orders")).json<{ data: { rows: OrderRow[] } }>().data.rows;
      if (!row) throw new Error("no order");
      return row;
    },
  };
}

/** A learner's cart paid by card on the Stripe emulator, billed to `country` (none: paid as before VAT); the order's id. */
async function pay(me: Awaited<ReturnType<typeof learner>>, country: string | null, code?: string) {
  if (code) expect((await me.call("POST", "/api/cart/coupon", { code })).statusCode).toBe(200);
  if (country === null) return (await (await payForCart(store, me.user.id)).confirm()).orderId;
  const started = await me.call("POST", "/api/stripe/create-checkout-session", {
    final_amount: (await me.cart()).total,
    currency: "GBP",
    success_url: `${PUBLIC_URL}/payment-confirmation`,
    cancel_url: `${PUBLIC_URL}/payment-cancelled`,
    billing_country: country,
  });
  expect(started.statusCode, started.body).toBe(200);
  const { id } = started.json<{ id: string }>();
  await fetch(`${store.emulators.origin}/emulator/stripe/checkout/${id}/pay`, { method: "POST", redirect: "manual" });
  await fetch(`${base}/api/stripe/return?session_id=${id}`, { redirect: "manual" });
  return (await me.newestOrder()).id;
}

async function refund(orderId: number) {
  const res = await store.app.inject({
    method: "POST",
    url: `/api/admin/orders/${orderId}/refund`,
    headers: bearer(adminToken),
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  ensureWebBuild();
  store = await createTestStore({ clock, pages: true, env: SELLER });
  const catalogue = smallCatalogue();
  const gitArtefact = catalogue.categories[0]?.artefacts?.[1];
  if (gitArtefact) gitArtefact.price = 4.5;
  await store.importCatalogue(catalogue);
  await store.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(store.app.server.address() as AddressInfo).port}`;
  const listing = async (slug: string) =>
    (await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug } })).json<ListingResponse>();
  docker = await listing("docker");
  git = await listing("git");
  adminToken = await signIn(store, (await createUser(store, { role: "admin" })).id, true);
  const coupon = await store.app.inject({
    method: "POST",
    url: "/api/admin/coupons",
    headers: bearer(adminToken),
    payload: { code: "FIVEOFF", kind: "amount", value: 5 },
  });
  expect(coupon.statusCode, coupon.body).toBe(201);

  // The previous period (11 to 31 October): Docker in the UK, and Git, refunded on 1 November.
  const a = await learner();
  await a.add(docker);
  placed.docker = await pay(a, "GB");
  on("2026-10-28");
  const b = await learner();
  await b.add(git);
  placed.gitRefundedLater = await pay(b, "GB");

  // The range (1 to 21 November).
  on("2026-11-01");
  await refund(placed.gitRefundedLater);
  on("2026-11-02");
  const c = await learner();
  await c.add(docker, "Basics");
  placed.basics = await pay(c, "FR");
  on("2026-11-03");
  await c.add(docker);
  placed.upgrade = await pay(c, "FR");
  on("2026-11-05");
  const d = await learner();
  await d.add(docker);
  placed.coupon = await pay(d, "GB", "fiveoff");
  on("2026-11-06");
  const e = await learner();
  await e.add(git);
  placed.gitLate = await pay(e, "GB");
  on("2026-11-07");
  await refund(placed.coupon);
  on("2026-11-10");
  const f = await learner();
  await f.add(git);
  placed.old = await pay(f, null);
  // Refunded at the provider after the guarantee, and recorded by hand.
  await store.database.db
    .update(orders)
    .set({ refundState: "refunded", refundedAt: new Date("2026-11-15T10:00:00Z"), paymentStatus: "Refunded" })
    .where(eq(orders.id, placed.gitLate));
  on("2026-11-21");
  // Today's sessions: a remembered one lasts 30 days.
  adminToken = await signIn(store, (await createUser(store, { role: "admin" })).id, true);
  learnerToken = await signIn(store, (await createUser(store)).id, true);
}, 120_000);
afterAll(() => store?.close());

const RANGE = "from=2026-11-01&to=2026-11-21";

describe("the sales figures", () => {
  it("are for operators only", async () => {
    expect((await store.app.inject({ method: "GET", url: "/api/admin/sales" })).statusCode).toBe(401);
    expect((await api("/api/admin/sales", learnerToken)).statusCode).toBe(403);
    expect((await api("/api/admin/sales.csv", learnerToken)).statusCode).toBe(403);
  });

  it("add up the orders placed and the refunds made in the range, with the previous period beside them", async () => {
    const report = await sales(RANGE);
    expect(report).toMatchObject({
      currency: "GBP",
      preset: null,
      from: "2026-11-01",
      to: "2026-11-21",
      interval: "day",
    });
    // Placed: Basics 5.00 (FR), the upgrade 14.99 (FR, 5.00 credit), Docker 14.99 with the code (GB, 5.00 off),
    // Git 4.50 (GB) and Git 4.50 before VAT. Refunded in the range: the coupon's order (within the guarantee),
    // the late Git (after it) and October's Git (placed before the range).
    expect(report.figures).toEqual({
      gross: 43.98,
      refunds: 23.99,
      net: 19.99,
      // 0.83 + 2.50 + 2.50 + 0.75 placed (none before VAT), less 2.50 + 0.75 + 0.75 refunded.
      vat: 2.58,
      orders: 5,
      average_order: 8.8,
      refund_count: 3,
      refunded_orders: 2,
      refund_rate: 0.4,
      guarantee_refunded_orders: 1,
      guarantee_refund_rate: 0.2,
      credit: 5,
      discount: 5,
    });
    expect(report.previous).toEqual({
      from: "2026-10-11",
      to: "2026-10-31",
      gross: 24.49,
      refunds: 0,
      net: 24.49,
      vat: 4.08,
      orders: 2,
      average_order: 12.25,
      refund_count: 0,
      refunded_orders: 1,
      refund_rate: 0.5,
      guarantee_refunded_orders: 1,
      guarantee_refund_rate: 0.5,
      credit: 0,
      discount: 0,
    });
  });

  it("list what sold per artefact, per group and per buyer country, largest first", async () => {
    const report = await sales(RANGE);
    expect(report.artefacts).toEqual({
      rows: [
        { id: docker.seo_data.id, name: "Docker", gross: 34.98, count: 3 },
        { id: git.seo_data.id, name: "Git", gross: 9, count: 2 },
      ],
      others: null,
    });
    const basics = docker.groups.find((g) => g.name === "Basics");
    expect(report.groups).toEqual({
      rows: [
        { id: basics?.id, name: "Basics", artefact_id: docker.seo_data.id, artefact: "Docker", gross: 5, count: 1 },
      ],
      others: null,
    });
    expect(report.countries).toEqual([
      { country: "FR", gross: 19.99, orders: 2 },
      { country: "GB", gross: 19.49, orders: 2 },
      { country: null, gross: 4.5, orders: 1 },
    ]);
  });

  it("give a series per day, and per month when asked or for a long range", async () => {
    const daily = await sales(RANGE);
    expect(daily.series).toHaveLength(21);
    expect(daily.series[0]).toMatchObject({ from: "2026-11-01", to: "2026-11-01", gross: 0, refunds: 4.5, orders: 0 });
    expect(daily.series[1]).toMatchObject({ from: "2026-11-02", gross: 5, refunds: 0, orders: 1 });
    expect(daily.series[6]).toMatchObject({ from: "2026-11-07", gross: 0, refunds: 14.99, net: -14.99 });
    const sum = (key: "gross" | "refunds") => daily.series.reduce((total, day) => total + day[key] * 100, 0) / 100;
    expect([sum("gross"), sum("refunds")]).toEqual([daily.figures.gross, daily.figures.refunds]);

    const monthly = await sales("from=2026-10-11&to=2026-11-21&interval=month");
    expect(
      monthly.series.map(({ from, to, gross, refunds, orders: count }) => ({ from, to, gross, refunds, count })),
    ).toEqual([
      { from: "2026-10-11", to: "2026-10-31", gross: 24.49, refunds: 0, count: 2 },
      { from: "2026-11-01", to: "2026-11-21", gross: 43.98, refunds: 23.99, count: 5 },
    ]);
    const year = await sales("range=1y");
    expect(year).toMatchObject({ preset: "1y", from: "2025-11-22", to: "2026-11-21", interval: "month" });
    expect(year.series.map((month) => month.from)).toEqual([
      "2025-11-22",
      ...["2025-12", ...Array.from({ length: 11 }, (_, i) => `2026-${String(i + 1).padStart(2, "0")}`)].map(
        (month) => `${month}-01`,
      ),
    ]);
    expect(year.figures.orders).toBe(7);
  });

  it("take presets that end today, the last 30 days by default", async () => {
    expect(await sales("")).toMatchObject({ preset: "30d", from: "2026-10-23", to: "2026-11-21", interval: "day" });
    expect(await sales("range=7d")).toMatchObject({ from: "2026-11-15", to: "2026-11-21" });
    const all = await sales("range=all");
    expect(all).toMatchObject({ preset: "all", from: "2026-10-20", to: "2026-11-21" });
    expect(all.figures).toMatchObject({ orders: 7, gross: 68.47, refunds: 23.99 });
    expect(await sales("to=2026-11-10")).toMatchObject({ preset: null, from: "2026-10-12", to: "2026-11-10" });
  });

  it("refuse a bad query with 422 and a message per field", async () => {
    const refused = async (query: string) => {
      const res = await api(`/api/admin/sales?${query}`);
      expect(res.statusCode, query).toBe(422);
      return res.json<{ errors: Record<string, string> }>().errors;
    };
    expect(await refused("from=2026-02-30")).toEqual({ from: "Use a date as YYYY-MM-DD, from 2000 to 2099" });
    expect(await refused("from=21/11/2026&to=1999-01-01")).toEqual({
      from: "Use a date as YYYY-MM-DD, from 2000 to 2099",
      to: "Use a date as YYYY-MM-DD, from 2000 to 2099",
    });
    expect(await refused("from=2026-11-10&to=2026-11-01")).toEqual({ to: "The last day must not be before the first" });
    expect(await refused("range=30d&from=2026-11-01")).toEqual({ range: "Choose a preset or dates, not both" });
    expect(await refused("range=2w")).toEqual({ range: "Choose 7d, 30d, 90d, 1y or all" });
    expect(await refused("interval=week")).toEqual({ interval: "Choose day or month" });
    expect(await refused("from=2025-01-01&to=2026-11-21&interval=day")).toEqual({
      interval: "A series per day covers at most 366 days: choose months",
    });
    expect(await refused("from=2026-12-01")).toEqual({ from: "The last day must not be before the first" });
    expect((await api("/api/admin/sales.csv?orders=yes")).statusCode).toBe(422);
  });
});

/** A CSV's rows as cells (the files here hold no quoted commas). */
const csvRows = (text: string) =>
  text
    .trimEnd()
    .split("\r\n")
    .map((line) => line.split(","));

describe("the sales CSV downloads", () => {
  it("hold the figures: the range, the previous period and each day, as the JSON has them", async () => {
    const res = await api(`/api/admin/sales.csv?${RANGE}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="skillshelf-sales-2026-11-01-2026-11-21.csv"',
    );
    const [header = [], range = [], previous = [], ...days] = csvRows(res.body);
    expect(header.slice(0, 8)).toEqual(["period", "from", "to", "currency", "gross", "refunds", "net", "vat"]);
    const report = await sales(RANGE);
    const figures = Object.fromEntries(header.map((column, i) => [column, range[i]]));
    expect(figures).toMatchObject({
      period: "range",
      from: "2026-11-01",
      gross: "43.98",
      refunds: "23.99",
      net: "19.99",
      vat: "2.58",
      orders: "5",
      average_order: "8.80",
      refund_rate: "0.4",
      guarantee_refund_rate: "0.2",
      credit: "5.00",
    });
    expect(previous.slice(0, 5)).toEqual(["previous", "2026-10-11", "2026-10-31", "GBP", "24.49"]);
    expect(days).toHaveLength(report.series.length);
    expect(days[6]?.slice(0, 6)).toEqual(["day", "2026-11-07", "2026-11-07", "GBP", "0.00", "14.99"]);
  });

  it("hold the orders placed in the range with orders=1, row for row", async () => {
    const res = await api(`/api/admin/sales.csv?${RANGE}&orders=1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="skillshelf-orders-2026-11-01-2026-11-21.csv"',
    );
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual([
      "order_number",
      "created_at",
      "currency",
      "amount",
      "credit",
      "discount",
      "vat",
      "billing_country",
      "payment_method",
      "refunded_at",
    ]);
    const stored = await store.database.db
      .select()
      .from(orders)
      .where(and(gte(orders.createdAt, new Date("2026-11-01")), lt(orders.createdAt, new Date("2026-11-22"))))
      .orderBy(asc(orders.createdAt), asc(orders.id));
    const money = (minor: number | null) => (minor === null ? "" : (minor / 100).toFixed(2));
    expect(rows).toEqual(
      stored.map((order) => [
        order.orderNumber,
        order.createdAt.toISOString(),
        "GBP",
        money(order.amountMinor),
        money(order.creditMinor),
        money(order.discountMinor),
        money(order.vatMinor),
        order.billingCountry ?? "",
        order.paymentMethod,
        order.refundedAt?.toISOString() ?? "",
      ]),
    );
    expect(rows.map((row) => row[0])).toHaveLength(5);
    // The order placed before VAT: no VAT, no country.
    const old = stored.findIndex((order) => order.id === placed.old);
    expect(rows[old]?.slice(6, 8)).toEqual(["", ""]);
  });
});

/** The targets of the admin navigation's and the presets' links marked as the current page. */
const currentLinks = (html: string) =>
  [...html.matchAll(/<a [^>]*class="(?:admin-nav__link|sales-presets__link)"[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => tag.includes('aria-current="page"'))
    .map((tag) => /href="([^"]*)"/.exec(tag)?.[1]?.replaceAll("&amp;", "&"));
const currentLink = (html: string) => currentLinks(html).join(" ");
/** The first `name` tag of a page that has `attribute`, whatever the order of its attributes. */
const tagOf = (html: string, name: string, attribute: string) =>
  [...html.matchAll(new RegExp(`<${name} [^>]*>`, "g"))].map(([tag]) => tag).find((tag) => tag.includes(attribute));

describe("the sales page", () => {
  const page = (url: string) =>
    store.app.inject({
      method: "GET",
      url,
      headers: { cookie: `access-token=${adminToken}`, "accept-encoding": "identity" },
    });

  it("is rendered on the server: the figures, the chart as SVG with its table, what sold, the downloads", async () => {
    const res = await page(`/admin/sales?${RANGE}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(currentLink(html)).toBe("/admin/sales");
    expect(html).toMatch(/<svg [^>]*role="img"[^>]*aria-labelledby="sales-chart-title sales-chart-summary"/);
    expect(html).toContain('<title id="sales-chart-title">Gross sales and refunds per day</title>');
    expect(html).toContain("the best day, 3 Nov 2026: £14.99.");
    expect(html.match(/<rect class="sales-chart__gross"/g)).toHaveLength(21);
    expect(html.match(/<rect class="sales-chart__refunds"/g)).toHaveLength(3);
    expect(html).toContain(
      '<caption id="sales-series-title" class="sales-caption">Gross sales and refunds per day</caption>',
    );
    expect(html).toMatch(
      /<th scope="row">7 Nov 2026<\/th><td class="sales-number">£0.00<\/td><td class="sales-number">£14.99<\/td>/,
    );
    const figure = (label: string) =>
      new RegExp(
        `<dt class="sales-figure__label">${label}</dt><dd class="sales-figure__value">([^<]*)</dd>` +
          `<dd class="sales-figure__before">Previous period: ([^<]*) · <span class="sales-figure__change">([^<]*)</span>`,
      )
        .exec(html.replaceAll("<!-- -->", ""))
        ?.slice(1);
    expect(figure("Gross sales")).toEqual(["£43.98", "£24.49", "+79.6%"]);
    expect(figure("Refunds")).toEqual(["£23.99", "£0.00", "—"]);
    expect(figure("Refund rate")).toEqual(["40%", "50%", "-10 points"]);
    expect(figure("Refunded within the 6-day guarantee")).toEqual(["20%", "50%", "-30 points"]);
    expect(html).toContain('<th scope="row">France</th>');
    expect(html).toContain("Unknown (orders placed before VAT)");
    expect(html).toContain('href="/api/admin/sales.csv?from=2026-11-01&amp;to=2026-11-21&amp;orders=1"');
    expect(html).toContain('href="/api/admin/sales.csv?from=2026-11-01&amp;to=2026-11-21&amp;interval=day"');
    // The range's form, filled with what is shown: a plain GET form to the page itself.
    expect(tagOf(html, "form", 'class="sales-range__form"')).toMatch(/ method="get"/);
    expect(tagOf(html, "form", 'class="sales-range__form"')).toMatch(/ action="\/admin\/sales[?"]/);
    expect(tagOf(html, "input", 'id="sales-from"')).toContain('value="2026-11-01"');
    expect(tagOf(html, "input", 'id="sales-to"')).toContain('value="2026-11-21"');
  });

  it("charts a long range per month, and shows a refused range under its field with a 422", async () => {
    const year = await page("/admin/sales?range=1y");
    expect(year.statusCode).toBe(200);
    expect(year.body).toContain('<title id="sales-chart-title">Gross sales and refunds per month</title>');
    expect(year.body.match(/<rect class="sales-chart__gross"/g)).toHaveLength(13);
    expect(currentLinks(year.body)).toEqual(["/admin/sales", "/admin/sales?range=1y"]);

    const refused = await page("/admin/sales?from=2026-11-10&to=2026-11-01");
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain(
      '<p id="sales-to-error" class="admin-error">The last day must not be before the first</p>',
    );
    expect(tagOf(refused.body, "input", 'id="sales-to"')).toContain('aria-describedby="sales-to-error"');
    expect(refused.body).not.toContain("sales-chart");
  });
});

describe("the daily summary", () => {
  it("stays what the orders and their lines add up to, whatever writes them", async () => {
    on("2026-11-22");
    const me = await learner();
    await me.add(docker);
    const moved = await pay(me, "DE");
    const buyGit = async () => {
      const someone = await learner();
      await someone.add(git);
      return pay(someone, "GB");
    };
    const [deleted, inside, outside] = [await buyGit(), await buyGit(), await buyGit()];
    const { db } = store.database;
    // Fixes by hand: an order's day and country, another order deleted with its lines, and two refunds
    // recorded a minute either side of the guarantee's end, which the trigger must tell apart as refundOrder does.
    await db
      .update(orders)
      .set({ createdAt: new Date("2026-09-30T23:59:59Z"), billingCountry: "AT" })
      .where(eq(orders.id, moved));
    await db.execute(sql`delete from orders where id = ${deleted}`);
    const end = clock.now().getTime() + REFUND_WINDOW_MS;
    for (const [id, at] of [
      [inside, end - 60_000],
      [outside, end + 60_000],
    ] as const) {
      await db
        .update(orders)
        .set({ refundState: "refunded", refundedAt: new Date(at), paymentStatus: "Refunded" })
        .where(eq(orders.id, id));
    }
    const window = sql`${REFUND_WINDOW_MS}::bigint * interval '1 millisecond'`;
    const differences = await db.execute(sql`
      with placed as (
        select (created_at at time zone 'UTC')::date as day, count(*)::int as n, sum(amount_minor)::bigint as gross,
          sum(credit_minor)::bigint as credit, sum(discount_minor)::bigint as discount,
          coalesce(sum(vat_minor), 0)::bigint as vat, (count(*) filter (where refund_state = 'refunded'))::int as refunded,
          (count(*) filter (where refund_state = 'refunded' and refunded_at < created_at + ${window}))::int as guaranteed
        from orders group by 1
      ),
      refunded as (
        select (refunded_at at time zone 'UTC')::date as day, count(*)::int as n, sum(amount_minor)::bigint as amount,
          coalesce(sum(vat_minor), 0)::bigint as vat
        from orders where refund_state = 'refunded' group by 1
      ),
      expected as (
        select coalesce(p.day, r.day) as day, coalesce(p.n, 0) as n, coalesce(p.gross, 0) as gross,
          coalesce(p.credit, 0) as credit, coalesce(p.discount, 0) as discount, coalesce(p.vat, 0) as vat,
          coalesce(p.refunded, 0) as refunded, coalesce(p.guaranteed, 0) as guaranteed, coalesce(r.n, 0) as refund_count,
          coalesce(r.amount, 0) as refunds, coalesce(r.vat, 0) as refund_vat
        from placed p full join refunded r on r.day = p.day
      ),
      kept as (
        select day, orders, gross_minor, credit_minor, discount_minor, vat_minor, refunded_orders,
          guarantee_refunded_orders, refund_count, refunds_minor, refund_vat_minor
        from sales_days
        where (orders, gross_minor, credit_minor, discount_minor, vat_minor, refunded_orders, guarantee_refunded_orders,
          refund_count, refunds_minor, refund_vat_minor) <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
      ),
      expected_countries as (
        select (created_at at time zone 'UTC')::date as day, coalesce(billing_country, '') as country, count(*)::int as n,
          sum(amount_minor)::bigint as gross
        from orders group by 1, 2
      ),
      kept_countries as (
        select day, country, orders, gross_minor from sales_day_countries where (orders, gross_minor) <> (0, 0)
      ),
      expected_lines as (
        select (o.created_at at time zone 'UTC')::date as day, l.category_id, coalesce(l.group_id, 0) as group_id,
          count(*)::int as n, sum(l.price_minor - l.credit_minor - l.discount_minor)::bigint as paid
        from order_lines l join orders o on o.id = l.order_id group by 1, 2, 3
      ),
      kept_lines as (
        select day, category_id, group_id, lines, paid_minor from sales_day_lines where (lines, paid_minor) <> (0, 0)
      )
      (select 'missing day', row_to_json(e)::text from (select * from expected except select * from kept) e)
      union all (select 'extra day', row_to_json(k)::text from (select * from kept except select * from expected) k)
      union all (select 'missing country', row_to_json(e)::text from (select * from expected_countries except select * from kept_countries) e)
      union all (select 'extra country', row_to_json(k)::text from (select * from kept_countries except select * from expected_countries) k)
      union all (select 'missing line', row_to_json(e)::text from (select * from expected_lines except select * from kept_lines) e)
      union all (select 'extra line', row_to_json(k)::text from (select * from kept_lines except select * from expected_lines) k)`);
    expect(rowsOf(differences)).toEqual([]);
    const september = await sales("from=2026-09-30&to=2026-09-30");
    expect(september.countries).toEqual([{ country: "AT", gross: 19.99, orders: 1 }]);
    expect(september.artefacts.rows).toEqual([{ id: docker.seo_data.id, name: "Docker", gross: 19.99, count: 1 }]);
    const late = await sales("from=2026-11-22&to=2026-11-22");
    expect(late.figures).toMatchObject({ orders: 2, refunded_orders: 2, guarantee_refunded_orders: 1 });
  });
});

describe("the orders of a period, for the exports", () => {
  it("are read a batch at a time, each from where the last stopped, orders of the same moment included", async () => {
    const range = { start: new Date("2026-09-01T00:00:00Z"), end: new Date("2026-12-01T00:00:00Z") };
    const batches: number[][] = [];
    for await (const batch of ordersPlacedIn(store.database.db, range, 2)) batches.push(batch.map((order) => order.id));
    const stored = await store.database.db
      .select({ id: orders.id, createdAt: orders.createdAt })
      .from(orders)
      .where(and(gte(orders.createdAt, range.start), lt(orders.createdAt, range.end)))
      .orderBy(asc(orders.createdAt), asc(orders.id));
    expect(batches.every((batch) => batch.length <= 2)).toBe(true);
    expect(batches.flat()).toEqual(stored.map((order) => order.id));
    // Two orders of the last day were placed at the same moment: the batches met between them or around them.
    expect(new Set(stored.map((order) => order.createdAt.getTime())).size).toBeLessThan(stored.length);
  });
});

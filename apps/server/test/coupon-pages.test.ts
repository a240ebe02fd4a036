import type { ListingResponse } from "@skillshelf/shared/api.ts";
import { COUPON_MESSAGES } from "@skillshelf/shared/coupons.ts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartCoupons, categories, coupons } from "../src/db/schema/index.ts";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, ensureWebBuild, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { buyFromListing, payForCart } from "./helpers/orders.ts";
import { checklistOf, formPost } from "./helpers/pages.ts";

/**
 * The pages of issue 12's coupons and credit without JavaScript: the cart's
 * code field and the admin's new code are plain form posts to route actions,
 * and the figures are in the server's HTML.
 */

let store: TestStore;
let docker: ListingResponse;

beforeAll(async () => {
  ensureWebBuild();
  store = await createTestStore({ pages: true });
  await store.importCatalogue(smallCatalogue());
  docker = (await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })).json();
}, 180_000);
afterAll(() => store?.close());

/** A browser's plain form post from the store's own page, as the signed-in user (a name may repeat). */
const post = (url: string, token: string, fields: [string, string][]) => {
  const byName: Record<string, string[]> = {};
  for (const [name, value] of fields) byName[name] = [...(byName[name] ?? []), value];
  return formPost(store, url, byName, { cookie: `access-token=${token}` });
};
const page = (url: string, token: string) => store.app.inject({ url, headers: { cookie: `access-token=${token}` } });
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/<!-- -->/g, "")
    .replace(/\s+/g, " ");

async function signedIn(role: "learner" | "admin" = "learner") {
  const user = await createUser(store, { role });
  return { user, id: user.id, token: await signIn(store, user.id) };
}

describe("the admin's coupons screen", () => {
  it("creates a code from a plain form post and lists it; refusals come back under the fields", async () => {
    const admin = await signedIn("admin");
    const created = await post("/admin/coupons", admin.token, [
      ["code", "spring-25"],
      ["kind", "percent"],
      ["value", "25"],
      ["expires_at", "2030-04-30"],
      ["max_uses", "100"],
      ["max_uses_per_learner", ""],
      ["artefact_ids", String(docker.seo_data.id)],
    ]);
    expect(created.statusCode).toBe(303);
    expect(created.headers.location).toBe("/admin/coupons");
    const [row] = await store.database.db.select().from(coupons).where(eq(coupons.code, "SPRING-25"));
    expect(row).toMatchObject({ kind: "percent", value: 25, maxUses: 100, maxUsesPerLearner: null });
    expect(row?.artefactIds).toEqual([docker.seo_data.id]);

    const list = await page("/admin/coupons", admin.token);
    expect(list.statusCode).toBe(200);
    expect(textOf(list.body)).toContain("SPRING-25 Percentage 25% 30 April 2030 at 23:59 UTC");
    expect(textOf(list.body)).toContain("100 in all · no limit per learner 0 Docker");

    const refused = await post("/admin/coupons", admin.token, [
      ["code", "SPRING-25"],
      ["kind", "amount"],
      ["value", "1.234"],
    ]);
    expect(refused.statusCode).toBe(422);
    expect(textOf(refused.body)).toContain("An amount has at most two decimals");
    const taken = await post("/admin/coupons", admin.token, [
      ["code", "spring-25"],
      ["kind", "amount"],
      ["value", "2"],
    ]);
    expect(taken.statusCode).toBe(409);
    expect(textOf(taken.body)).toContain(COUPON_MESSAGES.taken);
  });

  it("edits a code in the form its Edit link fills, and deletes an unused one, by plain form posts", async () => {
    const admin = await signedIn("admin");
    const create = (code: string) =>
      post("/admin/coupons", admin.token, [
        ["code", code],
        ["kind", "percent"],
        ["value", "10"],
      ]);
    expect((await create("edit-me")).statusCode).toBe(303);
    const [row] = await store.database.db.select().from(coupons).where(eq(coupons.code, "EDIT-ME"));
    if (!row) throw new Error("no code");

    const form = await page(`/admin/coupons?edit=${row.id}`, admin.token);
    expect(textOf(form.body)).toContain("Edit code EDIT-ME");
    expect(form.body).toMatch(/name="code"[^>]*value="EDIT-ME"/);
    const saved = await post("/admin/coupons", admin.token, [
      ["intent", "update"],
      ["id", String(row.id)],
      ["code", "edited"],
      ["kind", "amount"],
      ["value", "3.50"],
      ["max_uses", "7"],
      ["artefact_ids", String(docker.seo_data.id)],
    ]);
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe("/admin/coupons");
    const [edited] = await store.database.db.select().from(coupons).where(eq(coupons.id, row.id));
    expect(edited).toMatchObject({ code: "EDITED", kind: "amount", value: 350, maxUses: 7 });
    expect(edited?.artefactIds).toEqual([docker.seo_data.id]);
    const bad = await post("/admin/coupons", admin.token, [
      ["intent", "update"],
      ["id", String(row.id)],
      ["code", "edited"],
      ["kind", "percent"],
      ["value", "150"],
    ]);
    expect(bad.statusCode).toBe(422);
    expect(textOf(bad.body)).toContain("A percentage is a whole number from 1 to 100");

    const deleted = await post("/admin/coupons", admin.token, [
      ["intent", "delete"],
      ["id", String(row.id)],
    ]);
    expect(deleted.statusCode).toBe(303);
    expect(await store.database.db.select().from(coupons).where(eq(coupons.id, row.id))).toEqual([]);
    const gone = await post("/admin/coupons", admin.token, [
      ["intent", "delete"],
      ["id", String(row.id)],
    ]);
    expect(gone.statusCode).toBe(404);
    expect(textOf(gone.body)).toContain(COUPON_MESSAGES.notFound);
  });

  it("is the operators' only", async () => {
    const learner = await signedIn();
    expect((await page("/admin/coupons", learner.token)).statusCode).toBe(403);
    const res = await post("/admin/coupons", learner.token, [
      ["code", "MINE-1"],
      ["kind", "percent"],
      ["value", "50"],
    ]);
    expect(res.statusCode).toBe(403);
    expect(await store.database.db.select().from(coupons).where(eq(coupons.code, "MINE-1"))).toEqual([]);
    const [any] = await store.database.db.select().from(coupons).limit(1);
    const removed = await post("/admin/coupons", learner.token, [
      ["intent", "delete"],
      ["id", String(any?.id)],
    ]);
    expect(removed.statusCode).toBe(403);
    expect(
      await store.database.db
        .select()
        .from(coupons)
        .where(eq(coupons.id, any?.id ?? 0)),
    ).toHaveLength(1);
  });
});

describe("the cart's code field and credit line", () => {
  it("applies and removes a code by plain form posts, with the refusal under the field", async () => {
    const admin = await signedIn("admin");
    await store.app.inject({
      method: "POST",
      url: "/api/admin/coupons",
      headers: bearer(admin.token),
      payload: { code: "TAKE-2", kind: "amount", value: 2 },
    });
    const me = await signedIn();
    await post("/cart", me.token, [
      ["intent", "add"],
      ["sub_category_id", String(docker.seo_data.id)],
    ]);
    const bad = await post("/cart", me.token, [
      ["intent", "coupon"],
      ["code", "nope"],
    ]);
    expect(bad.statusCode).toBe(422);
    expect(textOf(bad.body)).toMatch(/Coupon code .*This code is not valid\./);

    const applied = await post("/cart", me.token, [
      ["intent", "coupon"],
      ["code", "take-2"],
    ]);
    expect(applied.statusCode).toBe(303);
    expect(applied.headers.location).toBe("/cart");
    const cart = textOf((await page("/cart", me.token)).body);
    expect(cart).toContain("Code TAKE-2 applied");
    expect(cart).toContain("Subtotal £19.99 Discount -£2.00 Total £17.99");

    const removed = await post("/cart", me.token, [["intent", "coupon-remove"]]);
    expect(removed.statusCode).toBe(303);
    expect(await store.database.db.select().from(cartCoupons).where(eq(cartCoupons.userId, me.id))).toEqual([]);
    expect(textOf((await page("/cart", me.token)).body)).toContain("Subtotal £19.99 Discount £0.00 Total £19.99");
  });

  it("shows the upgrade credit in the cart and on the order", async () => {
    const me = await signedIn();
    await buyFromListing(store, me, docker, "Basics");
    await post("/cart", me.token, [
      ["intent", "add"],
      ["sub_category_id", String(docker.seo_data.id)],
    ]);
    expect(textOf((await page("/cart", me.token)).body)).toContain(
      "Subtotal £19.99 Credit for what you own -£5.00 Discount £0.00 Total £14.99",
    );
    // The cart as it is, the whole of Docker the form put in it.
    const upgrade = await (await payForCart(store, me.id)).confirm();
    const details = textOf((await page(`/order-details/${upgrade.orderId}`, me.token)).body);
    expect(details).toContain("Subtotal £19.99 Credit for what you own -£5.00 Discount £0.00 Total £14.99");
    const admin = await signedIn("admin");
    const operatorView = textOf((await page(`/admin/orders/${upgrade.orderId}`, admin.token)).body);
    expect(operatorView).toContain("Credit for what you own -£5.00 Amount £14.99");
  });
});

describe("the coupons screen as codes and artefacts grow", () => {
  // The artefacts' checklist: a checkbox each, its label beside it.
  const optionsOf = (html: string) => checklistOf(html, "artefact_ids");
  const hrefOf = (html: string, rel: "next" | "prev") =>
    html
      .match(new RegExp(`<a [^>]*rel="${rel}"[^>]*>`))?.[0]
      .match(/href="([^"]*)"/)?.[1]
      ?.replaceAll("&amp;", "&");

  it("shows 20 codes a page, newest first, searched by code, with pages in the URL", async () => {
    const admin = await signedIn("admin");
    const start = Date.UTC(2026, 0, 1);
    await store.database.db.insert(coupons).values(
      Array.from({ length: 45 }, (_, i) => ({
        code: `BULK-${String(i).padStart(3, "0")}`,
        kind: "percent" as const,
        value: 5,
        createdAt: new Date(start + i * 60_000),
      })),
    );
    const codesOn = (html: string) => [...html.matchAll(/data-code="(BULK-\d+)"/g)].map(([, code]) => code);

    const first = await page("/admin/coupons?search=bulk", admin.token);
    expect(first.statusCode).toBe(200);
    expect(codesOn(first.body)).toEqual(
      Array.from({ length: 20 }, (_, i) => `BULK-${String(44 - i).padStart(3, "0")}`),
    );
    expect(hrefOf(first.body, "prev")).toBeUndefined();
    const secondUrl = hrefOf(first.body, "next");
    expect(secondUrl).toMatch(/^\/admin\/coupons\?search=bulk&cursor=/);
    const second = await page(secondUrl ?? "", admin.token);
    expect(codesOn(second.body)).toEqual(
      Array.from({ length: 20 }, (_, i) => `BULK-${String(24 - i).padStart(3, "0")}`),
    );
    const third = await page(hrefOf(second.body, "next") ?? "", admin.token);
    expect(codesOn(third.body)).toHaveLength(5);
    expect(hrefOf(third.body, "next")).toBeUndefined();
    // Back to the second page, by its Previous link.
    expect(codesOn((await page(hrefOf(third.body, "prev") ?? "", admin.token)).body)).toEqual(codesOn(second.body));

    // A code of the second page opens in the form with the list's page kept, and saving goes back to that page.
    const code = await store.database.db.select().from(coupons).where(eq(coupons.code, "BULK-010"));
    const editHref = second.body
      .match(/<a [^>]*aria-label="Edit BULK-010"[^>]*>/)?.[0]
      .match(/href="([^"]*)"/)?.[1]
      ?.replaceAll("&amp;", "&");
    expect(editHref).toContain("cursor=");
    const form = await page(editHref ?? "", admin.token);
    expect(textOf(form.body)).toContain("Edit code BULK-010");
    const saved = await post(editHref ?? "", admin.token, [
      ["intent", "update"],
      ["id", String(code[0]?.id)],
      ["code", "BULK-010"],
      ["kind", "percent"],
      ["value", "15"],
    ]);
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe(secondUrl);

    const none = await page("/admin/coupons?search=no-such-code", admin.token);
    expect(textOf(none.body)).toContain("No codes found.");
    const forged = await page(secondUrl?.replace("search=bulk", "search=other") ?? "", admin.token);
    expect(forged.statusCode).toBe(422);
    expect(textOf(forged.body)).toContain("This page link was altered or belongs to another list or search.");
  });

  it("pages the API the same way, with the cursors in data", async () => {
    const admin = await signedIn("admin");
    const list = (query: string) =>
      store.app.inject({ url: `/api/admin/coupons?${query}`, headers: bearer(admin.token) });
    const first = await list("search=bulk-0&limit=30");
    expect(first.statusCode).toBe(200);
    const { rows, next_cursor, prev_cursor, limit } = first.json().data;
    expect(rows).toHaveLength(30);
    expect(rows[0]).toMatchObject({ code: "BULK-044", kind: "percent", value: 5, artefacts: [] });
    expect([prev_cursor, limit]).toEqual([null, 30]);
    const rest = (await list(`search=bulk-0&limit=30&cursor=${encodeURIComponent(next_cursor)}`)).json().data;
    expect(rest.rows).toHaveLength(15);
    expect(rest.next_cursor).toBeNull();
    expect((await list("cursor=not-a-cursor")).statusCode).toBe(422);
    expect((await list("limit=101")).statusCode).toBe(422);
  });

  it("offers the artefacts a search finds, the code's own first and chosen, not every artefact", async () => {
    const admin = await signedIn("admin");
    const [parent] = await store.database.db.select().from(categories).where(eq(categories.slug, "tech-cards"));
    await store.database.db.insert(categories).values(
      Array.from({ length: 120 }, (_, i) => ({
        parentId: parent?.id ?? 0,
        slug: `many-${i}`,
        name: `Many ${String(i).padStart(3, "0")}`,
        hidden: true,
      })),
    );
    const created = await store.app.inject({
      method: "POST",
      url: "/api/admin/coupons",
      headers: bearer(admin.token),
      payload: { code: "ONLY-MANY", kind: "percent", value: 10, artefact_ids: [docker.seo_data.id] },
    });
    const id = created.json().data.id;

    // Without a search: at most 50, by name, the first 12 listed and the rest folded.
    const plainHtml = (await page("/admin/coupons", admin.token)).body;
    const plain = optionsOf(plainHtml);
    expect(plain).toHaveLength(50);
    expect(textOf(plainHtml)).toContain("Show 38 more");
    expect(plain[0]).toEqual({ label: "Tech Cards › Docker", selected: false });
    // A code's own artefacts come first and chosen, whatever the search finds.
    const found = optionsOf((await page(`/admin/coupons?edit=${id}&artefacts=many 11`, admin.token)).body);
    expect(found).toEqual([
      { label: "Tech Cards › Docker", selected: true },
      ...Array.from({ length: 10 }, (_, i) => ({ label: `Tech Cards › Many 11${i}`, selected: false })),
    ]);
    const tooLong = await page(`/admin/coupons?artefacts=${"x".repeat(201)}`, admin.token);
    expect(tooLong.statusCode).toBe(422);
  });
});

import type { AddressInfo } from "node:net";
import type { AdminCatalogueTree } from "@skillshelf/shared/admin-forms.ts";
import type { ListingResponse, OrderDetail } from "@skillshelf/shared/api.ts";
import type { CatalogueFile } from "@skillshelf/shared/catalogue-file.ts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, payments } from "../src/db/schema/index.ts";
import { bearer, createUser, lastMailOf, signIn } from "./helpers/accounts.ts";
import { createTestStore, PUBLIC_URL, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { payCartByCard, shopper, stripeRefunds } from "./helpers/orders.ts";
import { paypalRest } from "./helpers/paypal-emulator.ts";
import { formPost, formsOf } from "./helpers/payu-forms.ts";
import { pdfText } from "./helpers/pdf.ts";

/**
 * A store selling in yen (STORE_CURRENCY=JPY), a currency without minor
 * units: every price is whole yen, from the catalogue file to the providers'
 * amounts, the pages, mails and receipts (issue 11).
 */

let store: TestStore;
let base: string;
let docker: ListingResponse;
let adminToken: string;

/** The small test catalogue at yen prices: Docker ¥1,200, its Basics group ¥500. */
function yenCatalogue() {
  const catalogue = smallCatalogue();
  const dockerFile = catalogue.categories[0]?.artefacts?.[0];
  if (!dockerFile?.groups?.[0]) throw new Error("the small catalogue changed");
  dockerFile.price = 1200;
  dockerFile.groups[0].price = 500;
  return catalogue;
}

beforeAll(async () => {
  store = await createTestStore({ env: { STORE_CURRENCY: "JPY" } });
  await store.importCatalogue(yenCatalogue());
  // The payment adapters call their emulators over HTTP, as they call the providers.
  await store.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(store.app.server.address() as AddressInfo).port}`;
  docker = (await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })).json();
  const admin = await createUser(store, { role: "admin" });
  adminToken = await signIn(store, admin.id);
});
afterAll(() => store?.close());

const admin = (method: "GET" | "POST" | "PATCH", url: string, payload?: unknown) =>
  store.app.inject({
    method,
    url,
    headers: bearer(adminToken),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const _local = (url: string) => {
  const target = new URL(url, PUBLIC_URL);
  return `${base}${target.pathname}${target.search}`;
};
const WHOLE_YEN = "Price must be a whole number: JPY has no decimals";

async function learner() {
  const me = await shopper(store, { name: "Hanako Sato", mobileNumber: "9876543210" });
  const dbOrders = () => store.database.db.select().from(orders).where(eq(orders.userId, me.user.id));
  return { ...me, add: (groupName?: string) => me.add(docker, groupName), dbOrders };
}

/** The cart paid by card on the Stripe emulator at what the cart shows. */
const payByCard = (me: Awaited<ReturnType<typeof learner>>) => payCartByCard(store, base, me, "JPY");

describe("a store in yen", () => {
  it("shows and lists whole-yen prices", async () => {
    expect(docker.seo_data).toMatchObject({ price: 1200, currency: "JPY" });
    expect(docker.groups.find((g) => g.name === "Basics")).toMatchObject({ price: 500, currency: "JPY" });
    const tree = (await admin("GET", "/api/admin/catalogue")).json<{ data: AdminCatalogueTree }>().data;
    expect(tree.currency).toBe("JPY");
    expect(tree.categories[0]?.artefacts.find((a) => a.slug === "docker")?.price).toBe(1200);
  });

  it("refuses a catalogue file with a fraction of a yen, naming the price, and exports whole yen", async () => {
    const file = yenCatalogue();
    const dockerFile = file.categories[0]?.artefacts?.[0];
    if (dockerFile) dockerFile.price = 1200.5;
    await expect(store.importCatalogue(file)).rejects.toThrow(
      /categories\[0\]\.artefacts\[0\]\.price.*price must be a whole number: JPY has no decimals/,
    );
    // The admin import says the same, with the line.
    const upload = await store.app.inject({
      method: "POST",
      url: "/api/admin/catalogue/import",
      headers: { ...bearer(adminToken), "content-type": "application/json" },
      payload: JSON.stringify(file, null, 2),
    });
    expect(upload.statusCode).toBe(422);
    expect(upload.json().message).toMatch(/price must be a whole number: JPY has no decimals/);
    // Nothing changed; what is exported is whole yen, and imports again.
    const exported = JSON.parse((await admin("GET", "/api/admin/catalogue/export")).body) as CatalogueFile;
    const again = exported.categories[0]?.artefacts.find((a) => a.slug === "docker");
    expect(again?.price).toBe(1200);
    expect(again?.groups.find((g) => g.name === "Basics")?.price).toBe(500);
  });

  it("refuses a fraction of a yen in the admin price fields, and saves whole yen", async () => {
    const refusals: [string, unknown][] = [
      [`/api/admin/categories/${docker.seo_data.id}`, { price: 1200.5 }],
      [`/api/admin/groups/${docker.groups[0]?.id}`, { price: 0.5 }],
    ];
    for (const [url, payload] of refusals) {
      const res = await admin("PATCH", url, payload);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual({ price: WHOLE_YEN });
    }
    const saved = await admin("PATCH", `/api/admin/categories/${docker.seo_data.id}`, { price: 1300 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.price).toBe(1300);
    expect((await admin("PATCH", `/api/admin/categories/${docker.seo_data.id}`, { price: 1200 })).statusCode).toBe(200);
  });

  it("prices credit and an amount coupon in whole yen, charges Stripe whole yen, and writes ¥ on the receipt and mail", async () => {
    const me = await learner();
    await me.add("Basics");
    const basics = await payByCard(me);
    expect(basics.session).toMatchObject({ amount_total: 500, currency: "jpy" });
    expect(basics.page).toContain("JP¥500");

    await me.add();
    expect(await me.cart()).toMatchObject({ subtotal: 1200, credit: 500, discount: 0, total: 700, currency: "JPY" });

    const fraction = await admin("POST", "/api/admin/coupons", { code: "YEN-HALF", kind: "amount", value: 100.5 });
    expect(fraction.statusCode).toBe(422);
    expect(fraction.json().errors).toEqual({ value: "An amount must be a whole number: JPY has no decimals" });
    const created = await admin("POST", "/api/admin/coupons", { code: "YEN-100", kind: "amount", value: 100 });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ value: 100, currency: "JPY" });
    expect((await me.call("POST", "/api/cart/coupon", { code: "yen-100" })).statusCode).toBe(200);
    expect(await me.cart()).toMatchObject({ subtotal: 1200, credit: 500, discount: 100, total: 600 });

    const upgrade = await payByCard(me);
    expect(upgrade.session).toMatchObject({ amount_total: 600, currency: "jpy" });
    expect(upgrade.page).toContain("JP¥600");
    const order = await me.newestOrder();
    expect(order).toMatchObject({ amount: 600, currency: "JPY" });
    const detail = (await me.call("POST", "/api/order-details", { detail_id: order.id })).json<{ data: OrderDetail }>();
    expect(detail.data).toMatchObject({ amount: 600, subtotal: 1200, credit: 500, discount: 100 });
    const [row] = (await me.dbOrders()).filter((o) => o.id === order.id);
    expect(row).toMatchObject({ amountMinor: 600, creditMinor: 500, discountMinor: 100, currency: "JPY" });

    const receipt = await pdfText((await me.call("GET", `/api/orders/${order.id}/receipt`)).rawPayload);
    expect(receipt).toContain(
      "Subtotal\nJP¥1,200\nCredit for what you own\n-JP¥500\nDiscount\n-JP¥100\nTotal paid\nJP¥600",
    );
    expect((await lastMailOf(store, me.user.email))?.text).toContain("JP¥600");

    // A refund gives back whole yen.
    const before = (await stripeRefunds(store)).length;
    expect((await me.call("POST", `/api/orders/${order.id}/refund`)).statusCode).toBe(200);
    expect((await stripeRefunds(store)).slice(before).map((r) => (r.data as { amount: number }).amount)).toEqual([600]);
  });

  it("sends PayPal values without decimals, and its emulator shows and captures them", async () => {
    const me = await learner();
    await me.add();
    const res = await me.call("POST", "/api/paypal/payment", {
      final_amount: 1200,
      currency_code: "JPY",
      success_url: `${PUBLIC_URL}/payment-confirmation`,
      cancel_url: `${PUBLIC_URL}/payment-cancelled`,
      item_name: "Docker",
      custom: "",
    });
    expect(res.statusCode, res.body).toBe(200);
    const approval = res.json<{ links: { rel: string; href: string }[] }>().links.find((l) => l.rel === "approval_url");
    const orderId = new URL(approval?.href ?? "").searchParams.get("token") ?? "";
    const created = await paypalRest<{ purchase_units: { amount: unknown; items: unknown[] }[] }>(
      store.emulators.origin,
      "GET",
      `/v2/checkout/orders/${orderId}`,
    );
    expect(created.body.purchase_units[0]?.amount).toMatchObject({
      currency_code: "JPY",
      value: "1200",
      breakdown: { item_total: { currency_code: "JPY", value: "1200" } },
    });
    expect(created.body.purchase_units[0]?.items).toEqual([
      expect.objectContaining({ unit_amount: { currency_code: "JPY", value: "1200" } }),
    ]);
    const page = await store.emulators.app.inject({ method: "GET", url: `/emulator/paypal/checkout?token=${orderId}` });
    expect(page.body).toContain("JP¥1,200");
    const approved = await store.emulators.app.inject(
      formPost("/emulator/paypal/checkout/approve", { token: orderId, outcome: "pay" }),
    );
    const back = new URL(approved.headers.location ?? "");
    expect((await store.app.inject({ method: "GET", url: `${back.pathname}${back.search}` })).statusCode).toBe(303);
    expect(await me.dbOrders()).toEqual([
      expect.objectContaining({ paymentMethod: "PayPal", amountMinor: 1200, currency: "JPY" }),
    ]);
  });

  it("sends PayU the total in whole yen, and its emulator shows it and posts it back", async () => {
    const me = await learner();
    await me.add();
    const res = await me.call("POST", "/api/payu/payment", {
      txnid: "TXN1",
      amount: 1200,
      currency: "JPY",
      success_url: `${PUBLIC_URL}/payment-confirmation`,
      cancel_url: `${PUBLIC_URL}/payment-cancelled`,
      productinfo: "Docker",
    });
    expect(res.statusCode, res.body).toBe(200);
    const { action, params } = res.json<{ action: string; params: Record<string, string> }>();
    expect(params.amount).toBe("1200");
    const hosted = await store.emulators.app.inject(formPost(new URL(action).pathname, params));
    expect(hosted.statusCode).toBe(200);
    expect(hosted.body).toContain("JP¥1,200");
    const decided = await store.emulators.app.inject(
      formPost("/emulator/payu/complete", { txnid: params.txnid ?? "", outcome: "success" }),
    );
    const postback = formsOf(decided.body)[0]?.fields ?? {};
    expect(postback).toMatchObject({ status: "success", amount: "1200" });
    expect((await store.app.inject(formPost("/api/payu/return", postback))).statusCode).toBe(303);
    expect(await me.dbOrders()).toEqual([
      expect.objectContaining({ paymentMethod: "PayU", amountMinor: 1200, currency: "JPY" }),
    ]);
    const [payment] = await store.database.db.select().from(payments).where(eq(payments.userId, me.user.id));
    expect(payment).toMatchObject({ status: "paid", amountMinor: 1200 });
  });
});

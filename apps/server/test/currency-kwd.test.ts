import type { AddressInfo } from "node:net";
import type { ListingResponse } from "@skillshelf/shared/api.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, PUBLIC_URL, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { payCartByCard, shopper } from "./helpers/orders.ts";

/**
 * A store selling in Kuwaiti dinars (STORE_CURRENCY=KWD), a three-decimal
 * currency: Stripe takes its card payments only in whole tens of fils (an
 * amount whose last digit is 0). Prices, coupon amounts and discounts keep to
 * tens of fils, so what the cart shows is what Stripe charges (money-rules.ts minorStep).
 */

let store: TestStore;
let base: string;
let adminToken: string;
const listings = new Map<string, ListingResponse>();

/** Docker KWD 12.350 with its Basics group at 4.990, and Kubernetes at 3.330. */
function dinarCatalogue() {
  const catalogue = smallCatalogue();
  const docker = catalogue.categories[0]?.artefacts?.[0];
  const kubernetes = catalogue.categories[1]?.artefacts?.[0];
  if (!docker?.groups?.[0] || !kubernetes) throw new Error("the small catalogue changed");
  docker.price = 12.35;
  docker.groups[0].price = 4.99;
  kubernetes.price = 3.33;
  return catalogue;
}

beforeAll(async () => {
  store = await createTestStore({ env: { STORE_CURRENCY: "KWD" } });
  await store.importCatalogue(dinarCatalogue());
  // The Stripe adapter calls its emulator over HTTP, as it calls Stripe.
  await store.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(store.app.server.address() as AddressInfo).port}`;
  for (const slug of ["docker", "kubernetes"]) {
    listings.set(slug, (await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug } })).json());
  }
  adminToken = await signIn(store, (await createUser(store, { role: "admin" })).id);
});
afterAll(() => store?.close());

const admin = (method: "POST" | "PATCH", url: string, payload: unknown) =>
  store.app.inject({ method, url, headers: bearer(adminToken), payload: payload as object });
const listing = (slug: string) => {
  const found = listings.get(slug);
  if (!found) throw new Error(`no listing ${slug}`);
  return found;
};
const TWO_DECIMALS = "Price has at most two decimals";

async function learner() {
  const me = await shopper(store, { name: "Fatima Al-Sabah" });
  return { ...me, add: (slug: string, groupName?: string) => me.add(listing(slug), groupName) };
}
const payByCard = (me: Awaited<ReturnType<typeof learner>>) => payCartByCard(store, base, me, "KWD");

describe("a store in Kuwaiti dinars, paid through Stripe", () => {
  it("keeps prices and coupon amounts to tens of fils, in the admin fields and the catalogue file", async () => {
    const docker = listing("docker");
    const price = await admin("PATCH", `/api/admin/categories/${docker.seo_data.id}`, { price: 12.345 });
    expect(price.statusCode).toBe(422);
    expect(price.json().errors).toEqual({ price: TWO_DECIMALS });
    const coupon = await admin("POST", "/api/admin/coupons", { code: "FILS-5", kind: "amount", value: 0.125 });
    expect(coupon.statusCode).toBe(422);
    expect(coupon.json().errors).toEqual({ value: "An amount has at most two decimals" });
    const file = dinarCatalogue();
    const dockerFile = file.categories[0]?.artefacts?.[0];
    if (dockerFile) dockerFile.price = 12.355;
    await expect(store.importCatalogue(file)).rejects.toThrow(/price has at most two decimals/);
    expect(listing("docker").seo_data).toMatchObject({ price: 12.35, currency: "KWD" });
  });

  it("takes a percentage off in tens of fils, and asks Stripe for exactly the total the cart shows", async () => {
    const code = await admin("POST", "/api/admin/coupons", { code: "DINAR-15", kind: "percent", value: 15 });
    expect(code.statusCode, code.body).toBe(201);
    const me = await learner();
    await me.add("docker", "Basics");
    await me.add("kubernetes");
    expect((await me.call("POST", "/api/cart/coupon", { code: "dinar-15" })).statusCode).toBe(200);
    // 15% of 8.320 is 1.248: 1.250 comes off (125 tens of fils), shared 0.750 and 0.500 by what each line costs.
    expect(await me.cart()).toMatchObject({ subtotal: 8.32, credit: 0, discount: 1.25, total: 7.07, currency: "KWD" });

    const paid = await payByCard(me);
    expect(paid.session).toMatchObject({ amount_total: 7070, currency: "kwd", payment_status: "paid" });
    expect(paid.lines?.map((l) => l.unit_amount).sort()).toEqual([2830, 4240]);
    expect(await me.newestOrder()).toMatchObject({ amount: 7.07, currency: "KWD", status: "Completed" });

    // The upgrade credit is what was paid for the group: tens of fils too.
    await me.add("docker");
    expect(await me.cart()).toMatchObject({ subtotal: 12.35, credit: 4.24, total: 8.11 });
    const upgrade = await payByCard(me);
    expect(upgrade.session).toMatchObject({ amount_total: 8110, currency: "kwd", payment_status: "paid" });
    expect(await me.newestOrder()).toMatchObject({ amount: 8.11, currency: "KWD" });
  });

  it("has an emulator that refuses, as Stripe does, a dinar amount whose last digit is not 0", async () => {
    const line = (amount: number) =>
      new URLSearchParams({
        mode: "payment",
        success_url: `${PUBLIC_URL}/payment-confirmation`,
        "line_items[0][quantity]": "1",
        "line_items[0][price_data][currency]": "kwd",
        "line_items[0][price_data][unit_amount]": String(amount),
        "line_items[0][price_data][product_data][name]": "Docker",
      }).toString();
    const create = (amount: number) =>
      store.emulators.app.inject({
        method: "POST",
        url: "/v1/checkout/sessions",
        headers: { authorization: "Bearer sk_test_emulator", "content-type": "application/x-www-form-urlencoded" },
        payload: line(amount),
      });
    const refused = await create(1234);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      type: "invalid_request_error",
      param: "line_items[0][price_data][unit_amount]",
    });
    expect((await create(1230)).statusCode).toBe(200);
  });
});

import type { AddressInfo } from "node:net";
import type { CartResponse, ListingResponse, OrderDetail } from "@skillshelf/shared/api.ts";
import type { VatRatesView } from "@skillshelf/shared/tax.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, TestClock, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { addToCart, buyByCard } from "./helpers/orders.ts";
import { formPost } from "./helpers/pages.ts";

// A UK seller registered for VAT and for the non-Union OSS, on 2026-11-21 (TestClock).
const SELLER = { VAT_NUMBER: "GB980780684", VAT_OSS: "on" };

let store: TestStore;
let clock: TestClock;
let docker: ListingResponse;
let base: string;
let admin: Record<string, string>;

beforeAll(async () => {
  clock = new TestClock();
  store = await createTestStore({ env: SELLER, pages: true, clock });
  await store.importCatalogue(smallCatalogue());
  docker = (await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })).json();
  await store.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(store.app.server.address() as AddressInfo).port}`;
  admin = bearer(await signIn(store, (await createUser(store, { role: "admin" })).id));
});
afterAll(() => store.close());

const rates = async () =>
  (await store.app.inject({ url: "/api/admin/tax/rates", headers: admin })).json<{ data: VatRatesView }>().data;
const setRate = (change: Record<string, unknown>) =>
  store.app.inject({ method: "POST", url: "/api/admin/tax/rates", headers: admin, payload: change });
const country = async (code: string) => (await rates()).countries.find((c) => c.country === code);

/** The VAT rate of a new learner's cart holding Docker, billed in `billingCountry`. */
async function cartRate(billingCountry: string) {
  const token = await signIn(store, (await createUser(store)).id);
  await addToCart(store, token, docker);
  const billed = await store.app.inject({
    method: "POST",
    url: "/api/cart/billing",
    headers: bearer(token),
    payload: { billing_country: billingCountry },
  });
  return billed.json<CartResponse>().data.tax.lines[0]?.vat_rate;
}

describe("the VAT rate table", () => {
  it("shows the operator every country's rates today, with the table's date and sources", async () => {
    const table = await rates();
    expect(table).toMatchObject({ today: "2026-11-21", checked: "2026-01-01", changes: [] });
    expect(table.sources.map((s) => s.name)).toEqual([
      "European Commission: VAT rates applied in the Member States",
      "HMRC: VAT rates on different goods and services",
    ]);
    expect(table.countries).toHaveLength(28);
    expect(await country("FR")).toEqual({
      country: "FR",
      standard: { rate: 20, from: "2020-01-01", changed: false },
      e_publication: { rate: 5.5, from: "2020-01-01", changed: false },
      upcoming: [],
    });
    expect((await country("FI"))?.standard).toEqual({ rate: 25.5, from: "2026-01-01", changed: false });
  });

  it("applies an operator's change to checkouts started from its day on; one already started keeps its rate", async () => {
    let started: Awaited<ReturnType<typeof setRate>> | undefined;
    const bought = await buyByCard(store, {
      base,
      artefactId: docker.seo_data.id,
      price: 19.99,
      billing: { billing_country: "FR" },
      // France's rate changes while the learner is on Stripe's page.
      whilePaying: async () => {
        started = await setRate({ country: "fr", tax_class: "standard", rate: "21.5", valid_from: "2026-11-21" });
      },
    });
    expect(started?.statusCode, started?.body).toBe(201);
    expect(started?.json()).toMatchObject({
      message: "The rate is saved. Checkouts started from its day on use it; orders keep the rate they were charged.",
      data: {
        country: "FR",
        tax_class: "standard",
        rate: 21.5,
        valid_from: "2026-11-21",
        created_by: expect.any(String),
      },
    });
    const detail = (await bought.call("POST", "/api/order-details", { detail_id: bought.order.id })).json<{
      data: OrderDetail;
    }>().data;
    expect(detail.orders[0]).toMatchObject({ vat_rate: 20, vat: 3.33 });

    // A new checkout: 19.99 * 21.5 / 121.5 = 3.54.
    expect(await cartRate("FR")).toBe(21.5);
    const after = await buyByCard(store, {
      base,
      artefactId: docker.seo_data.id,
      price: 19.99,
      billing: { billing_country: "FR" },
    });
    const later = (await after.call("POST", "/api/order-details", { detail_id: after.order.id })).json<{
      data: OrderDetail;
    }>().data;
    expect(later.orders[0]).toMatchObject({ vat_rate: 21.5, vat: 3.54, net: 16.45 });
    expect(await country("FR")).toMatchObject({ standard: { rate: 21.5, from: "2026-11-21", changed: true } });

    // Removed, the table's rate applies again; the orders keep theirs.
    const [change] = (await rates()).changes;
    const removed = await store.app.inject({
      method: "DELETE",
      url: `/api/admin/tax/rates/${change?.id}`,
      headers: admin,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await cartRate("FR")).toBe(20);
    expect((await country("FR"))?.standard).toEqual({ rate: 20, from: "2020-01-01", changed: false });
    const kept = (await after.call("POST", "/api/order-details", { detail_id: after.order.id })).json<{
      data: OrderDetail;
    }>().data;
    expect(kept.orders[0]).toMatchObject({ vat_rate: 21.5 });
  });

  it("refuses a past day, a country without rates, a bad rate, and anyone but an operator", async () => {
    const refused = async (change: Record<string, unknown>, field: string) => {
      const res = await setRate({
        country: "DE",
        tax_class: "standard",
        rate: 19,
        valid_from: "2026-12-01",
        ...change,
      });
      expect(res.statusCode, res.body).toBe(422);
      return res.json().errors[field];
    };
    expect(await refused({ valid_from: "2026-11-20" }, "valid_from")).toBe(
      "Enter the day the rate applies from: today or later.",
    );
    expect(await refused({ valid_from: "2026-13-01" }, "valid_from")).toBe(
      "Enter the day the rate applies from: today or later.",
    );
    expect(await refused({ country: "US" }, "country")).toBe("Choose a country the store has VAT rates for.");
    expect(await refused({ rate: "100.5" }, "rate")).toBe("Enter a rate from 0 to 100, with at most two decimals.");
    expect(await refused({ rate: "12.345" }, "rate")).toBe("Enter a rate from 0 to 100, with at most two decimals.");
    expect(await refused({ tax_class: "luxury" }, "tax_class")).toBe("Choose the rate's tax class.");
    const learner = bearer(await signIn(store, (await createUser(store)).id));
    const change = { country: "DE", tax_class: "standard", rate: 19, valid_from: "2026-12-01" };
    const asLearner = await store.app.inject({
      method: "POST",
      url: "/api/admin/tax/rates",
      headers: learner,
      payload: change,
    });
    expect(asLearner.statusCode).toBe(403);
    expect((await store.app.inject({ url: "/api/admin/tax/rates", headers: learner })).statusCode).toBe(403);
    const unknown = await store.app.inject({ method: "DELETE", url: "/api/admin/tax/rates/999999", headers: admin });
    expect(unknown.statusCode).toBe(404);
    expect((await rates()).changes).toEqual([]);
  });

  it("sets and removes a change from the admin page without JavaScript; a later day applies once it comes", async () => {
    const cookie = { cookie: `access-token=${(admin.authorization ?? "").replace("Bearer ", "")}` };
    const page = await store.app.inject({ url: "/admin/vat-rates", headers: cookie });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("European Commission: VAT rates applied in the Member States");
    const set = await formPost(
      store,
      "/admin/vat-rates",
      { country: "DE", tax_class: "standard", rate: "20", valid_from: "2026-12-01" },
      cookie,
    );
    expect(set.statusCode).toBe(303);
    const after = await store.app.inject({ url: set.headers.location ?? "", headers: cookie });
    expect(after.body.replaceAll("<!-- -->", "")).toContain("From 1 Dec 2026: 20 % and 7 %");
    expect(await country("DE")).toMatchObject({
      standard: { rate: 19 },
      upcoming: [{ from: "2026-12-01", standard: 20, e_publication: 7 }],
    });
    expect(await cartRate("DE")).toBe(19);
    const [change] = (await rates()).changes;
    clock.advance(10 * 24 * 3600_000);
    expect(await cartRate("DE")).toBe(20);

    // A change whose day has come can be removed too: the table's rate applies again.
    const operator = { cookie: `access-token=${await signIn(store, (await createUser(store, { role: "admin" })).id)}` };
    const removed = await formPost(store, "/admin/vat-rates", { intent: "remove", id: String(change?.id) }, operator);
    expect(removed.statusCode).toBe(303);
    expect(await cartRate("DE")).toBe(19);
  });
});

import type { AddressInfo } from "node:net";
import type { CartResponse, ListingResponse, OrderDetail } from "@skillshelf/shared/api.ts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, orders } from "../src/db/schema/index.ts";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, PUBLIC_URL, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { addToCart, buyByCard } from "./helpers/orders.ts";
import { formPost as pageFormPost } from "./helpers/pages.ts";
import { formPost } from "./helpers/payu-forms.ts";
import { pdfText } from "./helpers/pdf.ts";

// A UK seller registered for VAT and for the non-Union OSS (CONTRACT s.7).
const SELLER = { VAT_NUMBER: "GB980780684", VAT_OSS: "on", TRUST_PROXY: "loopback" };

let store: TestStore;
let docker: ListingResponse;
let base: string;

beforeAll(async () => {
  store = await createTestStore({ env: SELLER, pages: true });
  await store.importCatalogue(smallCatalogue());
  docker = (await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })).json();
  await store.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(store.app.server.address() as AddressInfo).port}`;
});
afterAll(() => store.close());

/** Docker (£19.99, standard rate) bought by card by a new learner billed as `billing`. */
async function buyDocker(billing: Record<string, string>) {
  const bought = await buyByCard(store, { base, artefactId: docker.seo_data.id, price: 19.99, billing });
  const detail = await bought.call("POST", "/api/order-details", { detail_id: bought.order.id });
  expect(detail.statusCode, detail.body).toBe(200);
  return { ...bought, detail: detail.json<{ data: OrderDetail }>().data };
}

/** A new learner with Docker in their cart: their session's token. */
async function dockerInCart() {
  const user = await createUser(store);
  const token = await signIn(store, user.id);
  await addToCart(store, token, docker);
  return token;
}

/** Starts paying the cart (£19.99 unless said) by card with `headers` (the session's, an address's), billed as `billing`. */
const startStripe = (headers: Record<string, string>, billing: Record<string, unknown>, amount = 19.99) =>
  store.app.inject({
    method: "POST",
    url: "/api/stripe/create-checkout-session",
    headers,
    payload: {
      final_amount: amount,
      currency: "GBP",
      success_url: `${PUBLIC_URL}/payment-confirmation`,
      cancel_url: `${PUBLIC_URL}/payment-cancelled`,
      ...billing,
    },
  });

async function startDocker(billing: Record<string, string>) {
  return startStripe(bearer(await dockerInCart()), billing);
}

const vies = (vat_number: string, answer: "valid" | "invalid" | "unavailable") =>
  fetch(`${store.emulators.origin}/emulator/vies/control`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ vat_number, answer }),
  });

describe("VAT inside the prices", () => {
  it("shows the cart's UK VAT before any billing details are given", async () => {
    const user = await createUser(store);
    const token = await signIn(store, user.id);
    await addToCart(store, token, docker);
    const cart = (
      await store.app.inject({ method: "GET", url: "/api/cart/get", headers: bearer(token) })
    ).json<CartResponse>().data;
    expect(cart.total).toBe(19.99);
    expect(cart.tax).toMatchObject({
      billing_country: "GB",
      scheme: "domestic",
      reverse_charge: false,
      vat_total: 3.33,
    });
    expect(cart.tax.lines).toEqual([{ id: cart.rows[0]?.id, net: 16.66, vat_rate: 20, vat: 3.33, tax_country: "GB" }]);
  });

  it("charges a UK consumer the same price with 20 % UK VAT inside, on the order and its lines", async () => {
    const { detail } = await buyDocker({ billing_country: "GB" });
    expect(detail.amount).toBe(19.99);
    expect(detail).toMatchObject({ billing_country: "GB", vat_total: 3.33, reverse_charge: false, vat_number: null });
    expect(detail.orders[0]).toMatchObject({ net: 16.66, vat_rate: 20, vat: 3.33, tax_country: "GB" });
  });

  it("charges a French consumer France's rate through the OSS, and zero-rates an e-publication in the UK", async () => {
    const { detail, call } = await buyDocker({ billing_country: "fr" });
    expect(detail).toMatchObject({ billing_country: "FR", vat_total: 3.33, reverse_charge: false });
    expect(detail.orders[0]).toMatchObject({ vat_rate: 20, tax_country: "FR" });
    // The learner's billing details are remembered: the cart's VAT is worked out for France from now on.
    const cart = (await call("GET", "/api/cart/get")).json<CartResponse>().data;
    expect(cart.tax.billing_country).toBe("FR");

    await store.database.db.update(categories).set({ taxClass: "e_publication" }).where(eq(categories.slug, "docker"));
    try {
      const uk = await buyDocker({ billing_country: "GB" });
      expect(uk.detail).toMatchObject({ vat_total: 0 });
      expect(uk.detail.orders[0]).toMatchObject({ net: 19.99, vat_rate: 0, vat: 0 });
      // France taxes e-books at 5.5 %: 19.99 * 5.5 / 105.5 = 1.04.
      const france = await buyDocker({ billing_country: "FR" });
      expect(france.detail.orders[0]).toMatchObject({ net: 18.95, vat_rate: 5.5, vat: 1.04, tax_country: "FR" });
    } finally {
      await store.database.db.update(categories).set({ taxClass: "standard" }).where(eq(categories.slug, "docker"));
    }
  });

  it("charges no VAT outside the UK and the EU", async () => {
    const { detail } = await buyDocker({ billing_country: "US" });
    expect(detail).toMatchObject({ billing_country: "US", vat_total: 0 });
    expect(detail.orders[0]).toMatchObject({ vat_rate: 0, net: 19.99, tax_country: "US" });
  });
});

describe("VAT after upgrade credit and a coupon", () => {
  it("takes each line's VAT out of what is paid for it, after the credit and the discount", async () => {
    const admin = bearer(await signIn(store, (await createUser(store, { role: "admin" })).id));
    const code = `HALF-${Date.now()}`;
    const made = await store.app.inject({
      method: "POST",
      url: "/api/admin/coupons",
      headers: admin,
      payload: { code, kind: "percent", value: 50 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const token = await signIn(store, (await createUser(store)).id);
    const call = (url: string, payload?: Record<string, unknown>) =>
      store.app.inject({
        method: payload ? "POST" : "GET",
        url,
        headers: bearer(token),
        ...(payload ? { payload } : {}),
      });
    // Docker's Basics group (£5.00) first: the whole artefact then comes with £5.00 of credit.
    await addToCart(store, token, docker, "Basics");
    const group = await startStripe(bearer(token), { billing_country: "GB" }, 5);
    expect(group.statusCode, group.body).toBe(200);
    await fetch(`${store.emulators.origin}/emulator/stripe/checkout/${group.json().id}/pay`, {
      method: "POST",
      redirect: "manual",
    });
    await fetch(`${base}/api/stripe/return?session_id=${group.json().id}`, { redirect: "manual" });

    await addToCart(store, token, docker);
    expect((await call("/api/cart/coupon", { code })).statusCode).toBe(200);
    const cart = (await call("/api/cart/get")).json<CartResponse>().data;
    // 19.99 less 5.00 of credit is 14.99; half of it off leaves about 7.50 to pay.
    expect(cart).toMatchObject({ subtotal: 19.99, credit: 5 });
    expect(cart.discount).toBeGreaterThan(7);
    const paid = cart.total;
    expect(paid).toBeCloseTo(19.99 - 5 - cart.discount, 2);
    const [line] = cart.tax.lines;
    // 20 % inside what is paid, half up: never inside the list price.
    expect(line).toMatchObject({ vat_rate: 20, vat: Math.round((paid * 100 * 20) / 120) / 100 });
    expect(Math.round(((line?.net ?? 0) + (line?.vat ?? 0)) * 100)).toBe(Math.round(paid * 100));
    expect(cart.tax.vat_total).toBe(line?.vat);
  });
});

describe("business buyers", () => {
  it("reverse-charges a German business whose VAT number VIES finds valid", async () => {
    const { detail } = await buyDocker({
      billing_country: "DE",
      company_name: "Beispiel GmbH",
      vat_number: "de 136 695 976",
    });
    expect(detail).toMatchObject({
      billing_country: "DE",
      company_name: "Beispiel GmbH",
      vat_number: "DE136695976",
      vat_total: 0,
      reverse_charge: true,
    });
    expect(detail.orders[0]).toMatchObject({ net: 19.99, vat_rate: 0, vat: 0, tax_country: "DE" });
  });

  it("refuses a number VIES does not know, one that cannot be a VAT number, and one of another country", async () => {
    await vies("ATU13585627", "invalid");
    for (const [billing, message] of [
      [{ billing_country: "AT", vat_number: "ATU13585627" }, "This VAT number is not registered for VAT."],
      [{ billing_country: "DE", vat_number: "DE123456789" }, "This is not a valid VAT number."],
      [{ billing_country: "FR", vat_number: "DE136695976" }, "This VAT number is not from your billing country."],
      [{ billing_country: "ZZ" }, "Choose the country of your billing address."],
    ] as const) {
      const res = await startDocker(billing);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ status: false });
      expect(JSON.stringify(res.json())).toContain(message);
    }
  });

  it("charges VAT when VIES cannot be asked, as to a consumer", async () => {
    await vies("NL004495445B01", "unavailable");
    const { detail } = await buyDocker({ billing_country: "NL", vat_number: "NL004495445B01" });
    expect(detail).toMatchObject({ reverse_charge: false, vat_number: null, vat_total: 3.47 });
    expect(detail.orders[0]).toMatchObject({ vat_rate: 21, tax_country: "NL" });
  });

  it("charges UK VAT to a UK business: no reverse charge at home", async () => {
    const { detail } = await buyDocker({ billing_country: "GB", vat_number: "GB980780684" });
    expect(detail).toMatchObject({ reverse_charge: false, vat_total: 3.33 });
  });
});

describe("billing details before paying", () => {
  it("keeps them and answers the cart's VAT for them; a business's number is checked with VIES first", async () => {
    const user = await createUser(store);
    const token = await signIn(store, user.id);
    await addToCart(store, token, docker);
    const save = (payload: Record<string, string>) =>
      store.app.inject({ method: "POST", url: "/api/cart/billing", headers: bearer(token), payload });

    const french = await save({ billing_country: "FR" });
    expect(french.statusCode, french.body).toBe(200);
    expect(french.json()).toMatchObject({ status: true, message: "Your billing details are saved." });
    expect(french.json<CartResponse>().data.tax).toMatchObject({
      billing_country: "FR",
      scheme: "oss",
      vat_total: 3.33,
    });

    const business = await save({ billing_country: "DE", company_name: "Beispiel GmbH", vat_number: "DE136695976" });
    expect(business.json<CartResponse>().data.tax).toMatchObject({
      billing_country: "DE",
      company_name: "Beispiel GmbH",
      vat_number: "DE136695976",
      reverse_charge: true,
      vat_total: 0,
    });

    await vies("IE6388047V", "unavailable");
    const unchecked = await save({ billing_country: "IE", vat_number: "IE6388047V" });
    expect(unchecked.statusCode).toBe(200);
    expect(unchecked.json().message).toMatch(/^We could not check your VAT number with the EU's VIES service/);
    expect(unchecked.json<CartResponse>().data.tax).toMatchObject({ reverse_charge: false, vat_total: 3.74 });

    const bad = await save({ billing_country: "DE", vat_number: "DE000" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: { vat_number: "This is not a valid VAT number." } });
  });

  it("updates the checkout's summary from its own form, without JavaScript, paying nothing", async () => {
    const user = await createUser(store);
    const token = await signIn(store, user.id);
    await addToCart(store, token, docker);
    const cookie = { cookie: `access-token=${token}` };
    const updated = await pageFormPost(
      store,
      "/checkout",
      {
        intent: "billing",
        method: "card",
        amount: "19.99",
        currency: "GBP",
        billing_country: "DE",
        vat_number: "DE136695976",
      },
      cookie,
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.body).toContain("Your billing details are saved.");
    expect(updated.body).toContain("Reverse charge: no VAT");
    expect(updated.body).toMatch(/<option value="DE" selected="">Germany<\/option>/);
    const refused = await pageFormPost(
      store,
      "/checkout",
      {
        intent: "billing",
        method: "card",
        amount: "19.99",
        currency: "GBP",
        billing_country: "DE",
        vat_number: "FR40303265045",
      },
      cookie,
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain("This VAT number is not from your billing country.");
    const orders = await store.app.inject({ method: "GET", url: "/api/get-orders", headers: bearer(token) });
    expect(orders.json().data.rows).toEqual([]);
  });
});

describe("VAT invoices and credit notes", () => {
  it("shows the seller's VAT number, each line's net, rate and VAT, and the totals per rate", async () => {
    const bought = await buyDocker({ billing_country: "GB", company_name: "Example Ltd" });
    const res = await bought.call("GET", `/api/orders/${bought.order.id}/invoice`);
    expect(res.statusCode).toBe(200);
    const lines = (await pdfText(res.rawPayload)).split("\n");
    expect(lines.slice(0, 3)).toEqual(["Skillshelf", "VAT number GB980780684", "Invoice"]);
    expect(lines).not.toContain("Not VAT registered");
    const after = (label: string, count = 1) => lines.slice(lines.indexOf(label) + 1, lines.indexOf(label) + 1 + count);
    expect(after("Company name")).toEqual(["Example Ltd"]);
    expect(after("Country")).toEqual(["United Kingdom"]);
    expect(after("Amount", 5)).toEqual(["Docker", "£16.66", "20 %", "£3.33", "£19.99"]);
    expect(lines.slice(-8)).toEqual([
      "Total paid",
      "£19.99",
      "Net at 20 %",
      "£16.66",
      "VAT at 20 %",
      "£3.33",
      "Total VAT",
      "£3.33",
    ]);
  });

  it("prints the seller's VAT number of the day the order was made, after the store's changes", async () => {
    const bought = await buyDocker({ billing_country: "GB" });
    // As a restart with another VAT_NUMBER would (a new registration, say).
    const { tax } = store.app.config;
    const config = store.app.config as { tax: typeof tax };
    config.tax = { ...tax, vatNumber: "GB123456782" };
    try {
      const invoice = await bought.call("GET", `/api/orders/${bought.order.id}/invoice`);
      expect((await pdfText(invoice.rawPayload)).split("\n").slice(0, 2)).toEqual([
        "Skillshelf",
        "VAT number GB980780684",
      ]);
    } finally {
      config.tax = tax;
    }
  });

  it("says when the reverse charge applies, with both VAT numbers, and credits the same lines on a refund", async () => {
    const bought = await buyDocker({ billing_country: "DE", company_name: "Beispiel GmbH", vat_number: "DE136695976" });
    const invoice = (
      await pdfText((await bought.call("GET", `/api/orders/${bought.order.id}/invoice`)).rawPayload)
    ).split("\n");
    expect(invoice).toContain("VAT number GB980780684");
    expect(invoice.slice(invoice.indexOf("Customer VAT number"), invoice.indexOf("Customer VAT number") + 2)).toEqual([
      "Customer VAT number",
      "DE136695976",
    ]);
    expect(invoice.at(-1)).toBe(
      "Reverse charge: the customer accounts for the VAT (Article 196, Directive 2006/112/EC).",
    );
    const refunded = await bought.call("POST", `/api/orders/${bought.order.id}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    const detail = (await bought.call("POST", "/api/order-details", { detail_id: bought.order.id })).json<{
      data: OrderDetail;
    }>().data;
    const note = await bought.call("GET", `/api/orders/${bought.order.id}/credit-notes/${detail.credit_notes[0]}`);
    const credit = (await pdfText(note.rawPayload)).split("\n");
    expect(credit).toContain("Customer VAT number");
    expect(credit.slice(credit.indexOf("Amount") + 1, credit.indexOf("Amount") + 6)).toEqual([
      "Docker",
      "£19.99",
      "0 %",
      "£0.00",
      "£19.99",
    ]);
    expect(credit).toContain("Total refunded");
  });
});

describe("the admin order search", () => {
  it("finds an order by its invoice or credit note number, whole or in part", async () => {
    const admin = await createUser(store, { role: "admin" });
    const adminToken = await signIn(store, admin.id);
    const bought = await buyDocker({ billing_country: "GB" });
    expect((await bought.call("POST", `/api/orders/${bought.order.id}/refund`)).statusCode).toBe(200);
    const { invoice_number: invoice, credit_notes: [creditNote = ""] = [] } = bought.detail;
    const refunded = (await bought.call("POST", "/api/order-details", { detail_id: bought.order.id })).json<{
      data: OrderDetail;
    }>().data;
    const found = async (search: string) =>
      (
        await store.app.inject({
          url: `/api/admin/orders?search=${encodeURIComponent(search)}`,
          headers: bearer(adminToken),
        })
      )
        .json<{ data: { rows: { id: number }[] } }>()
        .data.rows.map((row) => row.id);
    expect(creditNote).toBe("");
    expect(await found(invoice ?? "")).toEqual([bought.order.id]);
    expect(await found((invoice ?? "").toLowerCase())).toEqual([bought.order.id]);
    expect(await found(refunded.credit_notes[0] ?? "")).toEqual([bought.order.id]);
    // Part of a number: every order whose number holds it, this one among them.
    expect(await found((refunded.credit_notes[0] ?? "").slice(3))).toContain(bought.order.id);
  });
});

describe("the evidence of where the buyer is", () => {
  it("keeps the declared country, the address's and the card's, so that two of them agree", async () => {
    const bought = await buyByCard(store, {
      base,
      artefactId: docker.seo_data.id,
      price: 19.99,
      billing: { billing_country: "FR", confirm_country: true },
      headers: { "x-forwarded-for": "8.8.8.8" },
      cardCountry: "FR",
    });
    const [row] = await store.database.db
      .select({ evidence: orders.taxEvidence })
      .from(orders)
      .where(eq(orders.id, bought.order.id));
    expect(row?.evidence).toEqual({
      billingCountry: "FR",
      ipAddress: "8.8.8.8",
      ipCountry: "US",
      countryConfirmed: true,
      payerCountry: "FR",
    });
  });

  it("preselects the country of the learner's address, and asks them to confirm another before paying", async () => {
    const token = await dockerInCart();
    const fromParis = { ...bearer(token), "x-forwarded-for": "90.0.0.1" };
    const cart = (
      await store.app.inject({ method: "GET", url: "/api/cart/get", headers: fromParis })
    ).json<CartResponse>().data;
    expect(cart.tax).toMatchObject({ billing_country: "FR", ip_country: "FR", scheme: "oss", vat_total: 3.33 });

    // Billed in Germany from a French address: the learner's word is asked for, nothing is refused for good.
    const asked = await startStripe(fromParis, { billing_country: "DE" });
    expect(asked.statusCode).toBe(422);
    const why =
      "You seem to be connecting from another country. Please confirm that your billing address is in the country you chose.";
    expect(asked.json()).toMatchObject({ message: why, errors: { confirm_country: why } });
    // The details are kept: the checkout shows Germany, and the box to tick.
    const kept = (
      await store.app.inject({ method: "GET", url: "/api/cart/get", headers: fromParis })
    ).json<CartResponse>().data;
    expect(kept.tax).toMatchObject({ billing_country: "DE", ip_country: "FR" });
    const page = await store.app.inject({
      url: "/checkout",
      headers: { cookie: `access-token=${token}`, "x-forwarded-for": "90.0.0.1" },
    });
    expect(page.body.replaceAll("<!-- -->", "")).toContain("You seem to be connecting from France.");
    expect(page.body.replaceAll("<!-- -->", "")).toContain("My billing address is in Germany");

    expect((await startStripe(fromParis, { billing_country: "DE", confirm_country: true })).statusCode).toBe(200);
    // From the country billed, or from an address of no known country, nothing is asked.
    expect((await startStripe(fromParis, { billing_country: "FR" })).statusCode).toBe(200);
    expect((await startStripe(bearer(token), { billing_country: "DE" })).statusCode).toBe(200);
  });

  it("asks the same without JavaScript: the checkout's form shows the box and takes it", async () => {
    const token = await dockerInCart();
    const headers = { cookie: `access-token=${token}`, "x-forwarded-for": "90.0.0.1" };
    const form = { method: "card", amount: "19.99", currency: "GBP", billing_country: "DE" };
    const refused = await pageFormPost(store, "/checkout", form, headers);
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain("Please confirm that your billing address is in the country you chose.");
    expect(refused.body.replaceAll("<!-- -->", "")).toContain("My billing address is in Germany");
    const paying = await pageFormPost(store, "/checkout", { ...form, confirm_country: "on" }, headers);
    expect(paying.statusCode).toBe(303);
    expect(paying.headers.location).toMatch(/\/emulator\/stripe\/checkout\//);
  });

  it("shows the operator the evidence, and warns when nothing agrees with the declared country", async () => {
    const admin = await createUser(store, { role: "admin" });
    const adminToken = await signIn(store, admin.id);
    const bought = await buyByCard(store, {
      base,
      artefactId: docker.seo_data.id,
      price: 19.99,
      billing: { billing_country: "FR", confirm_country: true },
      headers: { "x-forwarded-for": "8.8.8.8" },
      cardCountry: "DE",
    });
    const detail = await store.app.inject({
      url: `/api/admin/orders/${bought.order.id}`,
      headers: bearer(adminToken),
    });
    expect(detail.json().data).toMatchObject({
      tax_scheme: "oss",
      billing_country: "FR",
      tax_evidence: {
        billing_country: "FR",
        ip_address: "8.8.8.8",
        ip_country: "US",
        payer_country: "DE",
        conflicts: true,
        country_confirmed: true,
      },
    });
    const page = await store.app.inject({
      url: `/admin/orders/${bought.order.id}`,
      headers: { cookie: `access-token=${adminToken}` },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("VAT of the buyer&#x27;s country (OSS)");
    expect(page.body).toContain("The evidence does not place the buyer in the country they declared");
    expect(page.body.replaceAll("<!-- -->", "")).toContain("8.8.8.8</span> (United States)");
    expect(page.body.replaceAll("<!-- -->", "")).toContain("France (confirmed by the buyer at checkout)");
  });

  it("takes the PayPal payer's country from the order PayPal captured", async () => {
    const user = await createUser(store);
    const token = await signIn(store, user.id);
    await addToCart(store, token, docker);
    const started = await store.app.inject({
      method: "POST",
      url: "/api/paypal/payment",
      headers: bearer(token),
      payload: {
        final_amount: 19.99,
        currency_code: "GBP",
        success_url: `${PUBLIC_URL}/payment-confirmation`,
        cancel_url: `${PUBLIC_URL}/payment-cancelled`,
        billing_country: "DE",
      },
    });
    expect(started.statusCode, started.body).toBe(200);
    const approval = started
      .json<{ links: { rel: string; href: string }[] }>()
      .links.find((l) => l.rel === "approval_url");
    const orderId = new URL(approval?.href ?? "").searchParams.get("token") ?? "";
    const page = await store.emulators.app.inject({ url: `/emulator/paypal/checkout?token=${orderId}` });
    expect(page.body).toContain('<option value="DE">Germany</option>');
    const approved = await store.emulators.app.inject(
      formPost("/emulator/paypal/checkout/approve", { token: orderId, outcome: "pay", country: "DE" }),
    );
    const back = new URL(approved.headers.location ?? "");
    expect((await store.app.inject({ url: `${back.pathname}${back.search}` })).statusCode).toBe(303);
    const [row] = await store.database.db
      .select({ evidence: orders.taxEvidence })
      .from(orders)
      .where(eq(orders.userId, user.id));
    expect(row?.evidence).toMatchObject({ billingCountry: "DE", payerCountry: "DE" });
  });
});

describe("a seller not registered for VAT", () => {
  it("charges no VAT (the default store)", async () => {
    const plain = await createTestStore();
    try {
      await plain.importCatalogue(smallCatalogue());
      const listing = (
        await plain.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })
      ).json<ListingResponse>();
      const user = await createUser(plain);
      const token = await signIn(plain, user.id);
      await addToCart(plain, token, listing);
      const cart = (
        await plain.app.inject({ method: "GET", url: "/api/cart/get", headers: bearer(token) })
      ).json<CartResponse>().data;
      expect(cart.tax).toMatchObject({ billing_country: "GB", scheme: "not_registered", vat_total: 0 });
      expect(cart.tax.lines[0]).toMatchObject({ net: 19.99, vat_rate: 0, vat: 0 });
    } finally {
      await plain.close();
    }
  });
});

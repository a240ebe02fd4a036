import type { ListingResponse } from "@skillshelf/shared/api.ts";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, PUBLIC_URL, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { englishLeftIn, englishPieces, readerTexts } from "./helpers/languages.ts";
import { formPost, formsOf } from "./helpers/payu-forms.ts";

let store: TestStore;
let docker: ListingResponse;

beforeAll(async () => {
  store = await createTestStore();
  await store.importCatalogue(smallCatalogue());
  // The emulators send their webhooks to the store over HTTP.
  await store.app.listen({ port: 0, host: "127.0.0.1" });
  docker = (await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })).json();
});
afterAll(() => store?.close());

const SETTING = { en: "English", es: "Spanish", fr: "French" } as const;
/** The Pay and Cancel buttons CONTRACT.md section 5 names, in the payer's language. */
const BUTTONS = { es: ["Pagar", "Cancelar"], fr: ["Payer", "Annuler"] } as const;
const urls = { success_url: `${PUBLIC_URL}/payment-confirmation`, cancel_url: `${PUBLIC_URL}/payment-cancelled` };

/**
 * A learner of `code` with Docker (19.99) in the cart: the store's API as
 * them, and their browser at the emulators' origin, which keeps the cookies
 * the emulators set there.
 */
async function payer(code: keyof typeof SETTING) {
  const user = await createUser(store, { name: "Ana", language: SETTING[code] });
  const token = await signIn(store, user.id);
  const call = (url: string, payload: Record<string, unknown>) =>
    store.app.inject({ method: "POST", url, headers: bearer(token), payload });
  expect((await call("/api/cart/add", { sub_category_id: docker.seo_data.id, group_id: null })).statusCode).toBe(201);
  const jar = new Map<string, string>();
  const visit = async (request: InjectOptions) => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await store.emulators.app.inject({
      ...request,
      headers: { ...(request.headers ?? {}), ...(cookie ? { cookie } : {}) },
    });
    for (const set of [response.headers["set-cookie"] ?? []].flat()) {
      const [pair = ""] = set.split(";");
      const [name = "", ...value] = pair.split("=");
      jar.set(name, value.join("="));
    }
    return response;
  };
  return { call, visit };
}

/** A Stripe Checkout Session for the payer's cart, as the checkout starts it. */
async function stripeSession(stripe: Awaited<ReturnType<typeof payer>>) {
  const res = await stripe.call("/api/stripe/create-checkout-session", {
    final_amount: 19.99,
    currency: "GBP",
    ...urls,
    line_items: [{ name: "Docker", price: 19.99, quantity: 1 }],
  });
  return res.json<{ id: string }>();
}

/** Each emulator's hosted pages (open, decided, expired, unknown), as the payer's browser opens them. */
async function hostedPages(code: keyof typeof SETTING): Promise<Record<string, string>> {
  const stripe = await payer(code);
  const session = await stripeSession(stripe);
  const get = (url: string, browser: Awaited<ReturnType<typeof payer>>) => browser.visit({ method: "GET", url });

  const paypal = await payer(code);
  const approval = (
    await paypal.call("/api/paypal/payment", {
      final_amount: 19.99,
      currency_code: "GBP",
      ...urls,
      item_name: "Docker",
      custom: "",
    })
  )
    .json<{ links: { rel: string; href: string }[] }>()
    .links.find((l) => l.rel === "approval_url");

  const payu = await payer(code);
  const form = (
    await payu.call("/api/payu/payment", {
      txnid: "TXN1",
      amount: 19.99,
      currency: "GBP",
      ...urls,
      productinfo: "Docker",
    })
  ).json<{ action: string; params: Record<string, string> }>();
  expect(new URL(form.action).origin).toBe(store.emulators.origin);
  const hosted = await payu.visit(formPost(new URL(form.action).pathname, form.params));
  const decided = await payu.visit(
    formPost("/emulator/payu/complete", { txnid: form.params.txnid ?? "", outcome: "success" }),
  );

  // The pages of a payment already decided: a Stripe session paid (complete) or expired, a PayPal order approved.
  const open = (await get(`/emulator/stripe/checkout/${session.id}`, stripe)).body;
  const paypalPage = new URL(approval?.href ?? "");
  const paypalOpen = (await get(paypalPage.pathname + paypalPage.search, paypal)).body;
  const stripeDecided = await payer(code);
  const decidedSession = await stripeSession(stripeDecided);
  const declined = await stripeDecided.visit(formPost(`/emulator/stripe/checkout/${decidedSession.id}/decline`, {}));
  expect(declined.statusCode).toBe(303);
  const expired = await store.emulators.app.inject({
    method: "POST",
    url: "/emulator/stripe/control",
    payload: { session_id: session.id, expire: true },
  });
  expect(expired.statusCode, expired.body).toBe(200);
  const token = paypalPage.searchParams.get("token") ?? "";
  const approved = await paypal.visit(formPost("/emulator/paypal/checkout/approve", { token, outcome: "pay" }));
  expect(approved.statusCode).toBe(303);

  return {
    stripe: open,
    "stripe, complete": (await get(`/emulator/stripe/checkout/${decidedSession.id}`, stripe)).body,
    "stripe, expired": (await get(`/emulator/stripe/checkout/${session.id}`, stripe)).body,
    "paypal, approved": (await get(paypalPage.pathname + paypalPage.search, paypal)).body,
    "stripe, not found": (await get("/emulator/stripe/checkout/cs_test_nope", stripe)).body,
    paypal: paypalOpen,
    "paypal, not found": (await get("/emulator/paypal/checkout?token=NOPE", paypal)).body,
    payu: hosted.body,
    "payu, decided": decided.body,
    "payu, error": (await payu.visit(formPost(new URL(form.action).pathname, {}))).body,
  };
}

describe("the payment emulators' pages", () => {
  for (const code of ["es", "fr"] as const) {
    it(`speak the ${code} payer's language, every label and price included`, async () => {
      const pieces = englishPieces(code);
      for (const [name, html] of Object.entries(await hostedPages(code))) {
        expect(html, name).toContain(`<html lang="${code}">`);
        expect(englishLeftIn(html, pieces), name).toEqual([]);
      }
      const { stripe, paypal, payu } = await hostedPages(code);
      for (const html of [stripe, paypal, payu]) {
        const buttons = formsOf(html as string).length;
        expect(buttons).toBeGreaterThanOrEqual(2);
        const texts = readerTexts(html as string);
        expect(texts).toEqual(expect.arrayContaining([...BUTTONS[code]]));
        expect(texts).not.toContain("Pay");
        expect(texts).not.toContain("Cancel");
        // "19,99 £" in both languages' format, never "£19.99".
        expect(html).toMatch(/19,99/);
        expect(html).not.toContain("£19.99");
      }
      expect(stripe).toContain(code === "es" ? "Los pagos están emulados" : "Les paiements sont émulés");
    });
  }

  it("stay in English for an English payer", async () => {
    const pages = await hostedPages("en");
    const { stripe, paypal, payu } = pages;
    // The decided payments' pages are the ones the translated runs check too.
    expect(pages["stripe, complete"]).toContain("This checkout is complete");
    expect(pages["stripe, expired"]).toContain("This checkout is expired");
    expect(pages["paypal, approved"]).toContain("This order is no longer awaiting approval");
    expect(stripe).toContain('<html lang="en">');
    expect(stripe).toContain("Payments are emulated: this is not Stripe Checkout, and no money moves.");
    expect(stripe).toContain("<title>Pay £19.99 · Stripe Checkout (emulated)</title>");
    expect(paypal).toContain("Approve your payment");
    expect(payu).toContain("Fail payment");
    for (const html of [stripe, paypal, payu]) {
      expect(readerTexts(html as string)).toEqual(expect.arrayContaining(["Pay", "Cancel"]));
    }
    expect(payu).toContain('<td>Total</td><td class="num">£19.99</td>');
  });
});

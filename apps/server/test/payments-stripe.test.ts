import type { AddressInfo } from "node:net";
import { parseStripeForm } from "@skillshelf/emulators/stripe.ts";
import type { CartResponse, ContentResponse, ListingResponse, OrderDetail, OrderRow } from "@skillshelf/shared/api.ts";
import { CART_CHANGED } from "@skillshelf/shared/constants.ts";
import { STRIPE_EMULATOR_KEYS } from "@skillshelf/shared/payment-emulators.ts";
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, entitlements, orders, payments } from "../src/db/schema/index.ts";
import { providerSettings } from "../src/payments/provider-settings.ts";
import { stripeClient } from "../src/payments/stripe/stripe-client.ts";
import { STRIPE_UNAVAILABLE } from "../src/payments/stripe/stripe-gateway.ts";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, PUBLIC_URL, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";

let store: TestStore;
let docker: ListingResponse;
/** Where this process reaches the listening store; the emulator's webhooks go there too. */
let base: string;
/** Where the emulators listen: the Stripe API at /v1, the hosted pages under /emulator/stripe. */
let emulators: string;

beforeAll(async () => {
  store = await createTestStore();
  await store.importCatalogue(smallCatalogue());
  docker = (await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })).json();
  await store.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(store.app.server.address() as AddressInfo).port}`;
  emulators = store.emulators.origin;
});
afterAll(() => store.close());

// The store's links carry PUBLIC_URL (a name this machine does not resolve); follow them to the listening store,
// and the emulator's pages to the emulators.
const local = (url: string) => {
  const target = new URL(url, PUBLIC_URL);
  return `${target.pathname.startsWith("/emulator/") ? emulators : base}${target.pathname}${target.search}`;
};
const post = (url: string) => fetch(local(url), { method: "POST", redirect: "manual" });
const get = (url: string) => fetch(local(url), { redirect: "manual" });
const location = (res: Response) => res.headers.get("location") ?? "";
const control = (body: Record<string, unknown>) =>
  fetch(`${emulators}/emulator/stripe/control`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

const checkout = (overrides: Record<string, unknown> = {}) => ({
  final_amount: 19.99,
  currency: "GBP",
  success_url: `${PUBLIC_URL}/payment-confirmation`,
  cancel_url: `${PUBLIC_URL}/payment-cancelled`,
  line_items: [{ name: "Docker", price: 19.99, quantity: 1 }],
  ...overrides,
});

/** A learner with the whole Docker artefact (19.99) in the cart. */
async function learner() {
  const user = await createUser(store);
  const token = await signIn(store, user.id);
  const call = (method: "GET" | "POST", url: string, payload?: Record<string, unknown>) =>
    store.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const added = await call("POST", "/api/cart/add", { sub_category_id: docker.seo_data.id, group_id: null });
  expect(added.statusCode).toBe(201);
  const startCheckout = async () => {
    const res = await call("POST", "/api/stripe/create-checkout-session", checkout());
    expect(res.statusCode).toBe(200);
    const body = res.json<{ status: boolean; message: string; id: string; url: string }>();
    expect(body).toMatchObject({ status: true, message: "success" });
    expect(body.id).toMatch(/^cs_test_/);
    expect(body.url).toBe(`${store.emulators.origin}/emulator/stripe/checkout/${body.id}`);
    return body;
  };
  return { user, call, startCheckout };
}

/** What the database holds for a learner and one of their sessions. */
async function stateOf(userId: number, sessionId?: string) {
  const { db } = store.database;
  const [payment] = sessionId
    ? await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, "stripe"), eq(payments.providerRef, sessionId)))
    : [];
  return {
    payment,
    payments: await db.select().from(payments).where(eq(payments.userId, userId)),
    orders: await db.select().from(orders).where(eq(orders.userId, userId)),
    entitlements: await db.select().from(entitlements).where(eq(entitlements.userId, userId)),
    cart: await db.select().from(cartItems).where(eq(cartItems.userId, userId)),
  };
}

const emulatorState = async (sessionId: string) =>
  (await fetch(`${emulators}/emulator/stripe/control?session_id=${sessionId}`)).json() as Promise<{
    session: Stripe.Checkout.Session;
    deliveries: { type: string; status: number }[];
  }>;

/** The store's Stripe client, pointed at the emulator as the store's configuration says. */
const stripeOfStore = () => {
  const client = stripeClient(providerSettings(store.app.config).stripe);
  if (!client) throw new Error("no Stripe key");
  return client;
};

/** A checkout.session.completed event for a session the emulator has marked paid, and its delivery. */
async function completedEvent(sessionId: string) {
  const session = await stripeOfStore().checkout.sessions.retrieve(sessionId);
  expect(session.payment_status).toBe("paid");
  return JSON.stringify({
    id: `evt_test_${sessionId}`,
    object: "event",
    type: "checkout.session.completed",
    data: { object: session },
  });
}
const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_EMULATOR_KEYS.webhookSecret, ...options });
const deliver = (payload: string, signature: string) =>
  fetch(`${base}/api/stripe/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body: payload,
  });

describe("a card payment through the emulator", () => {
  it("is paid, fulfilled by the webhook, and the return lands on the success page with the order", async () => {
    const me = await learner();
    const locked = await me.call("POST", "/api/get-content", { slug: "docker", content: "images" });
    expect(locked.json<ContentResponse>().is_payment_paid).toBe(false);
    const { id, url } = await me.startCheckout();
    expect((await stateOf(me.user.id, id)).payment).toMatchObject({
      status: "pending",
      amountMinor: 1999,
      currency: "GBP",
    });

    const page = await get(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const text of ["Payments are emulated", "Docker", "£19.99", ">Pay<", ">Decline card<", ">Cancel<"]) {
      expect(html).toContain(text);
    }

    const paid = await post(`/emulator/stripe/checkout/${id}/pay`);
    expect(paid.status).toBe(303);
    expect(location(paid)).toBe(`${PUBLIC_URL}/api/stripe/return?session_id=${id}`);
    // The webhook came before the browser was sent back.
    const afterWebhook = await stateOf(me.user.id, id);
    expect(afterWebhook.payment?.status).toBe("paid");
    expect(afterWebhook.orders).toHaveLength(1);

    const back = await get(location(paid));
    expect(back.status).toBe(303);
    const order = afterWebhook.orders[0];
    expect(location(back)).toBe(`${PUBLIC_URL}/payment-confirmation?order=${order?.id}`);

    const after = await stateOf(me.user.id, id);
    expect(after.orders).toHaveLength(1);
    expect(after.entitlements.map((e) => [e.categoryId, e.groupId])).toEqual([[docker.seo_data.id, null]]);
    expect(after.cart).toEqual([]);
    expect((await me.call("GET", "/api/cart/get")).json<CartResponse>().data.rows).toEqual([]);
    const unlocked = await me.call("POST", "/api/get-content", { slug: "docker", content: "images" });
    expect(unlocked.json<ContentResponse>().is_payment_paid).toBe(true);
    const rows = (await me.call("GET", "/api/get-orders")).json<{ data: { rows: OrderRow[] } }>().data.rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: 19.99, currency: "GBP" });
    const detail = (await me.call("POST", "/api/order-details", { detail_id: order?.id })).json<{
      data: OrderDetail;
    }>();
    expect(detail.data).toMatchObject({ payment_method: "Card", payment_status: "Paid" });
    expect(detail.data.transaction_id).toMatch(/^pi_/);
    expect((await emulatorState(id)).deliveries).toMatchObject([{ type: "checkout.session.completed", status: 200 }]);
  });

  it("is cancelled: no order, the cart is kept, the payment is closed", async () => {
    const me = await learner();
    const { id } = await me.startCheckout();
    const left = await post(`/emulator/stripe/checkout/${id}/cancel`);
    expect(location(left)).toBe(`${PUBLIC_URL}/api/stripe/cancel?session_id=${id}`);
    const back = await get(location(left));
    expect(back.status).toBe(303);
    expect(location(back)).toBe(`${PUBLIC_URL}/payment-cancelled`);
    const after = await stateOf(me.user.id, id);
    expect(after.payment?.status).toBe("cancelled");
    expect(after.orders).toEqual([]);
    expect(after.entitlements).toEqual([]);
    expect((await me.call("GET", "/api/cart/get")).json<CartResponse>().data.rows).toHaveLength(1);
  });

  it("fails when the card is declined: no order, the cart is kept", async () => {
    const me = await learner();
    const { id } = await me.startCheckout();
    const declined = await post(`/emulator/stripe/checkout/${id}/decline`);
    expect(declined.status).toBe(303);
    expect(location(declined)).toBe(`${PUBLIC_URL}/api/stripe/cancel?session_id=${id}`);
    expect(location(await get(location(declined)))).toBe(`${PUBLIC_URL}/payment-cancelled`);
    // Paying afterwards changes nothing: the session is over.
    expect(location(await post(`/emulator/stripe/checkout/${id}/pay`))).toContain("/api/stripe/cancel");
    const after = await stateOf(me.user.id, id);
    expect(after.payment?.status).toBe("failed");
    expect(after.orders).toEqual([]);
    expect(after.cart).toHaveLength(1);
    expect((await emulatorState(id)).session).toMatchObject({ status: "complete", payment_status: "unpaid" });
  });

  it("closes as expired when the session expires", async () => {
    const me = await learner();
    const { id } = await me.startCheckout();
    expect((await control({ session_id: id, expire: true })).status).toBe(200);
    const after = await stateOf(me.user.id, id);
    expect(after.payment?.status).toBe("expired");
    expect(after.orders).toEqual([]);
    expect(after.cart).toHaveLength(1);
    expect(location(await post(`/emulator/stripe/checkout/${id}/pay`))).toContain("/api/stripe/cancel");
  });

  it("sends an unknown session back to the cancelled page", async () => {
    for (const query of ["?session_id=cs_test_nope", "?session_id={CHECKOUT_SESSION_ID}", ""]) {
      const res = await get(`/api/stripe/return${query}`);
      expect(res.status).toBe(303);
      expect(location(res)).toBe("/payment-cancelled");
    }
  });
});

describe("what the client claims is checked against the cart", () => {
  const refused = async (overrides: Record<string, unknown>, status: number) => {
    const me = await learner();
    const before = store.emulators.records.count("stripe");
    const res = await me.call("POST", "/api/stripe/create-checkout-session", checkout(overrides));
    expect(res.statusCode).toBe(status);
    expect((await stateOf(me.user.id)).payments).toEqual([]);
    // Refused before Stripe was asked for anything.
    expect(store.emulators.records.count("stripe")).toBe(before);
    return res.json<{ status: boolean; message: string; errors?: Record<string, string> }>();
  };

  it("refuses an amount off by a penny, a different list of lines, or another currency with 409", async () => {
    for (const overrides of [
      { final_amount: 19.98 },
      { final_amount: "20.00" },
      { line_items: [{ name: "Docker", price: 19.98, quantity: 1 }] },
      {
        line_items: [
          { name: "Docker", price: 19.99, quantity: 1 },
          { name: "Docker: Basics", price: 0, quantity: 1 },
        ],
      },
      { currency: "USD" },
    ]) {
      expect(await refused(overrides, 409)).toMatchObject({ status: false, message: CART_CHANGED });
    }
  });

  it("refuses return URLs outside the store with 422", async () => {
    const body = await refused({ success_url: "https://evil.example/thanks" }, 422);
    expect(body.errors).toHaveProperty("success_url");
    expect((await refused({ cancel_url: "https://evil.example/" }, 422)).errors).toHaveProperty("cancel_url");
  });

  it("needs a session and the fields", async () => {
    const res = await store.app.inject({
      method: "POST",
      url: "/api/stripe/create-checkout-session",
      payload: checkout(),
    });
    expect(res.statusCode).toBe(401);
    const me = await learner();
    const missing = await me.call("POST", "/api/stripe/create-checkout-session", { currency: "GBP" });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toHaveProperty("final_amount", "final_amount is required");
  });

  it("answers 502 and records nothing when Stripe is down", async () => {
    const me = await learner();
    await control({ api: "down" });
    try {
      const res = await me.call("POST", "/api/stripe/create-checkout-session", checkout());
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ status: false, message: STRIPE_UNAVAILABLE });
      expect((await stateOf(me.user.id)).payments).toEqual([]);
    } finally {
      await control({ api: "up" });
    }
  });
});

describe("the webhook", () => {
  /** A learner who paid at the emulator with webhooks off: only the test's deliveries confirm. */
  async function paidWithoutWebhook() {
    const me = await learner();
    const { id } = await me.startCheckout();
    await control({ session_id: id, webhook: "none" });
    const paid = await post(`/emulator/stripe/checkout/${id}/pay`);
    expect((await stateOf(me.user.id, id)).payment?.status).toBe("pending");
    return { me, id, returnUrl: location(paid), payload: await completedEvent(id) };
  }

  const nothingWritten = async (userId: number, id: string) => {
    const state = await stateOf(userId, id);
    expect(state.payment?.status).toBe("pending");
    expect(state.orders).toEqual([]);
    expect(state.entitlements).toEqual([]);
    expect(state.cart).toHaveLength(1);
  };

  it("refuses a bad signature, a stale timestamp and a changed body with 400", async () => {
    const { me, id, payload } = await paidWithoutWebhook();
    const stale = Math.floor(Date.now() / 1000) - 600;
    const tampered = payload.replace('"amount_total":1999', '"amount_total":1');
    expect(tampered).not.toBe(payload);
    for (const [body, signature] of [
      [payload, sign(payload, { secret: "whsec_not_ours" })],
      [payload, sign(payload, { timestamp: stale })],
      [tampered, sign(payload)],
      [payload, ""],
    ] as const) {
      const res = await deliver(body, signature);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ status: false });
    }
    await nothingWritten(me.user.id, id);
    // The same event, signed properly, is accepted.
    expect(await (await deliver(payload, sign(payload))).json()).toMatchObject({ received: true });
    expect((await stateOf(me.user.id, id)).orders).toHaveLength(1);
  });

  it("makes one order from 20 concurrent deliveries of the same event", async () => {
    const { me, id, payload } = await paidWithoutWebhook();
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(payload, sign(payload))));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const after = await stateOf(me.user.id, id);
    expect(after.orders).toHaveLength(1);
    expect(after.entitlements).toHaveLength(1);
    expect(after.cart).toEqual([]);
  });

  it("makes one order when it races the learner's return", async () => {
    const { me, id, payload, returnUrl } = await paidWithoutWebhook();
    const [hook, back] = await Promise.all([deliver(payload, sign(payload)), get(returnUrl)]);
    expect(hook.status).toBe(200);
    const after = await stateOf(me.user.id, id);
    expect(after.orders).toHaveLength(1);
    expect(location(back)).toBe(`${PUBLIC_URL}/payment-confirmation?order=${after.orders[0]?.id}`);
  });

  it("confirms on return alone when no webhook ever comes", async () => {
    const { me, id, returnUrl } = await paidWithoutWebhook();
    const back = await get(returnUrl);
    const after = await stateOf(me.user.id, id);
    expect(after.orders).toHaveLength(1);
    expect(location(back)).toBe(`${PUBLIC_URL}/payment-confirmation?order=${after.orders[0]?.id}`);
    expect(location(await get(returnUrl))).toBe(location(back));
  });

  it("acknowledges a valid event it has no use for, and one about a session it does not know", async () => {
    const other = JSON.stringify({ id: "evt_other", object: "event", type: "customer.created", data: { object: {} } });
    expect(await (await deliver(other, sign(other))).json()).toMatchObject({ received: true });
    const unknown = JSON.stringify({
      id: "evt_unknown",
      object: "event",
      type: "checkout.session.completed",
      data: { object: { id: "cs_test_elsewhere", payment_status: "paid", amount_total: 100, currency: "gbp" } },
    });
    const res = await deliver(unknown, sign(unknown));
    expect(res.status).toBe(200);
  });
});

describe("the emulator's webhook controls", () => {
  it("'twice' delivers the event twice and still makes one order", async () => {
    const me = await learner();
    const { id } = await me.startCheckout();
    await control({ session_id: id, webhook: "twice" });
    await post(`/emulator/stripe/checkout/${id}/pay`);
    expect((await emulatorState(id)).deliveries.map((d) => d.status)).toEqual([200, 200]);
    const after = await stateOf(me.user.id, id);
    expect(after.orders).toHaveLength(1);
    expect(after.entitlements).toHaveLength(1);
  });

  it("'late' delivers after the browser is back; the return has already made the one order", async () => {
    const me = await learner();
    const { id } = await me.startCheckout();
    await control({ session_id: id, webhook: "late", delay_ms: 300 });
    const paid = await post(`/emulator/stripe/checkout/${id}/pay`);
    expect((await stateOf(me.user.id, id)).orders).toEqual([]);
    const back = await get(location(paid));
    const [order] = (await stateOf(me.user.id, id)).orders;
    expect(location(back)).toBe(`${PUBLIC_URL}/payment-confirmation?order=${order?.id}`);
    await expect.poll(async () => (await emulatorState(id)).deliveries, { timeout: 5000 }).toHaveLength(1);
    expect((await emulatorState(id)).deliveries[0]?.status).toBe(200);
    expect((await stateOf(me.user.id, id)).orders).toHaveLength(1);
  });

  it("a second click on Pay neither charges nor notifies again", async () => {
    const me = await learner();
    const { id } = await me.startCheckout();
    const clicks = await Promise.all([
      post(`/emulator/stripe/checkout/${id}/pay`),
      post(`/emulator/stripe/checkout/${id}/pay`),
    ]);
    expect(clicks.map(location)).toEqual(Array(2).fill(`${PUBLIC_URL}/api/stripe/return?session_id=${id}`));
    expect((await emulatorState(id)).deliveries).toHaveLength(1);
    expect((await stateOf(me.user.id, id)).orders).toHaveLength(1);
  });
});

describe("the emulated Stripe API", () => {
  it("wants the emulator's secret key, and answers as Stripe does", async () => {
    const none = await fetch(`${emulators}/v1/checkout/sessions/cs_test_x`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({
      error: { type: "invalid_request_error" },
      emulator_notice: expect.any(String),
    });
    const port = (store.emulators.app.server.address() as AddressInfo).port;
    const wrong = new Stripe("sk_test_wrong", { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 });
    await expect(wrong.checkout.sessions.retrieve("cs_test_x")).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
    await expect(stripeOfStore().checkout.sessions.retrieve("cs_test_x")).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it("creates a session once per idempotency key and checks its parameters", async () => {
    const stripe = stripeOfStore();
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: "payment",
      line_items: [
        { price_data: { currency: "gbp", unit_amount: 500, product_data: { name: "A [thing] & more" } }, quantity: 2 },
      ],
      success_url: `${PUBLIC_URL}/ok?session_id={CHECKOUT_SESSION_ID}`,
      metadata: { user_id: "7" },
    };
    const first = await stripe.checkout.sessions.create(params, { idempotencyKey: "same-click" });
    const again = await stripe.checkout.sessions.create(params, { idempotencyKey: "same-click" });
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({
      object: "checkout.session",
      amount_total: 1000,
      currency: "gbp",
      status: "open",
      metadata: { user_id: "7" },
    });
    await expect(stripe.checkout.sessions.create({ ...params, line_items: [] })).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      param: "line_items",
    });
  });

  it("refunds a paid payment intent once", async () => {
    const me = await learner();
    const { id } = await me.startCheckout();
    await post(`/emulator/stripe/checkout/${id}/pay`);
    const stripe = stripeOfStore();
    const session = await stripe.checkout.sessions.retrieve(id);
    const paymentIntent = String(session.payment_intent);
    const refund = await stripe.refunds.create({ payment_intent: paymentIntent });
    expect(refund).toMatchObject({
      object: "refund",
      amount: 1999,
      currency: "gbp",
      status: "succeeded",
      payment_intent: paymentIntent,
    });
    expect(await stripe.refunds.retrieve(refund.id)).toMatchObject({ id: refund.id, amount: 1999 });
    await expect(stripe.refunds.create({ payment_intent: paymentIntent })).rejects.toMatchObject({
      code: "charge_already_refunded",
    });
  });

  it("reads Stripe's bracket form encoding", () => {
    expect(
      parseStripeForm(
        "line_items[0][price_data][unit_amount]=1999&line_items[0][quantity]=1&metadata[user_id]=7&expand[]=a&expand[]=b&__proto__[x]=1&name=a%20b+c",
      ),
    ).toEqual({
      line_items: [{ price_data: { unit_amount: "1999" }, quantity: "1" }],
      metadata: { user_id: "7" },
      expand: ["a", "b"],
      name: "a b c",
    });
    expect(({} as { x?: unknown }).x).toBeUndefined();
  });
});

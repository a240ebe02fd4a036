import type { ListingResponse, OrderDetail, OrderRow } from "@skillshelf/shared/api.ts";
import { CART_CHANGED } from "@skillshelf/shared/constants.ts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, entitlements, orders, payments } from "../src/db/schema/index.ts";
import { PaypalClient, PaypalError } from "../src/payments/paypal/paypal-client.ts";
import { providerSettings } from "../src/payments/provider-settings.ts";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, PUBLIC_URL, TestClock, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { eventually, listenForPaypal, paypalRest } from "./helpers/paypal-emulator.ts";
import { formPost } from "./helpers/payu-forms.ts";

let store: TestStore;
let origin: string;
let docker: ListingResponse;
const clock = new TestClock();

beforeAll(async () => {
  store = await createTestStore({ clock });
  await store.importCatalogue(smallCatalogue());
  origin = await listenForPaypal(store);
  docker = (await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })).json();
});
afterAll(() => store.close());

const SUCCESS_URL = `${PUBLIC_URL}/payment-confirmation`;
const CANCEL_URL = `${PUBLIC_URL}/payment-cancelled`;
const pathOf = (url: string | undefined) => {
  const u = new URL(url ?? "");
  return `${u.pathname}${u.search}`;
};

/** A learner with Docker (19.99) in the cart, and what the test asserts about them. */
async function learner() {
  const user = await createUser(store);
  const token = await signIn(store, user.id);
  const call = (method: "GET" | "POST", url: string, payload?: Record<string, unknown>) =>
    store.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  expect(
    (await call("POST", "/api/cart/add", { sub_category_id: docker.seo_data.id, group_id: null })).statusCode,
  ).toBe(201);
  const db = store.database.db;
  return {
    user,
    call,
    pay: (overrides: Record<string, unknown> = {}) =>
      call("POST", "/api/paypal/payment", {
        final_amount: 19.99,
        currency_code: "GBP",
        success_url: SUCCESS_URL,
        cancel_url: CANCEL_URL,
        item_name: "Something cheaper",
        custom: "",
        ...overrides,
      }),
    orders: () => db.select().from(orders).where(eq(orders.userId, user.id)),
    entitlements: () => db.select().from(entitlements).where(eq(entitlements.userId, user.id)),
    cart: () => db.select().from(cartItems).where(eq(cartItems.userId, user.id)),
    payments: () => db.select().from(payments).where(eq(payments.userId, user.id)),
    listedOrders: async () => (await call("GET", "/api/get-orders")).json<{ data: { rows: OrderRow[] } }>().data.rows,
  };
}

/** Creates the PayPal order through the API; returns its id (the return URL's token). */
async function startCheckout(me: Awaited<ReturnType<typeof learner>>) {
  const res = await me.pay();
  expect(res.statusCode).toBe(200);
  const body = res.json<{ status: boolean; message: string; links: { rel: string; href: string }[] }>();
  expect(body).toMatchObject({ status: true, message: "success" });
  const approval = body.links.find((l) => l.rel === "approval_url");
  expect(approval?.href).toMatch(
    new RegExp(`^${store.emulators.origin}/emulator/paypal/checkout\\?token=[A-Z0-9]{17}$`),
  );
  return new URL(approval?.href ?? "").searchParams.get("token") ?? "";
}

/** The PayPal emulator, as the payer's browser and the tests' controls reach it. */
const paypalSite = () => store.emulators.app;
const control = (payload: Record<string, unknown>) =>
  paypalSite().inject({ method: "POST", url: "/emulator/paypal/control", payload });
const deliveries = async (orderId: string) =>
  (await paypalSite().inject({ method: "GET", url: `/emulator/paypal/control/deliveries?order_id=${orderId}` })).json<{
    deliveries: { event_type: string; status: string }[];
  }>().deliveries;
const returnFrom = (location: string | undefined) => store.app.inject({ method: "GET", url: pathOf(location) });

describe("PayPal checkout", () => {
  it("needs a session", async () => {
    expect((await store.app.inject({ method: "POST", url: "/api/paypal/payment", payload: {} })).statusCode).toBe(401);
  });

  it("pays: approve on the hosted page, capture on return, one order; the webhook agrees", async () => {
    const me = await learner();
    const orderId = await startCheckout(me);
    const [pending] = await me.payments();
    expect(pending).toMatchObject({ provider: "paypal", providerRef: orderId, status: "pending", amountMinor: 1999 });

    // The order PayPal holds was built by the server from the cart, whatever item_name said.
    const created = await paypalRest<any>(origin, "GET", `/v2/checkout/orders/${orderId}`);
    expect(created.body.status).toBe("PAYER_ACTION_REQUIRED");
    expect(created.body.purchase_units[0]).toMatchObject({
      amount: {
        currency_code: "GBP",
        value: "19.99",
        breakdown: { item_total: { currency_code: "GBP", value: "19.99" } },
      },
      items: [{ name: "Docker", unit_amount: { currency_code: "GBP", value: "19.99" }, quantity: "1" }],
    });
    expect(created.body.purchase_units[0].custom_id).toMatch(new RegExp(`^skillshelf-u${me.user.id}-`));

    const page = await paypalSite().inject({ method: "GET", url: `/emulator/paypal/checkout?token=${orderId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Payments are emulated");
    expect(page.body).toContain("Docker");
    expect(page.body).toContain("£19.99");

    const approved = await paypalSite().inject(
      formPost("/emulator/paypal/checkout/approve", { token: orderId, outcome: "pay" }),
    );
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toMatch(
      new RegExp(`^${PUBLIC_URL}/api/paypal/return\\?token=${orderId}&PayerID=`),
    );
    const back = await returnFrom(approved.headers.location);
    expect(back.statusCode).toBe(303);
    const [order] = await me.orders();
    expect(back.headers.location).toBe(`${SUCCESS_URL}?order=${order?.id}`);
    expect(order).toMatchObject({ paymentMethod: "PayPal", paymentStatus: "Paid", amountMinor: 1999, currency: "GBP" });
    expect(await me.entitlements()).toHaveLength(1);
    expect(await me.cart()).toHaveLength(0);
    expect((await me.payments())[0]?.status).toBe("paid");

    const captured = await paypalRest<any>(origin, "GET", `/v2/checkout/orders/${orderId}`);
    const capture = captured.body.purchase_units[0].payments.captures[0];
    expect(capture.status).toBe("COMPLETED");
    expect(order?.transactionId).toBe(capture.id);

    const rows = await me.listedOrders();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: 19.99, currency: "GBP", status: "Completed" });
    const detail = (await me.call("POST", "/api/order-details", { detail_id: order?.id })).json<{
      data: OrderDetail;
    }>();
    expect(detail.data).toMatchObject({ payment_method: "PayPal", transaction_id: capture.id });

    // The capture webhook arrives, is verified, and changes nothing.
    const sent = await eventually(
      () => deliveries(orderId),
      (d) => d.length === 1 && d[0]?.status === "200",
    );
    expect(sent).toEqual([expect.objectContaining({ event_type: "PAYMENT.CAPTURE.COMPLETED", status: "200" })]);
    expect(await me.orders()).toHaveLength(1);
  });

  it("a reload of the return neither captures again nor makes a second order", async () => {
    const me = await learner();
    const orderId = await startCheckout(me);
    const { return_url } = (await control({ order_id: orderId, outcome: "pay", webhook: "none" })).json();
    const first = await returnFrom(return_url);
    const again = await Promise.all([returnFrom(return_url), returnFrom(return_url)]);
    for (const res of again) expect(res.headers.location).toBe(first.headers.location);
    expect(await me.orders()).toHaveLength(1);
    expect(await me.entitlements()).toHaveLength(1);
    const held = await paypalRest<any>(origin, "GET", `/v2/checkout/orders/${orderId}`);
    expect(held.body.purchase_units[0].payments.captures).toHaveLength(1);
  });

  it("cancel: no order, the cart stays, the payment is cancelled", async () => {
    const me = await learner();
    const orderId = await startCheckout(me);
    const cancelled = await paypalSite().inject(formPost("/emulator/paypal/checkout/cancel", { token: orderId }));
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(`${PUBLIC_URL}/api/paypal/cancel?token=${orderId}`);
    const back = await returnFrom(cancelled.headers.location);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(CANCEL_URL);
    expect(await me.orders()).toHaveLength(0);
    expect(await me.entitlements()).toHaveLength(0);
    expect(await me.cart()).toHaveLength(1);
    expect((await me.payments())[0]?.status).toBe("cancelled");
    expect(await me.listedOrders()).toEqual([]);
  });

  it("a declined capture is not counted: no order, the payment failed, even after the denial webhook", async () => {
    const me = await learner();
    const orderId = await startCheckout(me);
    const declined = await paypalSite().inject(
      formPost("/emulator/paypal/checkout/approve", { token: orderId, outcome: "decline" }),
    );
    const back = await returnFrom(declined.headers.location);
    expect(back.headers.location).toBe(CANCEL_URL);
    const held = await paypalRest<any>(origin, "GET", `/v2/checkout/orders/${orderId}`);
    expect(held.body.status).toBe("COMPLETED");
    expect(held.body.purchase_units[0].payments.captures[0].status).toBe("DECLINED");
    await eventually(
      () => deliveries(orderId),
      (d) => d[0]?.status === "200",
    );
    expect((await deliveries(orderId))[0]?.event_type).toBe("PAYMENT.CAPTURE.DENIED");
    expect(await me.orders()).toHaveLength(0);
    expect(await me.cart()).toHaveLength(1);
    expect((await me.payments())[0]?.status).toBe("failed");
    expect(await me.listedOrders()).toEqual([]);
  });

  it("a capture of another amount is not counted, by the return or by the webhook", async () => {
    const me = await learner();
    const orderId = await startCheckout(me);
    // PayPal's side now says 19.98 was captured.
    store.emulators.records.change<{ unit: { amount: { value: string } } }>("paypal", `order:${orderId}`, (order) => {
      order.unit.amount.value = "19.98";
      return true;
    });
    const { return_url } = (await control({ order_id: orderId, outcome: "pay" })).json();
    expect((await returnFrom(return_url)).headers.location).toBe(CANCEL_URL);
    await eventually(
      () => deliveries(orderId),
      (d) => d[0]?.status === "200",
    );
    expect(await me.orders()).toHaveLength(0);
    expect((await me.payments())[0]?.status).toBe("failed");
  });

  it.each(["twice", "late"] as const)("a webhook delivered %s still makes one order", async (webhook) => {
    const me = await learner();
    const orderId = await startCheckout(me);
    const { return_url } = (await control({ order_id: orderId, outcome: "pay", webhook })).json();
    expect((await returnFrom(return_url)).headers.location).toMatch(/\?order=\d+$/);
    const sent = await eventually(
      () => deliveries(orderId),
      (d) => d.length === (webhook === "twice" ? 2 : 1) && d.every((x) => x.status === "200"),
    );
    expect(sent.every((d) => d.status === "200")).toBe(true);
    expect(await me.orders()).toHaveLength(1);
    expect(await me.entitlements()).toHaveLength(1);
  });

  it("the webhook alone fulfils when the payer never comes back", async () => {
    const me = await learner();
    const orderId = await startCheckout(me);
    await control({ order_id: orderId, outcome: "pay", webhook: "normal" });
    const captured = await paypalRest<any>(origin, "POST", `/v2/checkout/orders/${orderId}/capture`, {
      "paypal-request-id": `capture-${orderId}`,
    });
    expect(captured.status).toBe(201);
    const made = await eventually(me.orders, (o) => o.length === 1);
    expect(made).toHaveLength(1);
    expect(await me.cart()).toHaveLength(0);
    // Coming back later lands on the order the webhook made.
    const { return_url } = (await control({ order_id: orderId })).json();
    expect((await returnFrom(return_url)).headers.location).toBe(`${SUCCESS_URL}?order=${made[0]?.id}`);
  });

  it("20 concurrent webhook deliveries racing the return make one order", async () => {
    const me = await learner();
    const orderId = await startCheckout(me);
    const { return_url } = (await control({ order_id: orderId, outcome: "pay", webhook: "none" })).json();
    // PayPal captured (the first attempt of the return, whose answer was lost) and then delivers in a burst.
    await paypalRest<any>(origin, "POST", `/v2/checkout/orders/${orderId}/capture`, {
      "paypal-request-id": `capture-${orderId}`,
    });
    const signed = await paypalSite().inject({
      method: "POST",
      url: "/emulator/paypal/control/webhooks",
      payload: { order_id: orderId, count: 20 },
    });
    const { deliveries: burst } = signed.json<{ deliveries: { headers: Record<string, string>; body: string }[] }>();
    const results = await Promise.all([
      ...burst.map((d) =>
        store.app.inject({ method: "POST", url: "/api/paypal/webhook", headers: d.headers, payload: d.body }),
      ),
      returnFrom(return_url),
    ]);
    const back = results.pop();
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const made = await me.orders();
    expect(made).toHaveLength(1);
    expect(back?.headers.location).toBe(`${SUCCESS_URL}?order=${made[0]?.id}`);
    expect(await me.entitlements()).toHaveLength(1);
    expect(await me.cart()).toHaveLength(0);
  });

  it("an unverifiable webhook answers 400 and writes nothing", async () => {
    const me = await learner();
    const orderId = await startCheckout(me);
    await control({ order_id: orderId, outcome: "pay", webhook: "none" });
    await paypalRest<any>(origin, "POST", `/v2/checkout/orders/${orderId}/capture`, {
      "paypal-request-id": `capture-${orderId}`,
    });
    const signed = await paypalSite().inject({
      method: "POST",
      url: "/emulator/paypal/control/webhooks",
      payload: { order_id: orderId, count: 1 },
    });
    const [genuine] = signed.json<{ deliveries: { headers: Record<string, string>; body: string }[] }>().deliveries;
    const event = JSON.parse(genuine?.body ?? "{}");
    const post = (headers: Record<string, string>, body: unknown) =>
      store.app.inject({ method: "POST", url: "/api/paypal/webhook", headers, payload: JSON.stringify(body) });
    const json = { "content-type": "application/json" };

    const attempts = [
      // Forged: a made-up transmission.
      post(
        {
          ...json,
          "paypal-transmission-id": "0b5cf7c0-0000-4000-8000-000000000000",
          "paypal-transmission-time": new Date().toISOString(),
          "paypal-transmission-sig": "bm90IGEgc2lnbmF0dXJl",
          "paypal-cert-url": `${origin}/emulator/paypal/v1/notifications/certs/CERT-EMULATOR`,
          "paypal-auth-algo": "SHA256withRSA",
        },
        event,
      ),
      // A genuine transmission carrying a changed event.
      post(genuine?.headers ?? {}, {
        ...event,
        resource: { ...event.resource, amount: { currency_code: "GBP", value: "0.01" } },
      }),
      // No transmission headers at all.
      post(json, event),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: false, message: "The webhook could not be verified." });
    }
    expect(await me.orders()).toHaveLength(0);
    expect(await me.cart()).toHaveLength(1);
    expect((await me.payments())[0]?.status).toBe("pending");
  });
});

describe("PayPal checkout refusals", () => {
  it.each([19.98, 20])("a final_amount of %s is a changed cart: 409 and no payment", async (final_amount) => {
    const me = await learner();
    const res = await me.pay({ final_amount });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: false, message: CART_CHANGED });
    expect(await me.payments()).toHaveLength(0);
  });

  it("another currency is a changed cart", async () => {
    const me = await learner();
    expect((await me.pay({ currency_code: "USD" })).statusCode).toBe(409);
    expect(await me.payments()).toHaveLength(0);
  });

  it("a return URL on another origin answers 422", async () => {
    const me = await learner();
    const res = await me.pay({ success_url: "https://evil.example/payment-confirmation" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty("success_url");
    expect(await me.payments()).toHaveLength(0);
  });

  it("PayPal out of reach answers 502 with a clear message and records nothing", async () => {
    const offline = await createTestStore();
    try {
      await offline.importCatalogue(smallCatalogue());
      const user = await createUser(offline);
      const headers = bearer(await signIn(offline, user.id));
      const listing = (
        await offline.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })
      ).json();
      await offline.app.inject({
        method: "POST",
        url: "/api/cart/add",
        headers,
        payload: { sub_category_id: listing.seo_data.id, group_id: null },
      });
      // Its emulators stopped: PayPal cannot be reached.
      await offline.emulators.app.close();
      const res = await offline.app.inject({
        method: "POST",
        url: "/api/paypal/payment",
        headers,
        payload: { final_amount: 19.99, currency_code: "GBP", success_url: SUCCESS_URL, cancel_url: CANCEL_URL },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        status: false,
        message: "PayPal is not available right now. Please try again or choose another payment method.",
      });
      expect(await offline.database.db.select().from(payments)).toHaveLength(0);
    } finally {
      await offline.close();
    }
  });
});

describe("PayPal refunds", () => {
  it("refunds a capture once, in full", async () => {
    const me = await learner();
    const orderId = await startCheckout(me);
    const { return_url } = (await control({ order_id: orderId, outcome: "pay", webhook: "none" })).json();
    await returnFrom(return_url);
    const [order] = await me.orders();
    const paypal = new PaypalClient(providerSettings(store.app.config).paypal);
    const refund = await paypal.refundCapture(order?.transactionId ?? "", `refund-${order?.id}`);
    expect(refund.status).toBe("COMPLETED");
    // The same request id is the same refund, not a second one.
    expect((await paypal.refundCapture(order?.transactionId ?? "", `refund-${order?.id}`)).id).toBe(refund.id);
    const again = await paypal.refundCapture(order?.transactionId ?? "", "refund-other").catch((e: unknown) => e);
    expect(again).toBeInstanceOf(PaypalError);
    expect((again as PaypalError).issue).toBe("CAPTURE_FULLY_REFUNDED");
  });
});

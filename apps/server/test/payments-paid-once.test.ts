import type { ListingResponse } from "@skillshelf/shared/api.ts";
import { PAYU_EMULATOR_CREDENTIALS } from "@skillshelf/shared/payment-emulators.ts";
import { payuRequestHash } from "@skillshelf/shared/payu-hash.ts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, entitlements, mailOutbox, orders, type PaymentProvider, payments } from "../src/db/schema/index.ts";
import { reconcilePayments } from "../src/payments/reconcile-payments.ts";
import { ALREADY_PAID } from "../src/payments/start-payment.ts";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, PUBLIC_URL, TestClock, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { eventually } from "./helpers/paypal-emulator.ts";
import { formPost, formsOf } from "./helpers/payu-forms.ts";

/**
 * Issue 8: a cart is paid once, whatever the learner does with tabs, buttons
 * and methods, and lost confirmations are reconciled. The same journeys run
 * against each provider's emulator through one driver per provider.
 */

let store: TestStore;
let docker: ListingResponse;
let git: ListingResponse;
const clock = new TestClock();
const SUCCESS_URL = `${PUBLIC_URL}/payment-confirmation`;
const CANCEL_URL = `${PUBLIC_URL}/payment-cancelled`;
const MINUTE = 60_000;

beforeAll(async () => {
  store = await createTestStore({ clock });
  const catalogue = smallCatalogue();
  const gitArtefact = catalogue.categories[0]?.artefacts?.[1];
  if (gitArtefact) gitArtefact.price = 4.5;
  await store.importCatalogue(catalogue);
  // The gateways call the emulators over HTTP, as they call the real providers.
  await store.app.listen({ port: 0, host: "127.0.0.1" });
  const listing = (slug: string) => store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug } });
  docker = (await listing("docker")).json();
  git = (await listing("git")).json();
});
afterAll(() => store.close());

const path = (url: string) => {
  const u = new URL(url, PUBLIC_URL);
  return `${u.pathname}${u.search}`;
};

async function learner() {
  const user = await createUser(store, { name: "Ada Lovelace", mobileNumber: "9876543210" });
  // Remembered: tests move the clock past a day to expire checkouts.
  const token = await signIn(store, user.id, true);
  const call = (method: "GET" | "POST", url: string, payload?: Record<string, unknown>) =>
    store.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const db = store.database.db;
  const me = {
    user,
    call,
    add: async (listing: ListingResponse) =>
      expect((await call("POST", "/api/cart/add", { sub_category_id: listing.seo_data.id })).statusCode).toBe(201),
    total: async () => (await call("GET", "/api/cart/get")).json<{ data: { total: number } }>().data.total,
    orders: () => db.select().from(orders).where(eq(orders.userId, user.id)),
    entitlements: () => db.select().from(entitlements).where(eq(entitlements.userId, user.id)),
    cart: () => db.select().from(cartItems).where(eq(cartItems.userId, user.id)),
    payments: () => db.select().from(payments).where(eq(payments.userId, user.id)).orderBy(payments.id),
    mails: () => db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email)),
  };
  await me.add(docker);
  return me;
}
type Learner = Awaited<ReturnType<typeof learner>>;

interface Started {
  status: number;
  message: string;
  /** The provider's reference of the checkout (session id, order id, txnid). */
  ref: string;
  /** What the browser was handed, to compare two starts. */
  handoff: unknown;
}

/**
 * How a learner starts, pays and comes back with one provider. pay() answers
 * whether the provider took money; its `back` option decides whether the
 * confirmation reaches the store (the return or POST-back, and for Stripe the
 * webhook) or is lost as when the tab is closed and the webhook dropped.
 */
interface Driver {
  provider: PaymentProvider;
  start(me: Learner): Promise<Started>;
  pay(ref: string, options: { back: boolean }): Promise<{ charged: boolean; landing: string | null }>;
}

const stripe: Driver = {
  provider: "stripe",
  async start(me) {
    const res = await me.call("POST", "/api/stripe/create-checkout-session", {
      final_amount: await me.total(),
      currency: "GBP",
      success_url: SUCCESS_URL,
      cancel_url: CANCEL_URL,
    });
    const body = res.json<{ message: string; id: string; url: string }>();
    return { status: res.statusCode, message: body.message, ref: body.id, handoff: { id: body.id, url: body.url } };
  },
  async pay(ref, { back }) {
    const before = await stripeSession(ref);
    const paid = await store.emulators.app.inject({
      method: "POST",
      url: `/emulator/stripe/checkout/${ref}/pay?webhook=${back ? "normal" : "none"}`,
    });
    const after = await stripeSession(ref);
    const charged = before?.status === "open" && after?.payment_status === "paid";
    if (!back || paid.statusCode !== 303) return { charged, landing: null };
    const landed = await store.app.inject({ method: "GET", url: path(paid.headers.location as string) });
    return { charged, landing: (landed.headers.location as string | undefined) ?? null };
  },
};

const paypal: Driver = {
  provider: "paypal",
  async start(me) {
    const res = await me.call("POST", "/api/paypal/payment", {
      final_amount: await me.total(),
      currency_code: "GBP",
      success_url: SUCCESS_URL,
      cancel_url: CANCEL_URL,
    });
    const body = res.json<{ message: string; links?: { rel: string; href: string }[] }>();
    const href = body.links?.find((l) => l.rel === "approval_url")?.href ?? "";
    const ref = href ? (new URL(href).searchParams.get("token") ?? "") : "";
    return { status: res.statusCode, message: body.message, ref, handoff: href };
  },
  async pay(ref, { back }) {
    // The payer approves on PayPal; the money moves when the store captures (on return, or by the reconciler).
    const before = await paypalCaptured(ref);
    const approved = await store.emulators.app.inject(formPost("/emulator/paypal/checkout/approve", { token: ref }));
    if (!back || approved.statusCode !== 303) return { charged: false, landing: null };
    const landed = await store.app.inject({ method: "GET", url: path(approved.headers.location as string) });
    const charged = !before && (await paypalCaptured(ref));
    return { charged, landing: (landed.headers.location as string | undefined) ?? null };
  },
};

const payuForms = new Map<string, { action: string; params: Record<string, string> }>();
const payu: Driver = {
  provider: "payu",
  async start(me) {
    const res = await me.call("POST", "/api/payu/payment", {
      amount: await me.total(),
      currency: "GBP",
      success_url: SUCCESS_URL,
      cancel_url: CANCEL_URL,
    });
    const body = res.json<{ message: string; action: string; params: Record<string, string> }>();
    const ref = body.params?.txnid ?? "";
    if (ref) payuForms.set(ref, { action: body.action, params: body.params });
    return { status: res.statusCode, message: body.message, ref, handoff: body.params };
  },
  async pay(ref, { back }) {
    const form = payuForms.get(ref);
    if (!form) throw new Error(`no PayU form for ${ref}`);
    // The browser posts the form it was given; PayU refuses one it has already settled.
    const hosted = await store.emulators.app.inject(formPost(new URL(form.action).pathname, form.params));
    if (hosted.statusCode !== 200) return { charged: false, landing: null };
    const decided = await store.emulators.app.inject(
      formPost("/emulator/payu/complete", { txnid: ref, outcome: "success" }),
    );
    const [postback] = formsOf(decided.body);
    if (!back || !postback) return { charged: true, landing: null };
    const landed = await store.app.inject(formPost("/api/payu/return", postback.fields));
    return { charged: true, landing: (landed.headers.location as string | undefined) ?? null };
  },
};

async function emulatorRecord<T>(provider: string, id: string): Promise<T | undefined> {
  return store.emulators.records.read<T>(provider, id) ?? undefined;
}
const stripeSession = async (id: string) =>
  (await emulatorRecord<{ session: { status: string; payment_status: string } }>("stripe", id))?.session;
const paypalCaptured = async (id: string) =>
  (await emulatorRecord<{ capture: { status: string } | null }>("paypal", `order:${id}`))?.capture?.status ===
  "COMPLETED";

const reconcileLater = async (minutes = 6) => {
  clock.advance(minutes * MINUTE);
  return reconcilePayments(store.app.payments);
};
/** Closes what earlier tests left open (past every provider's expiry), so a test's tally counts its own payments. */
const settleEarlierTests = () => reconcileLater(25 * 60);

describe.each([stripe, paypal, payu])("$provider: a cart is paid once", (driver) => {
  it("two concurrent starts get one checkout; paying it twice charges once and makes one order", async () => {
    const me = await learner();
    const [a, b] = await Promise.all([driver.start(me), driver.start(me)]);
    expect([a?.status, b?.status]).toEqual([200, 200]);
    expect(b?.handoff).toEqual(a?.handoff);
    expect(await me.payments()).toHaveLength(1);

    const first = await driver.pay(a?.ref ?? "", { back: true });
    const second = await driver.pay(b?.ref ?? "", { back: true });
    expect([first.charged, second.charged]).toEqual([true, false]);
    expect(first.landing).toMatch(new RegExp(`^${SUCCESS_URL}\\?order=\\d+$`));
    expect(await me.orders()).toHaveLength(1);
    expect(await me.entitlements()).toHaveLength(1);
    expect(await me.cart()).toHaveLength(0);
  });

  it("start, pay with the confirmation lost, start again: the payment is found, one order, nothing charged twice", async () => {
    const me = await learner();
    const first = await driver.start(me);
    await driver.pay(first.ref, { back: false });
    const again = await driver.start(me);
    expect(again).toMatchObject({ status: 409, message: ALREADY_PAID });
    expect(await me.orders()).toHaveLength(1);
    expect(await me.cart()).toHaveLength(0);
    // Once the cart is empty there is nothing left to pay for.
    expect((await driver.start(me)).status).toBe(409);
    expect((await me.payments()).map((p) => p.status)).toEqual(["paid"]);
  });

  it("start, pay, start, pay: the second start finds an empty cart", async () => {
    const me = await learner();
    const first = await driver.start(me);
    expect((await driver.pay(first.ref, { back: true })).charged).toBe(true);
    const second = await driver.start(me);
    expect(second).toMatchObject({ status: 409, message: "Your cart is empty." });
    expect(await me.orders()).toHaveLength(1);
  });

  it("cart edited between start and pay: the old checkout is closed, the new one pays for the new cart", async () => {
    const me = await learner();
    const old = await driver.start(me);
    await me.add(git);
    const current = await driver.start(me);
    expect(current.status).toBe(200);
    expect(current.ref).not.toBe(old.ref);
    expect((await me.payments()).map((p) => [p.providerRef, p.status])).toEqual([
      [old.ref, "superseded"],
      [current.ref, "pending"],
    ]);

    const stale = await driver.pay(old.ref, { back: true });
    const paid = await driver.pay(current.ref, { back: true });
    expect(paid.charged).toBe(true);
    const [order] = await me.orders();
    expect(order?.amountMinor).toBe(2449);
    expect(await me.orders()).toHaveLength(1);
    expect(await me.entitlements()).toHaveLength(2);
    const [oldPayment] = await me.payments();
    if (driver.provider === "payu") {
      // A PayU form cannot be withdrawn: the money it took went straight back, with a mail saying so.
      expect(stale.charged).toBe(true);
      expect(stale.landing).toBe(`${CANCEL_URL}?refunded=1`);
      expect(oldPayment).toMatchObject({ status: "refunded", refundReason: "superseded" });
      expect(oldPayment?.refundRef).toBeTruthy();
      expect((await me.mails()).map((m) => m.kind).sort()).toEqual(["order-confirmation", "payment-refunded"]);
    } else {
      // Stripe expired the session; PayPal's order is never captured.
      expect(stale.charged).toBe(false);
      expect(oldPayment?.status).toBe("superseded");
      expect((await me.mails()).map((m) => m.kind)).toEqual(["order-confirmation"]);
    }
  });

  it("another method while a checkout is open closes the first at its provider", async () => {
    const me = await learner();
    const other = driver === stripe ? paypal : stripe;
    const first = await driver.start(me);
    const second = await other.start(me);
    expect(second.status).toBe(200);
    expect((await me.payments()).map((p) => [p.provider, p.status])).toEqual([
      [driver.provider, "superseded"],
      [other.provider, "pending"],
    ]);
    if (driver === stripe) expect((await stripeSession(first.ref))?.status).toBe("expired");
    expect((await other.pay(second.ref, { back: true })).charged).toBe(true);
    expect(await me.orders()).toHaveLength(1);
  });

  it("a lost confirmation is reconciled: paid with no return and no webhook, the order appears after a run", async () => {
    const me = await learner();
    const started = await driver.start(me);
    await driver.pay(started.ref, { back: false });
    expect(await me.orders()).toHaveLength(0);
    // Too early: a learner may still be on the provider's page.
    expect((await reconcilePayments(store.app.payments)).checked).toBe(0);
    const tally = await reconcileLater();
    expect(tally).toMatchObject({ fulfilled: 1, unreachable: 0 });
    const [order] = await me.orders();
    expect(order?.amountMinor).toBe(1999);
    expect(await me.cart()).toHaveLength(0);
    expect((await me.mails()).map((m) => m.kind)).toEqual(["order-confirmation"]);
    // A second run has nothing left to do.
    expect((await reconcileLater()).fulfilled).toBe(0);
  });

  it("an abandoned checkout is closed after the provider's expiry, and asked about meanwhile", async () => {
    await settleEarlierTests();
    const me = await learner();
    const started = await driver.start(me);
    expect(await reconcileLater()).toEqual({
      checked: 1,
      fulfilled: 0,
      refunded: 0,
      closed: 0,
      stillOpen: 1,
      unreachable: 0,
    });
    expect((await me.payments())[0]?.status).toBe("pending");
    const lifetime = store.app.payments.gateways[driver.provider].checkoutLifetimeMs;
    expect(await reconcileLater(lifetime / MINUTE)).toMatchObject({ checked: 1, closed: 1 });
    const [payment] = await me.payments();
    expect(payment?.status).toBe("expired");
    if (driver === stripe) expect((await stripeSession(started.ref))?.status).toBe("expired");
    expect(await me.cart()).toHaveLength(1);
    // The learner starts afresh.
    expect((await driver.start(me)).status).toBe(200);
  });
});

describe("a checkout started again", () => {
  it("is the same checkout, and the learner returns where the latest start said", async () => {
    const me = await learner();
    const start = async (from: string) => {
      const res = await me.call("POST", "/api/stripe/create-checkout-session", {
        final_amount: await me.total(),
        currency: "GBP",
        success_url: `${SUCCESS_URL}?from=${from}`,
        cancel_url: `${CANCEL_URL}?from=${from}`,
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ id: string }>().id;
    };
    const first = await start("a");
    expect(await start("b")).toBe(first);
    expect(await start("b")).toBe(first);
    const [payment] = await me.payments();
    expect(payment).toMatchObject({ successUrl: `${SUCCESS_URL}?from=b`, cancelUrl: `${CANCEL_URL}?from=b` });
  });
});

describe("reconciliation races", () => {
  it("a reconcile racing a late Stripe webhook makes one order", async () => {
    const me = await learner();
    const started = await stripe.start(me);
    clock.advance(6 * MINUTE);
    await store.emulators.app.inject({
      method: "POST",
      url: `/emulator/stripe/checkout/${started.ref}/pay?webhook=late`,
    });
    await store.emulators.app.inject({
      method: "POST",
      url: "/emulator/stripe/control",
      payload: { session_id: started.ref, delay_ms: 0 },
    });
    const [tally] = await Promise.all([reconcilePayments(store.app.payments), reconcilePayments(store.app.payments)]);
    expect(tally?.unreachable).toBe(0);
    const delivered = await eventually(
      async () => (await emulatorRecord<{ deliveries: unknown[] }>("stripe", started.ref))?.deliveries.length ?? 0,
      (n) => n > 0,
    );
    expect(delivered).toBe(1);
    expect(await me.orders()).toHaveLength(1);
    expect(await me.entitlements()).toHaveLength(1);
  });

  it("a reconcile racing PayPal's capture webhooks makes one order", async () => {
    await settleEarlierTests();
    const me = await learner();
    const started = await paypal.start(me);
    await paypal.pay(started.ref, { back: false });
    clock.advance(6 * MINUTE);
    // The reconciler captures; the capture's webhook (sent at once by the emulator) races it.
    const runs = await Promise.all([reconcilePayments(store.app.payments), reconcilePayments(store.app.payments)]);
    expect(runs.reduce((n, t) => n + t.checked, 0)).toBe(1);
    expect(await me.orders()).toHaveLength(1);
  });

  it("instances running the reconciler at once each take different payments", async () => {
    await settleEarlierTests();
    const learners = await Promise.all(Array.from({ length: 6 }, () => learner()));
    for (const me of learners) await stripe.pay((await stripe.start(me)).ref, { back: false });
    clock.advance(6 * MINUTE);
    const runs = await Promise.all([1, 2, 3].map(() => reconcilePayments(store.app.payments)));
    expect(runs.reduce((n, t) => n + t.checked, 0)).toBe(6);
    expect(runs.reduce((n, t) => n + t.fulfilled, 0)).toBe(6);
    for (const me of learners) expect(await me.orders()).toHaveLength(1);
  });

  it("a start that died mid-way is closed, and its learner can start again", async () => {
    const me = await learner();
    await store.database.db.insert(payments).values({
      userId: me.user.id,
      provider: "stripe",
      status: "opening",
      amountMinor: 1999,
      currency: "GBP",
      lines: [],
      successUrl: SUCCESS_URL,
      cancelUrl: CANCEL_URL,
      createdAt: clock.now(),
      nextCheckAt: new Date(clock.now().getTime() + MINUTE),
    });
    clock.advance(2 * MINUTE);
    expect((await stripe.start(me)).status).toBe(200);
    expect((await me.payments()).map((p) => p.status)).toEqual(["failed", "pending"]);
  });
});

describe("money for content already owned", () => {
  it("makes no second order or item: it is refunded through the provider, recorded, and mailed", async () => {
    const me = await learner();
    const first = await payu.start(me);
    await payu.pay(first.ref, { back: true });
    expect(await me.orders()).toHaveLength(1);
    const [paid] = await me.payments();
    // A second PayU transaction for the same lines reaching the store (two tabs, a replayed form): PayU takes it.
    const { key, salt } = PAYU_EMULATOR_CREDENTIALS;
    const txnid = `TXN${Date.now()}999999`;
    const fields = {
      key,
      txnid,
      amount: "19.99",
      productinfo: "Docker",
      firstname: "Ada Lovelace",
      email: me.user.email,
    };
    await store.database.db.insert(payments).values({
      userId: me.user.id,
      provider: "payu",
      providerRef: txnid,
      status: "cancelled",
      amountMinor: 1999,
      currency: "GBP",
      lines: paid?.lines ?? [],
      successUrl: SUCCESS_URL,
      cancelUrl: CANCEL_URL,
    });
    const surl = `${PUBLIC_URL}/api/payu/return`;
    const params = { ...fields, surl, furl: surl, hash: payuRequestHash(fields, salt) };
    payuForms.set(txnid, { action: `${store.emulators.origin}/emulator/payu/_payment`, params });
    const again = await payu.pay(txnid, { back: true });
    expect(again).toEqual({ charged: true, landing: `${CANCEL_URL}?refunded=1` });

    expect(await me.orders()).toHaveLength(1);
    expect(await me.entitlements()).toHaveLength(1);
    const [, duplicate] = await me.payments();
    expect(duplicate).toMatchObject({ status: "refunded", refundReason: "already_owned" });
    const transaction = await emulatorRecord<{ refunds: { amountMinor: number }[] }>("payu", `txn:${txnid}`);
    expect(transaction?.refunds.map((r) => r.amountMinor)).toEqual([1999]);
    const refundMail = (await me.mails()).find((m) => m.kind === "payment-refunded");
    expect(refundMail?.subject).toBe("We refunded your payment of £19.99");
    expect(refundMail?.text).toContain("You already own what this payment was for");
    // A repeated POST-back neither refunds nor mails again.
    expect((await payu.pay(txnid, { back: true })).charged).toBe(false);
    expect(transaction?.refunds).toHaveLength(1);
    expect((await me.mails()).filter((m) => m.kind === "payment-refunded")).toHaveLength(1);
  });

  it("a refund the provider refuses stays due, and the reconciler sends it later", async () => {
    const me = await learner();
    const first = await stripe.start(me);
    await stripe.pay(first.ref, { back: true });
    const [paid] = await me.payments();
    // A second paid Stripe session for the same lines (a race the store lost), confirmed while Stripe is down for refunds.
    const second = await store.app.payments.gateways.stripe.createCheckout({
      reference: "race",
      quote: { lines: paid?.lines ?? [], amountMinor: 1999, currency: "GBP" },
      buyer: { userId: me.user.id, name: "Ada", email: me.user.email, phone: "", language: "en" },
      now: clock.now(),
    });
    await store.database.db.insert(payments).values({
      userId: me.user.id,
      provider: "stripe",
      providerRef: second.providerRef,
      status: "cancelled",
      amountMinor: 1999,
      currency: "GBP",
      lines: paid?.lines ?? [],
      successUrl: SUCCESS_URL,
      cancelUrl: CANCEL_URL,
    });
    const api = (state: "up" | "down") =>
      store.emulators.app.inject({ method: "POST", url: "/emulator/stripe/control", payload: { api: state } });
    await api("down");
    try {
      // Stripe's webhook brings the payment while Stripe's API refuses the refund.
      await store.emulators.app.inject({ method: "POST", url: `/emulator/stripe/checkout/${second.providerRef}/pay` });
    } finally {
      await api("up");
    }
    expect((await me.payments())[1]?.status).toBe("refunding");
    expect(await reconcileLater()).toMatchObject({ refunded: 1, unreachable: 0 });
    const [, duplicate] = await me.payments();
    expect(duplicate).toMatchObject({ status: "refunded", refundReason: "already_owned" });
    expect(await me.orders()).toHaveLength(1);
  });
});

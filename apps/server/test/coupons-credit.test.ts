import type { AddressInfo } from "node:net";
import type { CartResponse, ListingResponse, OrderDetail, OrderRow } from "@skillshelf/shared/api.ts";
import { CART_CHANGED } from "@skillshelf/shared/constants.ts";
import { type AdminCouponRow, COUPON_MESSAGES, NO_TRANSACTION } from "@skillshelf/shared/coupons.ts";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COUPON_HOLD_MS } from "../src/cart/pricing.ts";
import { contentGroups, coupons, entitlements, orderLines, orders, payments } from "../src/db/schema/index.ts";
import { RATE_LIMITS } from "../src/operations/rate-limits.ts";
import { fulfilPayment } from "../src/payments/fulfil-payment.ts";
import { ALREADY_PAID } from "../src/payments/start-payment.ts";
import { bearer, createUser, lastMailOf, signIn } from "./helpers/accounts.ts";
import { createTestStore, PUBLIC_URL, TestClock, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { payForCart, stripeRefunds } from "./helpers/orders.ts";
import { pdfText } from "./helpers/pdf.ts";

/**
 * Issue 12: upgrade credit and coupon codes. Prices, credits and discounts
 * come from the database when checkout starts, are checked again when the
 * money arrives, and the order records them so refunds give back what was paid.
 */

let store: TestStore;
let docker: ListingResponse;
let git: ListingResponse;
let adminToken: string;
let base: string;
const clock = new TestClock();
const HOUR = 3600_000;

beforeAll(async () => {
  store = await createTestStore({ clock });
  const catalogue = smallCatalogue();
  const gitArtefact = catalogue.categories[0]?.artefacts?.[1];
  if (gitArtefact) gitArtefact.price = 4.5;
  await store.importCatalogue(catalogue);
  // The Stripe gateway calls its emulator over HTTP, as it calls Stripe.
  await store.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(store.app.server.address() as AddressInfo).port}`;
  const listing = async (slug: string) =>
    (await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug } })).json<ListingResponse>();
  docker = await listing("docker");
  git = await listing("git");
  const admin = await createUser(store, { role: "admin" });
  adminToken = await signIn(store, admin.id, true);
});
afterAll(() => store?.close());

async function learner() {
  const user = await createUser(store);
  const token = await signIn(store, user.id, true);
  const call = (method: "GET" | "POST", url: string, payload?: Record<string, unknown>) =>
    store.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const cart = async () => (await call("GET", "/api/cart/get")).json<CartResponse>().data;
  const startCard = (amount: number) =>
    call("POST", "/api/stripe/create-checkout-session", {
      final_amount: amount,
      currency: "GBP",
      success_url: `${PUBLIC_URL}/payment-confirmation`,
      cancel_url: `${PUBLIC_URL}/payment-cancelled`,
    });
  return {
    user,
    call,
    cart,
    startCard,
    add: async (listing: ListingResponse, groupName?: string) => {
      const group = listing.groups.find((g) => g.name === groupName);
      const res = await call("POST", "/api/cart/add", {
        sub_category_id: listing.seo_data.id,
        group_id: group?.id ?? null,
      });
      expect(res.statusCode, res.body).toBe(201);
    },
    apply: (code: string) => call("POST", "/api/cart/coupon", { code }),
    /** The cart paid as every provider path ends: one payment row, then the one fulfilment. */
    buy: async () => (await payForCart(store, user.id)).confirm(),
    /** The cart paid by card on the Stripe emulator, at the total the cart shows; the new order. */
    payByCard: async () => {
      const started = await startCard((await cart()).total);
      expect(started.statusCode, started.body).toBe(200);
      const { id } = started.json<{ id: string }>();
      await fetch(`${store.emulators.origin}/emulator/stripe/checkout/${id}/pay`, {
        method: "POST",
        redirect: "manual",
      });
      await fetch(`${base}/api/stripe/return?session_id=${id}`, { redirect: "manual" });
      const [newest] = (await call("GET", "/api/get-orders")).json<{ data: { rows: OrderRow[] } }>().data.rows;
      if (!newest) throw new Error("the card payment made no order");
      return { order: newest, sessionId: id };
    },
    detail: async (orderId: number) =>
      (await call("POST", "/api/order-details", { detail_id: orderId })).json<{ data: OrderDetail }>().data,
    receipt: async (orderId: number) => pdfText((await call("GET", `/api/orders/${orderId}/receipt`)).rawPayload),
  };
}

let codes = 0;
const admin = (method: "GET" | "POST", payload?: Record<string, unknown>, query = "") =>
  store.app.inject({
    method,
    url: `/api/admin/coupons${query}`,
    headers: bearer(adminToken),
    ...(payload ? { payload } : {}),
  });
/** A new code from the admin API; returns it as the learner types it (lower case: codes are kept in capitals). */
async function createCode(fields: Record<string, unknown>): Promise<string> {
  const code = `Code-${++codes}-${Date.now().toString(36)}`;
  const res = await admin("POST", { code, ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return code.toLowerCase();
}
/** The code as the operator's list shows it, found by its search. */
const couponRow = async (code: string) =>
  (await admin("GET", undefined, `?search=${encodeURIComponent(code)}`))
    .json<{ data: { rows: AdminCouponRow[] } }>()
    .data.rows.find((c) => c.code === code.toUpperCase());
const stripeCharged = async (sessionId: string) =>
  store.emulators.records.read<{ session: { amount_total: number } }>("stripe", sessionId)?.session.amount_total;
const refundAmounts = async () => (await stripeRefunds(store)).map((r) => (r.data as { amount: number }).amount);

describe("upgrade credit", () => {
  it("takes what the learner paid for the artefact's groups off the whole artefact, in the cart, the charge and the order", async () => {
    const me = await learner();
    await me.add(docker, "Basics");
    await me.payByCard();
    await me.add(docker);
    expect(await me.cart()).toMatchObject({ subtotal: 19.99, credit: 5, discount: 0, total: 14.99, coupon: null });

    // A client that believes it pays the full price is refused and charged nothing.
    const stale = await me.startCard(19.99);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(CART_CHANGED);
    const { order, sessionId } = await me.payByCard();
    expect(await stripeCharged(sessionId)).toBe(1499);
    expect(await me.detail(order.id)).toMatchObject({
      amount: 14.99,
      subtotal: 19.99,
      credit: 5,
      discount: 0,
      coupon_code: null,
      status: "Completed",
    });
    const receipt = await me.receipt(order.id);
    expect(receipt).toContain("Subtotal\n£19.99\nCredit for what you own\n-£5.00\nDiscount\n£0.00\nTotal paid\n£14.99");
    // Owning the whole artefact now, the group's payment is not credit again.
    expect((await me.cart()).credit).toBe(0);
  });

  it("refunds what was paid: the upgrade gives back its price less the credit, and the groups' order only after it", async () => {
    const me = await learner();
    await me.add(docker, "Basics");
    const groups = (await me.payByCard()).order;
    await me.add(docker);
    const upgrade = (await me.payByCard()).order;

    const refused = await me.call("POST", `/api/orders/${groups.id}/refund`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `What was paid for this order is credit in order ${upgrade.order_id}, which upgraded it to the whole artefact: refund that order first.`,
    );
    expect((await me.detail(groups.id)).status).toBe("Completed");

    const before = (await refundAmounts()).length;
    expect((await me.call("POST", `/api/orders/${upgrade.id}/refund`)).statusCode).toBe(200);
    expect((await refundAmounts()).slice(before)).toEqual([1499]);
    // The group's payment is credit again for a later upgrade...
    await me.add(docker);
    expect(await me.cart()).toMatchObject({ credit: 5, total: 14.99 });
    // ...until its own order is refunded.
    expect((await me.call("POST", `/api/orders/${groups.id}/refund`)).statusCode).toBe(200);
    expect((await refundAmounts()).slice(before)).toEqual([1499, 500]);
    expect(await me.cart()).toMatchObject({ credit: 0, total: 19.99 });
  });

  it("sends the money back whole when the credit's order is refunded before the upgrade's payment arrives", async () => {
    const me = await learner();
    await me.add(docker, "Basics");
    const groups = (await me.payByCard()).order;
    await me.add(docker);
    const upgrade = await payForCart(store, me.user.id);
    expect(upgrade.quote.amountMinor).toBe(1499);
    expect((await me.call("POST", `/api/orders/${groups.id}/refund`)).statusCode).toBe(200);
    const fulfilment = await fulfilPayment(store.database.db, {
      paymentId: upgrade.paymentId,
      amountMinor: 1499,
      currency: "GBP",
      transactionId: "pi_late",
      now: clock.now(),
    });
    expect(fulfilment).toEqual({ kind: "refund" });
    const [payment] = await store.database.db.select().from(payments).where(eq(payments.id, upgrade.paymentId));
    expect(payment).toMatchObject({ status: "refunding", refundReason: "price_changed" });
  });
});

describe("coupon codes", () => {
  it("are created by operators only, with checked fields, existing artefacts and unique names", async () => {
    const me = await learner();
    const forbidden = await me.call("POST", "/api/admin/coupons", { code: "NOPE1", kind: "percent", value: 10 });
    expect(forbidden.statusCode).toBe(403);

    const bad = await admin("POST", { code: "x", kind: "percent", value: 150 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      code: "Use 3 to 40 letters, digits, - or _",
      value: "A percentage is a whole number from 1 to 100",
    });
    const missing = await admin("POST", { code: "GHOST1", kind: "amount", value: 2, artefact_ids: [987654] });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ artefact_ids: COUPON_MESSAGES.artefactsMissing });

    const code = await createCode({
      kind: "amount",
      value: 2.5,
      expires_at: "2026-12-31",
      max_uses: 10,
      max_uses_per_learner: 2,
      artefact_ids: [git.seo_data.id],
    });
    const taken = await admin("POST", { code, kind: "percent", value: 5 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ code: COUPON_MESSAGES.taken });
    expect(await couponRow(code)).toMatchObject({
      code: code.toUpperCase(),
      kind: "amount",
      value: 2.5,
      currency: "GBP",
      expires_at: "2026-12-31T23:59:59.999Z",
      max_uses: 10,
      max_uses_per_learner: 2,
      uses: 0,
      artefacts: [{ id: git.seo_data.id, name: "Git" }],
    });
  });

  it("are changed and deleted by operators only; a used code stays, and its uses bound its new limit", async () => {
    const edit = (id: number, payload: Record<string, unknown>, token = adminToken) =>
      store.app.inject({ method: "PATCH", url: `/api/admin/coupons/${id}`, headers: bearer(token), payload });
    const remove = (id: number, token = adminToken) =>
      store.app.inject({ method: "DELETE", url: `/api/admin/coupons/${id}`, headers: bearer(token) });
    const code = await createCode({ kind: "percent", value: 10 });
    const id = (await couponRow(code))?.id ?? 0;
    const me = await learner();
    expect(
      (await edit(id, { code: "MINE-2", kind: "percent", value: 50 }, (await signIn(store, me.user.id)) ?? ""))
        .statusCode,
    ).toBe(403);
    expect((await remove(id, (await signIn(store, me.user.id)) ?? "")).statusCode).toBe(403);

    // Changed, the cart that keeps it is priced with the new value.
    await me.add(docker);
    expect((await me.apply(code)).statusCode).toBe(200);
    const changed = await edit(id, { code, kind: "amount", value: 4, max_uses: 2, artefact_ids: [docker.seo_data.id] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      message: COUPON_MESSAGES.saved,
      data: {
        code: code.toUpperCase(),
        kind: "amount",
        value: 4,
        max_uses: 2,
        artefacts: [{ id: docker.seo_data.id }],
      },
    });
    expect(await me.cart()).toMatchObject({ discount: 4, total: 15.99 });
    const other = await createCode({ kind: "percent", value: 5 });
    const taken = await edit(id, { code: other, kind: "percent", value: 5 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ code: COUPON_MESSAGES.taken });
    expect((await edit(987654, { code: "GHOST-2", kind: "percent", value: 5 })).statusCode).toBe(404);

    // Used, it stays (its orders and the per-learner limits count on it), and its limit cannot go below its uses.
    await me.buy();
    const second = await learner();
    await second.add(docker);
    expect((await second.apply(code)).statusCode).toBe(200);
    await second.buy();
    const used = await remove(id);
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe(COUPON_MESSAGES.used);
    const below = await edit(id, { code, kind: "amount", value: 4, max_uses: 1 });
    expect(below.statusCode).toBe(422);
    expect(below.json().errors).toEqual({ max_uses: "Total uses cannot be below the 2 uses so far" });
    const more = await edit(id, { code, kind: "amount", value: 4, max_uses: 3 });
    expect(more.statusCode).toBe(200);

    // Unused, it goes, and leaves the carts that kept it.
    const unused = await createCode({ kind: "percent", value: 10 });
    const keeper = await learner();
    await keeper.add(docker);
    expect((await keeper.apply(unused)).statusCode).toBe(200);
    const gone = await remove((await couponRow(unused))?.id ?? 0);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toEqual({ status: true, message: COUPON_MESSAGES.deleted });
    expect(await couponRow(unused)).toBeUndefined();
    expect(await keeper.cart()).toMatchObject({ coupon: null, discount: 0, total: 19.99 });
    expect((await remove(987654)).statusCode).toBe(404);
  });

  it("take a percentage or a fixed amount off; the server charges it, and the order and receipt show it", async () => {
    const tenPercent = await createCode({ kind: "percent", value: 10 });
    const fiveOff = await createCode({ kind: "amount", value: 5 });
    const me = await learner();
    await me.add(docker);
    const applied = await me.apply(fiveOff);
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({ message: COUPON_MESSAGES.applied, data: { discount: 5, total: 14.99 } });
    // Another code replaces it.
    expect((await me.apply(tenPercent)).statusCode).toBe(200);
    expect(await me.cart()).toMatchObject({
      subtotal: 19.99,
      credit: 0,
      discount: 2,
      total: 17.99,
      coupon: { code: tenPercent.toUpperCase(), message: null },
    });

    // The amount is the server's: the price before the discount is refused, and Stripe is asked for 17.99.
    expect((await me.startCard(19.99)).statusCode).toBe(409);
    const { order, sessionId } = await me.payByCard();
    expect(await stripeCharged(sessionId)).toBe(1799);
    expect(await me.detail(order.id)).toMatchObject({
      amount: 17.99,
      subtotal: 19.99,
      discount: 2,
      coupon_code: tenPercent.toUpperCase(),
    });
    const receipt = await me.receipt(order.id);
    expect(receipt).toContain(`Coupon code\n${tenPercent.toUpperCase()}`);
    expect(receipt).toContain("Subtotal\n£19.99\nDiscount\n-£2.00\nTotal paid\n£17.99");
    expect((await couponRow(tenPercent))?.uses).toBe(1);
    // Used, the code left the cart with what it paid for.
    expect((await me.cart()).coupon).toBeNull();
    // Refunded, the order gives back what was paid.
    const before = (await refundAmounts()).length;
    expect((await me.call("POST", `/api/orders/${order.id}/refund`)).statusCode).toBe(200);
    expect((await refundAmounts()).slice(before)).toEqual([1799]);
  });

  it("refuse unknown, expired and used-up codes with a message for the code field", async () => {
    const me = await learner();
    await me.add(docker);
    const unknown = await me.apply("NO-SUCH-CODE");
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({
      status: false,
      message: COUPON_MESSAGES.invalid,
      errors: { code: COUPON_MESSAGES.invalid },
    });
    const empty = await me.apply("  ");
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ code: COUPON_MESSAGES.required });

    const soon = await createCode({
      kind: "percent",
      value: 20,
      expires_at: new Date(clock.now().getTime() + HOUR).toISOString(),
    });
    expect((await me.apply(soon)).statusCode).toBe(200);
    expect((await me.cart()).discount).toBe(4);
    clock.advance(2 * HOUR);
    // Kept with the cart, it now takes nothing off and says why.
    expect(await me.cart()).toMatchObject({
      discount: 0,
      total: 19.99,
      coupon: { code: soon.toUpperCase(), message: COUPON_MESSAGES.expired },
    });
    const expired = await me.apply(soon);
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors).toEqual({ code: COUPON_MESSAGES.expired });
    // Checkout charges the full price, and a client still showing the discount is refused.
    expect((await me.startCard(15.99)).statusCode).toBe(409);

    const once = await createCode({ kind: "amount", value: 1, max_uses: 1 });
    const first = await learner();
    await first.add(docker);
    expect((await first.apply(once)).statusCode).toBe(200);
    await first.buy();
    const usedUp = await me.apply(once);
    expect(usedUp.statusCode).toBe(422);
    expect(usedUp.json().errors).toEqual({ code: COUPON_MESSAGES.usedUp });
  });

  it("keep to their limit per learner", async () => {
    const code = await createCode({ kind: "percent", value: 10, max_uses_per_learner: 1 });
    const me = await learner();
    await me.add(docker, "Basics");
    expect((await me.apply(code)).statusCode).toBe(200);
    expect((await me.cart()).total).toBe(4.5);
    await me.buy();
    await me.add(git);
    const again = await me.apply(code);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ code: COUPON_MESSAGES.usedByYou });
    const other = await learner();
    await other.add(git);
    expect((await other.apply(code)).statusCode).toBe(200);
    expect((await couponRow(code))?.uses).toBe(1);
  });

  it("restricted to some artefacts, take money off those lines only", async () => {
    const code = await createCode({ kind: "amount", value: 1, artefact_ids: [git.seo_data.id] });
    const me = await learner();
    await me.add(docker);
    const elsewhere = await me.apply(code);
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors).toEqual({ code: COUPON_MESSAGES.notApplicable });
    await me.add(git);
    expect((await me.apply(code)).statusCode).toBe(200);
    expect(await me.cart()).toMatchObject({ subtotal: 24.49, discount: 1, total: 23.49 });
    const order = await me.buy();
    const lines = await store.database.db
      .select({ name: orderLines.name, priceMinor: orderLines.priceMinor, discountMinor: orderLines.discountMinor })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.orderId))
      .orderBy(asc(orderLines.id));
    expect(lines).toEqual([
      { name: "Docker", priceMinor: 1999, discountMinor: 0 },
      { name: "Git", priceMinor: 450, discountMinor: 100 },
    ]);
  });

  it("hold a last use for the checkout that started with it: another learner is told it is used up before paying", async () => {
    const code = await createCode({ kind: "amount", value: 3, max_uses: 1 });
    const [first, second] = await Promise.all([learner(), learner()]);
    for (const racer of [first, second]) await racer.add(docker);
    expect((await first.apply(code)).statusCode).toBe(200);
    expect((await second.apply(code)).statusCode).toBe(200);
    const started = await first.startCard(16.99);
    expect(started.statusCode, started.body).toBe(200);

    // The second learner's cart says so, and a checkout priced with the code is refused, charging nothing.
    expect(await second.cart()).toMatchObject({ total: 19.99, coupon: { message: COUPON_MESSAGES.usedUp } });
    const refused = await second.startCard(16.99);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CART_CHANGED);
    const late = await learner();
    await late.add(docker);
    const tried = await late.apply(code);
    expect(tried.statusCode).toBe(422);
    expect(tried.json().message).toBe(COUPON_MESSAGES.usedUp);

    // A checkout left unpaid holds the use for COUPON_HOLD_MS, then lets it go.
    clock.advance(COUPON_HOLD_MS + 1000);
    expect(await second.cart()).toMatchObject({ total: 16.99, coupon: { message: null } });
  });

  it("count a last use once when two learners pay at once: the other payment goes back whole", async () => {
    const code = await createCode({ kind: "amount", value: 3, max_uses: 1 });
    const racers = await Promise.all([learner(), learner()]);
    const started = [];
    for (const racer of racers) {
      await racer.add(docker);
      expect((await racer.apply(code)).statusCode).toBe(200);
      // Both checkouts start while one use is left, the first one's hold run out: both are priced with the discount.
      started.push(await payForCart(store, racer.user.id));
      clock.advance(COUPON_HOLD_MS + 1000);
    }
    expect(started.map((s) => s.quote.amountMinor)).toEqual([1699, 1699]);
    const outcomes = await Promise.all(
      started.map((s) =>
        fulfilPayment(store.database.db, {
          paymentId: s.paymentId,
          amountMinor: 1699,
          currency: "GBP",
          transactionId: `pi_${s.providerRef}`,
          now: clock.now(),
        }),
      ),
    );
    expect(outcomes.map((o) => o.kind).sort()).toEqual(["order", "refund"]);
    const [coupon] = await store.database.db
      .select({ uses: coupons.uses })
      .from(coupons)
      .where(eq(coupons.code, code.toUpperCase()));
    expect(coupon?.uses).toBe(1);
    const lost = started[outcomes.findIndex((o) => o.kind === "refund")];
    const [payment] = await store.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, lost?.paymentId ?? 0));
    expect(payment).toMatchObject({ status: "refunding", refundReason: "price_changed" });
  });
});

describe("carts that cost nothing", () => {
  const stripeSessions = async () => store.emulators.records.count("stripe");
  const ordersOf = (userId: number) => store.database.db.select().from(orders).where(eq(orders.userId, userId));
  const accessOf = (userId: number) =>
    store.database.db
      .select({ groupId: entitlements.groupId, revokedAt: entitlements.revokedAt })
      .from(entitlements)
      .where(eq(entitlements.userId, userId));

  it("are fulfilled at checkout when the credit covers everything, without any provider, and land on the confirmation", async () => {
    const me = await learner();
    const basicsId = docker.groups.find((g) => g.name === "Basics")?.id ?? 0;
    const price = (priceMinor: number) =>
      store.database.db.update(contentGroups).set({ priceMinor }).where(eq(contentGroups.id, basicsId));
    await price(2500);
    try {
      await me.add(docker, "Basics");
      await me.buy();
    } finally {
      await price(500);
    }
    await me.add(docker);
    // Never below zero.
    expect(await me.cart()).toMatchObject({ subtotal: 19.99, credit: 19.99, total: 0 });
    const sessions = await stripeSessions();
    const res = await me.startCard(0);
    expect(res.statusCode, res.body).toBe(200);
    const [, upgrade] = await ordersOf(me.user.id);
    if (!upgrade) throw new Error("the free cart made no order");
    expect(res.json()).toMatchObject({ url: `${PUBLIC_URL}/payment-confirmation?order=${upgrade.id}` });
    expect(await stripeSessions()).toBe(sessions);
    expect(upgrade).toMatchObject({
      amountMinor: 0,
      creditMinor: 1999,
      discountMinor: 0,
      transactionId: NO_TRANSACTION,
    });
    expect(await me.detail(upgrade.id)).toMatchObject({
      amount: 0,
      subtotal: 19.99,
      credit: 19.99,
      discount: 0,
      status: "Completed",
      payment_method: "No payment: covered by credit",
    });
    expect(await me.receipt(upgrade.id)).toContain(
      "Subtotal\n£19.99\nCredit for what you own\n-£19.99\nDiscount\n£0.00\nTotal paid\n£0.00",
    );
    expect((await me.cart()).rows).toHaveLength(0);
    expect((await lastMailOf(store, me.user.email))?.subject).toContain(upgrade.orderNumber);
  });

  it("with a 100% code are fulfilled once when checkout is started several times at once, counting one use", async () => {
    const code = await createCode({ kind: "percent", value: 100, max_uses: 5 });
    const me = await learner();
    await me.add(docker);
    const applied = await me.apply(code);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await me.cart()).toMatchObject({ subtotal: 19.99, discount: 19.99, total: 0 });
    const sessions = await stripeSessions();
    const answers = await Promise.all([me.startCard(0), me.startCard(0), me.startCard(0)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    // Each other start is refused, by what it found when it looked: the payment made, the cart emptied by
    // it, or the cart changing while it was being priced.
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect([ALREADY_PAID, "Your cart is empty.", CART_CHANGED]).toContain(refused.json().message);
    }
    expect(await stripeSessions()).toBe(sessions);
    const mine = await ordersOf(me.user.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      amountMinor: 0,
      discountMinor: 1999,
      couponCode: code.toUpperCase(),
      paymentMethod: "No payment: covered by coupon",
    });
    expect(await accessOf(me.user.id)).toEqual([{ groupId: null, revokedAt: null }]);
    expect((await couponRow(code))?.uses).toBe(1);
  });

  it("with credit and a fixed amount larger than what is left say so, and a refund asks no provider", async () => {
    const code = await createCode({ kind: "amount", value: 25 });
    const me = await learner();
    await me.add(docker, "Basics");
    const groups = (await me.payByCard()).order;
    await me.add(docker);
    expect((await me.apply(code)).statusCode).toBe(200);
    expect(await me.cart()).toMatchObject({ subtotal: 19.99, credit: 5, discount: 14.99, total: 0 });
    const started = await me.startCard(0);
    expect(started.statusCode, started.body).toBe(200);
    const upgrade = (await ordersOf(me.user.id)).find((o) => o.id !== groups.id);
    if (!upgrade) throw new Error("the free cart made no order");
    expect(await me.detail(upgrade.id)).toMatchObject({
      amount: 0,
      credit: 5,
      discount: 14.99,
      payment_method: "No payment: covered by credit and coupon",
    });
    // My Orders' card has the same figures.
    const rows = (await me.call("GET", "/api/get-orders")).json<{ data: { rows: OrderRow[] } }>().data.rows;
    expect(rows.find((r) => r.id === upgrade.id)).toMatchObject({ amount: 0, credit: 5, discount: 14.99 });
    expect(rows.find((r) => r.id === groups.id)).toMatchObject({ amount: 5, credit: 0, discount: 0 });
    // The operator's view of it: no provider took part.
    const operator = await store.app.inject({ url: `/api/admin/orders/${upgrade.id}`, headers: bearer(adminToken) });
    expect(operator.json().data).toMatchObject({
      provider: "none",
      payment_method: "No payment: covered by credit and coupon",
      transaction_id: NO_TRANSACTION,
      amount: 0,
      credit: 5,
      discount: 14.99,
    });

    // Refunded, it gives nothing back (no provider is asked), locks the artefact again and frees the groups' credit.
    const refunds = (await refundAmounts()).length;
    const refunded = await me.call("POST", `/api/orders/${upgrade.id}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data).toEqual({ refund_ref: NO_TRANSACTION });
    expect((await refundAmounts()).length).toBe(refunds);
    expect((await me.detail(upgrade.id)).status).toBe("Refunded");
    const access = await accessOf(me.user.id);
    expect(access.filter((a) => a.groupId === null && a.revokedAt === null)).toHaveLength(0);
    const mail = await lastMailOf(store, me.user.email);
    expect(mail?.text).toContain(
      `Your order ${upgrade.orderNumber} is refunded: nothing was paid for it (No payment: covered by credit and coupon), so nothing goes back.`,
    );
    // The groups' order is refundable again, through its provider.
    expect((await me.call("POST", `/api/orders/${groups.id}/refund`)).statusCode).toBe(200);
    expect((await refundAmounts()).slice(refunds)).toEqual([500]);
  });

  it("close without an order, and with nothing to send back, when the code's last use went elsewhere meanwhile", async () => {
    const code = await createCode({ kind: "percent", value: 100, max_uses: 1 });
    const [me, other] = await Promise.all([learner(), learner()]);
    const started = [];
    for (const racer of [me, other]) {
      await racer.add(docker);
      expect((await racer.apply(code)).statusCode).toBe(200);
      // Both are priced free while one use is left, the first one's hold run out.
      started.push(await payForCart(store, racer.user.id));
      clock.advance(COUPON_HOLD_MS + 1000);
    }
    expect(started.map((s) => s.quote.amountMinor)).toEqual([0, 0]);
    await started[1]?.confirm();
    const mine = started[0];
    if (!mine) throw new Error("no payment");
    const lost = await fulfilPayment(store.database.db, {
      paymentId: mine.paymentId,
      amountMinor: 0,
      currency: "GBP",
      transactionId: NO_TRANSACTION,
      now: clock.now(),
    });
    expect(lost).toEqual({ kind: "refund" });
    const [payment] = await store.database.db.select().from(payments).where(eq(payments.id, mine.paymentId));
    // Nothing was paid: no refund for the reconciler to send.
    expect(payment).toMatchObject({ status: "cancelled", refundReason: null });
    expect(await ordersOf(me.user.id)).toHaveLength(0);
    expect((await couponRow(code))?.uses).toBe(1);
    // The cart keeps its lines, and the used-up code says why it takes nothing off.
    expect(await me.cart()).toMatchObject({ total: 19.99, coupon: { message: COUPON_MESSAGES.usedUp } });
  });
});

describe("guessing a code", () => {
  const tryCode = (token: string, code: string, ip: string) =>
    store.app.inject({
      method: "POST",
      url: "/api/cart/coupon",
      headers: bearer(token),
      payload: { code },
      remoteAddress: ip,
    });

  it("is stopped per learner, from any address, and the real code then waits for the window too", async () => {
    const me = await learner();
    await me.add(docker);
    const token = await signIn(store, me.user.id, true);
    const real = await createCode({ kind: "percent", value: 20 });
    const [max, window] = RATE_LIMITS.couponCode.account;
    for (let i = 0; i < max; i++) {
      expect((await tryCode(token, `SUMMER${i}`, `198.51.100.${i + 1}`)).statusCode).toBe(422);
    }
    const blocked = await tryCode(token, real, "198.51.100.200");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ status: false, message: "Too many requests. Please try again later." });
    expect(blocked.headers["retry-after"]).toBeDefined();
    expect((await me.cart()).coupon).toBeNull();
    clock.advance(window);
    expect((await tryCode(token, real, "198.51.100.201")).statusCode).toBe(200);
  });

  it("is stopped per address, across learners", async () => {
    const [max] = RATE_LIMITS.couponCode.address;
    const [perLearner] = RATE_LIMITS.couponCode.account;
    const learners = await Promise.all(
      Array.from({ length: Math.ceil(max / perLearner) + 1 }, async () => {
        const user = await createUser(store);
        return signIn(store, user.id, true);
      }),
    );
    for (let i = 0; i < max; i++) {
      const token = learners[Math.floor(i / perLearner)] ?? "";
      expect((await tryCode(token, `WINTER${i}`, "192.0.2.77")).statusCode).toBe(422);
    }
    expect((await tryCode(learners.at(-1) ?? "", "WINTER-LAST", "192.0.2.77")).statusCode).toBe(429);
    expect((await tryCode(learners.at(-1) ?? "", "WINTER-LAST", "192.0.2.78")).statusCode).toBe(422);
  });
});

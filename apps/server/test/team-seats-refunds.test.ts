import type { AddressInfo } from "node:net";
import type { ListingResponse, NotificationsView, OrderDetail, OrderRow } from "@skillshelf/shared/api.ts";
import type { SalesReport } from "@skillshelf/shared/sales.ts";
import type { TeamView } from "@skillshelf/shared/teams.ts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { teamRefunds, teamSeats } from "../src/db/schema/index.ts";
import { bearer, createUser, lastMailOf, signIn } from "./helpers/accounts.ts";
import { createTestStore, ensureWebBuild, PUBLIC_URL, TestClock, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { payCartByCard, shopper, stripeRefunds } from "./helpers/orders.ts";
import { pageHtml, formPost as pagePost } from "./helpers/pages.ts";
import { formPost, formsOf } from "./helpers/payu-forms.ts";
import { pdfText } from "./helpers/pdf.ts";

/*
 * The money edges of team seats (issue 42): a VAT-registered UK store sells seats of Docker
 * (£19.99 each, 20 % VAT) by card, PayPal and PayU; the buyer's refund of unclaimed seats is a
 * partial refund through the provider's emulator, with a credit note, a mail, the order's page,
 * the sales figures and the UK VAT return each counting only what went back.
 */
const clock = new TestClock(Date.parse("2026-11-21T10:00:00Z"));
let store: TestStore;
let docker: ListingResponse;
let base: string;
let adminId: number;

beforeAll(async () => {
  ensureWebBuild();
  store = await createTestStore({ clock, pages: true, env: { VAT_NUMBER: "GB980780684" } });
  await store.importCatalogue(smallCatalogue());
  docker = (await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })).json();
  await store.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(store.app.server.address() as AddressInfo).port}`;
  adminId = (await createUser(store, { role: "admin" })).id;
}, 180_000);
afterAll(() => store?.close());

type Shopper = Awaited<ReturnType<typeof shopper>>;

const adminCall = async (method: "GET" | "POST", url: string) =>
  store.app.inject({ method, url, headers: bearer(await signIn(store, adminId)) });

/** Pays the shopper's cart through PayPal's emulator: approve, then capture on return. */
async function payByPaypal(me: Shopper) {
  const total = (await me.cart()).total;
  const res = await me.call("POST", "/api/paypal/payment", {
    final_amount: total,
    currency_code: "GBP",
    success_url: `${PUBLIC_URL}/payment-confirmation`,
    cancel_url: `${PUBLIC_URL}/payment-cancelled`,
    item_name: "seats",
    custom: "",
  });
  expect(res.statusCode, res.body).toBe(200);
  const approval = res.json<{ links: { rel: string; href: string }[] }>().links.find((l) => l.rel === "approval_url");
  const orderId = new URL(approval?.href ?? "").searchParams.get("token") ?? "";
  const controlled = await store.emulators.app.inject({
    method: "POST",
    url: "/emulator/paypal/control",
    payload: { order_id: orderId, outcome: "pay", webhook: "none" },
  });
  const returnUrl = new URL(controlled.json<{ return_url: string }>().return_url);
  await store.app.inject({ method: "GET", url: `${returnUrl.pathname}${returnUrl.search}` });
  return orderId;
}

/** Pays the shopper's cart through PayU's emulator: its form, Pay, and the POST-back. */
async function payByPayu(me: Shopper) {
  const total = (await me.cart()).total;
  const res = await me.call("POST", "/api/payu/payment", {
    txnid: "TXN1",
    amount: total,
    currency: "GBP",
    success_url: `${PUBLIC_URL}/payment-confirmation`,
    cancel_url: `${PUBLIC_URL}/payment-cancelled`,
    productinfo: "seats",
  });
  expect(res.statusCode, res.body).toBe(200);
  const { action, params } = res.json<{ action: string; params: Record<string, string> }>();
  await store.emulators.app.inject(formPost(new URL(action).pathname, params));
  const decided = await store.emulators.app.inject(
    formPost("/emulator/payu/complete", { txnid: params.txnid ?? "", outcome: "success" }),
  );
  const [form] = formsOf(decided.body);
  const back = await store.app.inject(formPost("/api/payu/return", form?.fields ?? {}));
  expect(back.statusCode).toBeLessThan(400);
  return params.txnid ?? "";
}

/** A manager who bought `seats` seats of Docker by `pay`, and `claimed` learners holding one each. */
async function teamOrder(
  seats: number,
  claimed: number,
  pay: (me: Shopper) => Promise<unknown>,
  profile: Parameters<typeof shopper>[1] = {},
) {
  const manager = await shopper(store, profile);
  const added = await manager.call("POST", "/api/cart/add", { sub_category_id: docker.seo_data.id, seats });
  expect(added.statusCode, added.body).toBe(201);
  await pay(manager);
  const [team] = (await manager.call("GET", "/api/teams")).json<{ data: TeamView[] }>().data;
  if (!team) throw new Error("no team purchase");
  const code = team.invitations
    .find((i) => i.email === null)
    ?.url.split("/")
    .at(-1);
  const holders: Shopper[] = [];
  for (let i = 0; i < claimed; i++) {
    const holder = await shopper(store);
    expect((await holder.call("POST", `/api/teams/join/${code}`)).statusCode).toBe(200);
    holders.push(holder);
  }
  const detail = async () =>
    (await manager.call("POST", "/api/order-details", { detail_id: team.order_id })).json<{ data: OrderDetail }>().data;
  const refund = () => manager.call("POST", `/api/orders/${team.order_id}/refund`);
  return { manager, team, holders, detail, refund };
}

const unlocked = async (me: Shopper) =>
  (await me.call("POST", "/api/get-content", { slug: "docker", content: "images" })).json().is_payment_paid;

/** The amounts of the refunds Stripe's emulator made since `before`, its refunds then. */
const newStripeRefunds = async (before: Awaited<ReturnType<typeof stripeRefunds>>) => {
  const seen = new Set(before.map((r) => r.id));
  return (await stripeRefunds(store)).filter((r) => !seen.has(r.id)).map((r) => (r.data as { amount: number }).amount);
};

const todaysSales = async () => {
  const res = await adminCall("GET", "/api/admin/sales?from=2026-11-21&to=2026-11-21");
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: SalesReport }>().data.figures;
};

describe("a refund of unclaimed seats", () => {
  it("refunds only the unclaimed seats' share, with a credit note, a mail, the order's page and the figures", async () => {
    const before = await todaysSales();
    const { manager, team, holders, detail, refund } = await teamOrder(5, 2, (me) =>
      payCartByCard(store, base, me, "GBP"),
    );
    const paid = await detail();
    const offered = await pageHtml(store, `/order-details/${team.order_id}`, manager.token);
    expect(offered).toContain("Seats nobody has claimed can be refunded until");
    // 5 seats × £19.99 = £99.95, VAT £16.66 inside; the order's documents show seats × unit price.
    expect(paid).toMatchObject({ amount: 99.95, vat_total: 16.66, unclaimed_seats: 3, seat_refunds: [] });
    expect(paid.refundable_until).not.toBeNull();
    const invoice = await pdfText((await manager.call("GET", `/api/orders/${team.order_id}/invoice`)).rawPayload);
    expect(invoice).toContain("5 seats × £19.99");

    const stripeBefore = await stripeRefunds(store);
    const res = await refund();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe("Unclaimed seats refunded: 3.");
    // Through Stripe's emulator: 3 of 5 seats, £59.97, as a partial refund.
    expect(await newStripeRefunds(stripeBefore)).toEqual([5997]);
    for (const holder of holders) expect(await unlocked(holder)).toBe(true);

    // The order stays Completed, shows what went back and when, and offers no refund of claimed seats.
    const after = await detail();
    expect(after).toMatchObject({ status: "Completed", payment_status: "Paid", unclaimed_seats: 0 });
    expect(after.refundable_until).toBeNull();
    expect(after.seat_refunds).toEqual([
      {
        seats: 3,
        amount: 59.97,
        refunded_at: clock.now().toISOString(),
        credit_note: expect.stringMatching(/^CN-2026-/),
      },
    ]);
    const creditNote = after.seat_refunds[0]?.credit_note ?? "";
    expect(after.credit_notes).toEqual([creditNote]);
    const [row] = (await manager.call("GET", "/api/get-orders")).json<{ data: { rows: OrderRow[] } }>().data.rows;
    expect(row).toMatchObject({ status: "Completed", seats_refunded: { amount: 59.97 } });
    // The pages say it too; the order's page offers no refund any more.
    const page = await pageHtml(store, `/order-details/${team.order_id}`, manager.token);
    expect(page).toContain("Refunded for 3 unclaimed seats on");
    expect(page).toContain("-£59.97");
    expect(page).not.toContain("Request refund");
    expect(await pageHtml(store, "/my-orders", manager.token)).toContain("Refunded for unclaimed seats, ");
    // The buyer's bell says it too, in their notifications.
    const [told] = (await manager.call("GET", "/api/notifications")).json<{ data: NotificationsView }>().data.unread;
    expect(told).toMatchObject({
      kind: "order_refunded",
      title: "Your refund is done",
      text: `Order ${paid.order_id}: £59.97 for 3 unclaimed seats goes back the way you paid (Card).`,
      link: `/order-details/${team.order_id}`,
    });
    // "Download my data" holds the order's seats and the refund with its credit note.
    const exported = (await manager.call("GET", "/api/my-data")).json<{
      tables: { orders: { id: number; lines: { seats: number }[]; seatRefunds: unknown[] }[] };
    }>();
    const own = exported.tables.orders.find((o) => o.id === team.order_id);
    expect(own?.lines).toEqual([expect.objectContaining({ seats: 5 })]);
    expect(own?.seatRefunds).toEqual([
      {
        seats: 3,
        amountMinor: 5997,
        vatMinor: 1000,
        creditNoteNumber: creditNote,
        createdAt: clock.now().toISOString(),
      },
    ]);

    // The credit note: the 3 seats at their unit price, dated with the refund, totalling what went back.
    const pdf = await manager.call("GET", `/api/orders/${team.order_id}/credit-notes/${creditNote}`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`Credit note number\n${creditNote}`);
    expect(text).toContain(`Refers to invoice\n${paid.invoice_number}`);
    expect(text).toContain("3 seats × £19.99");
    expect(text).toContain("Total refunded\n£59.97");
    // VAT of the refunded seats: 3/5 of £16.66.
    expect(text).toContain("Total VAT\n£10.00");

    // Operators find the order by the credit note's number, whole or in part.
    for (const term of [creditNote, creditNote.slice(3)]) {
      const found = await adminCall("GET", `/api/admin/orders?search=${encodeURIComponent(term)}`);
      expect(found.json().data.rows.map((r: { id: number }) => r.id)).toContain(team.order_id);
    }

    const mail = await lastMailOf(store, manager.user.email);
    expect(mail?.subject).toBe(`Unclaimed seats of your Skillshelf order ${paid.order_id} are refunded`);
    expect(mail?.text).toContain(`3 unclaimed seats of your order ${paid.order_id} are refunded: £59.97`);

    const sales = await todaysSales();
    expect(sales.refunds - before.refunds).toBeCloseTo(59.97, 2);
    expect(sales.refund_count - before.refund_count).toBe(1);
    expect(sales.refunded_orders - before.refunded_orders).toBe(0);
    expect(sales.gross - before.gross).toBeCloseTo(99.95, 2);
    expect(sales.vat - before.vat).toBeCloseTo(16.66 - 10.0, 2);

    // Nothing is left to refund: claimed seats are never refunded by the buyer.
    const again = await refund();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Every seat of this order is claimed: there is nothing left to refund.");
  });

  it("refunds a released seat once, never a seat twice, and an operator's refund gives back only the rest", async () => {
    const { manager, team, detail, refund } = await teamOrder(5, 2, (me) => payCartByCard(store, base, me, "GBP"));
    const before = await todaysSales();
    // Two refunds at once: the order is claimed by one, the other is told a refund is in progress.
    const [first, second] = await Promise.all([refund(), refund()]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 409]);
    const holder = (await detail()).seat_refunds.length;
    expect(holder).toBe(1);
    // The manager releases a claimed seat: it is free, and the next refund covers it only.
    const [view] = (await manager.call("GET", "/api/teams")).json<{ data: TeamView[] }>().data;
    const seatId = view?.holders[0]?.seat_id;
    expect((await manager.call("POST", `/api/teams/${team.id}/seats/${seatId}/release`)).statusCode).toBe(200);
    const stripeBefore = await stripeRefunds(store);
    const res = await refund();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe("Unclaimed seats refunded: 1.");
    // The 4th seat: £79.96 for 4 less £59.97 for 3.
    expect(await newStripeRefunds(stripeBefore)).toEqual([1999]);
    const rows = await store.database.db.select().from(teamRefunds).where(eq(teamRefunds.orderId, team.order_id));
    expect(rows.map((r) => r.seats)).toEqual([3, 1]);
    expect(new Set(rows.map((r) => r.creditNoteNumber)).size).toBe(2);
    const seats = await store.database.db.select().from(teamSeats).where(eq(teamSeats.orderId, team.order_id));
    expect(seats.filter((s) => s.removedAt !== null)).toHaveLength(4);
    const twice = await detail();
    expect(twice.seat_refunds.map((r) => [r.seats, r.amount])).toEqual([
      [3, 59.97],
      [1, 19.99],
    ]);
    expect(twice.credit_notes).toHaveLength(2);

    // The operator refunds the whole order: the provider is asked for the £19.99 left, not £99.95.
    const wholeBefore = await stripeRefunds(store);
    const whole = await adminCall("POST", `/api/admin/orders/${team.order_id}/refund`);
    expect(whole.statusCode, whole.body).toBe(200);
    expect(await newStripeRefunds(wholeBefore)).toEqual([1999]);
    const refunded = await detail();
    expect(refunded).toMatchObject({ status: "Refunded", payment_status: "Refunded" });
    expect(refunded.credit_notes).toHaveLength(3);
    const last = refunded.credit_notes.at(-1);
    const text = await pdfText(
      (await manager.call("GET", `/api/orders/${team.order_id}/credit-notes/${last}`)).rawPayload,
    );
    expect(text).toContain("1 seat × £19.99");
    expect(text).toContain("Total refunded\n£19.99");
    const sales = await todaysSales();
    // Everything that went back, once: the order's £99.95 and its £16.66 of VAT.
    expect(sales.refunds - before.refunds).toBeCloseTo(99.95, 2);
    expect(sales.refund_count - before.refund_count).toBe(3);
    expect(sales.refunded_orders - before.refunded_orders).toBe(1);
  });

  it("leaves nothing to an operator's refund once every seat went back", async () => {
    const { detail, refund, team } = await teamOrder(2, 0, (me) => payCartByCard(store, base, me, "GBP"));
    expect((await refund()).statusCode).toBe(200);
    const stripeBefore = await stripeRefunds(store);
    const whole = await adminCall("POST", `/api/admin/orders/${team.order_id}/refund`);
    expect(whole.statusCode, whole.body).toBe(409);
    expect(whole.json().message).toBe("Everything paid for this order has already been refunded, seat by seat.");
    expect(await newStripeRefunds(stripeBefore)).toEqual([]);
    // The order is as the seats' refund left it, and not held by the refused refund.
    expect(await detail()).toMatchObject({ status: "Completed", unclaimed_seats: 0 });
    expect((await refund()).statusCode).toBe(409);
  });

  it("counts the refunded seats' VAT in the quarter's UK VAT return", async () => {
    const uk = async () => {
      const res = await adminCall("GET", "/api/admin/tax/uk.csv?quarter=2026-Q4");
      expect(res.statusCode, res.body).toBe(200);
      const box = (item: string) =>
        res.body
          .split("\r\n")
          .find((line) => line.startsWith(`box,${item},`))
          ?.split(",")[5];
      return { box1: Number(box("1")), box6: Number(box("6")) };
    };
    const before = await uk();
    const { manager, team } = await teamOrder(5, 1, (me) => payCartByCard(store, base, me, "GBP"));
    // Request refund on the order's page without JavaScript: the page's action runs the same operation.
    const url = `/order-details/${team.order_id}`;
    const posted = await pagePost(store, url, {}, { cookie: `access-token=${manager.token}` });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(url);
    const after = await uk();
    // 5 seats: VAT £16.66, net £83.29; 4 refunded: VAT £13.33 (4/5 of 16.66), net £79.96 - £13.33.
    expect(after.box1 - before.box1).toBeCloseTo(16.66 - 13.33, 2);
    expect(after.box6 - before.box6).toBeCloseTo(83.29 - (79.96 - 13.33), 2);
  });
});

describe("partial refunds through the emulators", () => {
  it("PayPal moves only the unclaimed seats' amount", async () => {
    let paypalOrder = "";
    const { refund, team } = await teamOrder(3, 1, async (me) => {
      paypalOrder = await payByPaypal(me);
    });
    const orderId = team.order_id;
    const res = await refund();
    expect(res.statusCode, res.body).toBe(200);
    const record = store.emulators.records.read("paypal", `order:${paypalOrder}`) as {
      capture: { status: string; refunds: { amount: { value: string } }[] };
    };
    // 2 of 3 seats of £59.97.
    expect(record.capture.refunds.map((r) => r.amount.value)).toEqual(["39.98"]);
    expect(record.capture.status).toBe("PARTIALLY_REFUNDED");
    // The operator's refund of the whole order then takes the £19.99 left, and the capture is refunded.
    expect((await adminCall("POST", `/api/admin/orders/${orderId}/refund`)).statusCode).toBe(200);
    const after = store.emulators.records.read("paypal", `order:${paypalOrder}`) as typeof record;
    expect(after.capture.refunds.map((r) => r.amount.value)).toEqual(["39.98", "19.99"]);
    expect(after.capture.status).toBe("REFUNDED");
  });

  it("PayU moves only the unclaimed seats' amount", async () => {
    let txnid = "";
    const { refund, manager } = await teamOrder(
      4,
      3,
      async (me) => {
        txnid = await payByPayu(me);
      },
      { language: "Spanish" },
    );
    const res = await refund();
    expect(res.statusCode, res.body).toBe(200);
    // The buyer's mail is in their language.
    expect((await lastMailOf(store, manager.user.email))?.subject).toMatch(/^Plazas sin reclamar de tu pedido/);
    const record = store.emulators.records.read("payu", `txn:${txnid}`) as { refunds: { amountMinor: number }[] };
    expect(record.refunds.map((r) => r.amountMinor)).toEqual([1999]);
  });

  it("Stripe takes the amount too, and a whole refund of an ordinary order is unchanged", async () => {
    const me = await shopper(store);
    expect((await me.call("POST", "/api/cart/add", { sub_category_id: docker.seo_data.id })).statusCode).toBe(201);
    await payCartByCard(store, base, me, "GBP");
    const order = await me.newestOrder();
    const stripeBefore = await stripeRefunds(store);
    const res = await me.call("POST", `/api/orders/${order.id}/refund`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe("Your order is refunded and its access removed.");
    expect(await newStripeRefunds(stripeBefore)).toEqual([1999]);
    const detail = (await me.call("POST", "/api/order-details", { detail_id: order.id })).json<{ data: OrderDetail }>()
      .data;
    expect(detail).toMatchObject({ status: "Refunded", unclaimed_seats: null, seat_refunds: [] });
    expect((await lastMailOf(store, me.user.email))?.subject).toBe(
      `Your Skillshelf order ${order.order_id} is refunded`,
    );
  });
});

import type { CartResponse, ListingResponse, OrderRow } from "@skillshelf/shared/api.ts";
import type { TeamView } from "@skillshelf/shared/teams.ts";
import { expect } from "vitest";
import { saleAt } from "../../src/cart/pricing.ts";
import { payments } from "../../src/db/schema/index.ts";
import { fulfilPayment } from "../../src/payments/fulfil-payment.ts";
import { quoteCart } from "../../src/payments/quote.ts";
import { bearer, createUser, signIn } from "./accounts.ts";
import { PUBLIC_URL, type TestStore } from "./app.ts";

let counter = 0;

/**
 * A payment of the user's current cart confirmed by a provider, the way every
 * provider path ends: a pending payment row, then the one fulfilment.
 */
export async function payForCart(store: TestStore, userId: number) {
  const providerRef = `test-${++counter}-${Date.now()}`;
  const quote = await quoteCart(store.database.db, userId, saleAt(store.app));
  const [payment] = await store.database.db
    .insert(payments)
    .values({
      userId,
      provider: "stripe",
      providerRef,
      amountMinor: quote.amountMinor,
      currency: quote.currency,
      lines: quote.lines,
      couponId: quote.couponId,
      successUrl: "http://store.test:3000/payment-confirmation",
      cancelUrl: "http://store.test:3000/payment-cancelled",
      // On the store's clock, as a checkout it starts is: how long it holds a code's use depends on it.
      createdAt: store.app.clock(),
    })
    .returning({ id: payments.id });
  if (!payment) throw new Error("no payment");
  const confirm = async () => {
    const fulfilment = await fulfilPayment(store.database.db, {
      paymentId: payment.id,
      amountMinor: quote.amountMinor,
      currency: "GBP",
      transactionId: `pi_${providerRef}`,
      now: store.app.clock(),
    });
    if (fulfilment.kind !== "order") throw new Error(`payment ${payment.id} made no order: ${fulfilment.kind}`);
    return fulfilment;
  };
  return { paymentId: payment.id, providerRef, quote, confirm };
}

/**
 * A learner who bought a whole artefact by card through the Stripe emulator
 * (the store must be listening at `base`): the pay button on the emulator's page, then the return.
 */
export async function buyByCard(
  store: TestStore,
  options: {
    base: string;
    artefactId: number;
    price: number;
    /** Who is billed (billing_country, company_name, vat_number, confirm_country), and the start's own headers. */
    billing?: Record<string, string | boolean>;
    headers?: Record<string, string>;
    /** The card's country the payer chooses on Stripe's page (GB when not given). */
    cardCountry?: string;
    /** What happens while the learner is on Stripe's page, the checkout started. */
    whilePaying?: () => Promise<void>;
  },
) {
  const user = await createUser(store);
  const token = await signIn(store, user.id, true);
  const call = (method: "GET" | "POST", url: string, payload?: Record<string, unknown>) =>
    store.app.inject({
      method,
      url,
      headers: { ...bearer(token), ...options.headers },
      ...(payload ? { payload } : {}),
    });
  await call("POST", "/api/cart/add", { sub_category_id: options.artefactId, group_id: null });
  const started = await call("POST", "/api/stripe/create-checkout-session", {
    final_amount: options.price,
    currency: "GBP",
    success_url: `${PUBLIC_URL}/payment-confirmation`,
    cancel_url: `${PUBLIC_URL}/payment-cancelled`,
    ...options.billing,
  });
  expect(started.statusCode, started.body).toBe(200);
  const session = started.json<{ id: string }>();
  await options.whilePaying?.();
  await fetch(`${store.emulators.origin}/emulator/stripe/checkout/${session.id}/pay`, {
    method: "POST",
    redirect: "manual",
    ...(options.cardCountry ? { body: new URLSearchParams({ country: options.cardCountry }) } : {}),
  });
  await fetch(`${options.base}/api/stripe/return?session_id=${session.id}`, { redirect: "manual" });
  const [order] = (await call("GET", "/api/get-orders")).json<{ data: { rows: OrderRow[] } }>().data.rows;
  if (!order) throw new Error("the purchase made no order");
  return { user, token, order, call };
}

/** The refunds the Stripe emulator has recorded. */
export async function stripeRefunds(store: TestStore) {
  return store.emulators.records.list<Record<string, unknown>>("stripe", "re_");
}

/** The signed-in learner puts an artefact (or one of its groups, by name) in the cart, through the API. */
export async function addToCart(store: TestStore, token: string, listing: ListingResponse, groupName?: string) {
  const group = listing.groups.find((g) => g.name === groupName);
  const res = await store.app.inject({
    method: "POST",
    url: "/api/cart/add",
    headers: bearer(token),
    payload: { sub_category_id: listing.seo_data.id, group_id: group?.id ?? null },
  });
  expect(res.statusCode, res.body).toBe(201);
}

/**
 * The signed-in learner adds an artefact (or one of its groups, by name) to
 * the cart and pays for it through the one fulfilment.
 */
export async function buyFromListing(
  store: TestStore,
  learner: { id: number; token: string },
  listing: ListingResponse,
  groupName?: string,
) {
  await addToCart(store, learner.token, listing, groupName);
  const payment = await payForCart(store, learner.id);
  return { ...(await payment.confirm()), transactionId: `pi_${payment.providerRef}` };
}

/**
 * The signed-in learner buys `seats` seats of an artefact for a team and pays for them through the
 * one fulfilment: the team purchase's id and its link's code (GET /api/teams).
 */
export async function buyTeamSeats(
  store: TestStore,
  learner: { id: number; token: string },
  listing: ListingResponse,
  seats: number,
) {
  const res = await store.app.inject({
    method: "POST",
    url: "/api/cart/add",
    headers: bearer(learner.token),
    payload: { sub_category_id: listing.seo_data.id, seats },
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = await (await payForCart(store, learner.id)).confirm();
  const teams = (await store.app.inject({ method: "GET", url: "/api/teams", headers: bearer(learner.token) })).json<{
    data: TeamView[];
  }>().data;
  const team = teams.find((t) => t.order_id === order.orderId);
  const link = team?.invitations
    .find((invitation) => invitation.email === null)
    ?.url.split("/")
    .at(-1);
  if (!team || !link) throw new Error("no team purchase");
  return { teamId: team.id, link, team };
}

/** A new learner's calls: the cart, adding an artefact (or one of its groups, by name), the newest order. */
export async function shopper(store: TestStore, profile: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(store, profile);
  const token = await signIn(store, user.id);
  const call = (method: "GET" | "POST", url: string, payload?: Record<string, unknown>) =>
    store.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const cart = async () => (await call("GET", "/api/cart/get")).json<CartResponse>().data;
  const add = (listing: ListingResponse, groupName?: string) => addToCart(store, token, listing, groupName);
  const newestOrder = async () => {
    const [row] = (await call("GET", "/api/get-orders")).json<{ data: { rows: OrderRow[] } }>().data.rows;
    if (!row) throw new Error("no order");
    return row;
  };
  return { user, token, call, cart, add, newestOrder };
}

/**
 * The shopper's cart paid by card on the Stripe emulator at what the cart
 * shows (the store listening at `base`): the hosted page (at the emulators), and the session and
 * lines Stripe was asked for.
 */
export async function payCartByCard(
  store: TestStore,
  base: string,
  me: Pick<Awaited<ReturnType<typeof shopper>>, "call" | "cart">,
  currency: string,
) {
  const total = (await me.cart()).total;
  const started = await me.call("POST", "/api/stripe/create-checkout-session", {
    final_amount: total,
    currency,
    success_url: `${PUBLIC_URL}/payment-confirmation`,
    cancel_url: `${PUBLIC_URL}/payment-cancelled`,
  });
  expect(started.statusCode, started.body).toBe(200);
  const { id, url } = started.json<{ id: string; url: string }>();
  expect(new URL(url).origin).toBe(store.emulators.origin);
  const page = await (await fetch(url)).text();
  await fetch(`${store.emulators.origin}/emulator/stripe/checkout/${id}/pay`, { method: "POST", redirect: "manual" });
  await fetch(`${base}/api/stripe/return?session_id=${id}`, { redirect: "manual" });
  const record = store.emulators.records.read("stripe", id);
  const { session, lines } = (record ?? {}) as {
    session?: { amount_total: number; currency: string; payment_status: string };
    lines?: { unit_amount: number }[];
  };
  return { page, session, lines };
}

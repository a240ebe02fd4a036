import type { ListingResponse, OrderRow } from "@skillshelf/shared/api.ts";
import { eq } from "drizzle-orm";
import { emulatorRecords, payments } from "../../src/db/schema/index.ts";
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
  const quote = await quoteCart(store.database.db, userId, "GBP", store.app.clock());
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
 * (the store must be listening at `base`): the pay button, then the return.
 */
export async function buyByCard(store: TestStore, options: { base: string; artefactId: number; price: number }) {
  const user = await createUser(store);
  const token = await signIn(store, user.id, true);
  const call = (method: "GET" | "POST", url: string, payload?: Record<string, unknown>) =>
    store.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  await call("POST", "/api/cart/add", { sub_category_id: options.artefactId, group_id: null });
  const session = (
    await call("POST", "/api/stripe/create-checkout-session", {
      final_amount: options.price,
      currency: "GBP",
      success_url: `${PUBLIC_URL}/payment-confirmation`,
      cancel_url: `${PUBLIC_URL}/payment-cancelled`,
    })
  ).json<{ id: string }>();
  await fetch(`${options.base}/emulator/stripe/checkout/${session.id}/pay`, { method: "POST", redirect: "manual" });
  await fetch(`${options.base}/api/stripe/return?session_id=${session.id}`, { redirect: "manual" });
  const [order] = (await call("GET", "/api/get-orders")).json<{ data: { rows: OrderRow[] } }>().data.rows;
  if (!order) throw new Error("the purchase made no order");
  return { user, token, order, call };
}

/** The refunds the Stripe emulator has recorded. */
export async function stripeRefunds(store: TestStore) {
  const rows = await store.database.db.select().from(emulatorRecords).where(eq(emulatorRecords.provider, "stripe"));
  return rows.filter((r) => r.id.startsWith("re_"));
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
  const group = listing.groups.find((g) => g.name === groupName);
  await store.app.inject({
    method: "POST",
    url: "/api/cart/add",
    headers: bearer(learner.token),
    payload: { sub_category_id: listing.seo_data.id, group_id: group?.id ?? null },
  });
  const payment = await payForCart(store, learner.id);
  return { ...(await payment.confirm()), transactionId: `pi_${payment.providerRef}` };
}

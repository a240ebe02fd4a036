import { payments } from "../../src/db/schema/index.ts";
import { fulfilPayment } from "../../src/payments/fulfil-payment.ts";
import { quoteCart } from "../../src/payments/quote.ts";
import type { TestStore } from "./app.ts";

let counter = 0;

/**
 * A payment of the user's current cart confirmed by a provider, the way every
 * provider path ends: a pending payment row, then the one fulfilment.
 */
export async function payForCart(store: TestStore, userId: number) {
  const providerRef = `test-${++counter}-${Date.now()}`;
  const quote = await quoteCart(store.database.db, userId, "GBP");
  const [payment] = await store.database.db
    .insert(payments)
    .values({
      userId,
      provider: "stripe",
      providerRef,
      amountMinor: quote.amountMinor,
      currency: quote.currency,
      lines: quote.lines,
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

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
  await store.database.db.insert(payments).values({
    userId,
    provider: "stripe",
    providerRef,
    amountMinor: quote.amountMinor,
    currency: quote.currency,
    lines: quote.lines,
    successUrl: "http://store.test:3000/payment-confirmation",
    cancelUrl: "http://store.test:3000/payment-cancelled",
  });
  const confirm = () =>
    fulfilPayment(store.database.db, {
      provider: "stripe",
      providerRef,
      amountMinor: quote.amountMinor,
      currency: "GBP",
      transactionId: `pi_${providerRef}`,
      now: store.app.clock(),
    });
  return { providerRef, quote, confirm };
}

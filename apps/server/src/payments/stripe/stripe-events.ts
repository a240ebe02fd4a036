import type Stripe from "stripe";
import type { Db } from "../../db/client.ts";
import { closeUnpaidPayment } from "../fulfil-payment.ts";
import { fulfilPaidSession } from "./checkout-session.ts";

export type EventOutcome = "fulfilled" | "closed" | "ignored";

/**
 * What a verified Stripe event means for our payments. A completed session
 * may still be unpaid (a delayed payment method): only a paid one is
 * fulfilled, and its async_payment_succeeded event fulfils it later.
 */
export async function handleStripeEvent(db: Db, event: Stripe.Event, now: Date): Promise<EventOutcome> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      if (session.payment_status !== "paid") return "ignored";
      await fulfilPaidSession(db, session, now);
      return "fulfilled";
    }
    case "checkout.session.expired":
    case "checkout.session.async_payment_failed":
      await closeUnpaidPayment(db, { provider: "stripe", providerRef: event.data.object.id, status: "failed", now });
      return "closed";
    default:
      return "ignored";
  }
}

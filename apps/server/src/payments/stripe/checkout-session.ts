import Stripe from "stripe";
import type { Db } from "../../db/client.ts";
import { fulfilPayment } from "../fulfil-payment.ts";
import { lineName, type Quote } from "../quote.ts";
import { StripeUnavailableError } from "./stripe-client.ts";

/**
 * A hosted Checkout Session for a quote. The line items come from the
 * server's quote, never from the client. Stripe sends the learner back to our
 * own return and cancel routes, which then redirect to the page the client asked for.
 */
export async function createCheckoutSession(
  stripe: Stripe,
  options: { quote: Quote; userId: number; email: string; publicUrl: string },
): Promise<{ id: string; url: string }> {
  const { quote, userId, publicUrl } = options;
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: "payment",
    line_items: quote.lines.map((line) => ({
      price_data: {
        currency: quote.currency.toLowerCase(),
        unit_amount: line.priceMinor,
        product_data: { name: lineName(line) },
      },
      quantity: 1,
    })),
    customer_email: options.email,
    client_reference_id: String(userId),
    metadata: { user_id: String(userId) },
    success_url: `${publicUrl}/api/stripe/return?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${publicUrl}/api/stripe/cancel?session_id={CHECKOUT_SESSION_ID}`,
  };
  const session = await unavailableOnError(() => stripe.checkout.sessions.create(params));
  if (!session.url) throw new StripeUnavailableError(`Checkout Session ${session.id} has no URL`);
  return { id: session.id, url: session.url };
}

/** The session as Stripe sees it now; null when Stripe does not know it. */
export async function retrieveCheckoutSession(stripe: Stripe, id: string): Promise<Stripe.Checkout.Session | null> {
  try {
    return await stripe.checkout.sessions.retrieve(id);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
    throw new StripeUnavailableError("Stripe did not answer a session retrieval", { cause: error });
  }
}

/** A session Stripe reports paid becomes the order, through the one fulfilment. */
export function fulfilPaidSession(db: Db, session: Stripe.Checkout.Session, now: Date) {
  const intent = session.payment_intent;
  return fulfilPayment(db, {
    provider: "stripe",
    providerRef: session.id,
    amountMinor: session.amount_total ?? -1,
    currency: session.currency ?? "",
    // The payment intent is what a refund and the Stripe dashboard refer to.
    transactionId: (typeof intent === "string" ? intent : intent?.id) ?? session.id,
    now,
  });
}

async function unavailableOnError<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new StripeUnavailableError("Stripe refused or did not answer the call", { cause: error });
  }
}

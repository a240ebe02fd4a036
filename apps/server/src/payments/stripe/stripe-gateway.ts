import { minorStep } from "@skillshelf/shared/money-rules.ts";
import Stripe from "stripe";
import type { PaymentGateway, ProviderOutcome, WebhookResult } from "../gateway.ts";
import { ProviderUnavailableError } from "../gateway.ts";
import type { StripeSettings } from "../provider-settings.ts";
import { chargedMinor, lineName } from "../quote.ts";
import { stripeClient, webhookSecret } from "./stripe-client.ts";

export const STRIPE_UNAVAILABLE = "Card payments are unavailable right now. Please try again in a few minutes.";

/** Stripe keeps an unpaid Checkout Session open for 24 hours. */
const SESSION_LIFETIME_MS = 24 * 3600_000;

const paidOutcome = (session: Stripe.Checkout.Session): ProviderOutcome => {
  const intent = session.payment_intent;
  return {
    state: "paid",
    amountMinor: session.amount_total ?? -1,
    currency: session.currency ?? "",
    // The payment intent is what a refund and the Stripe dashboard refer to.
    transactionId: (typeof intent === "string" ? intent : intent?.id) ?? session.id,
    payerCountry: session.customer_details?.address?.country ?? null,
  };
};

/**
 * Card payments through the official Stripe library and hosted Checkout: the
 * real Stripe with PAYMENTS=live, the built-in emulator otherwise.
 */
export function stripeGateway(settings: StripeSettings, { publicUrl }: { publicUrl: string }): PaymentGateway {
  const client = stripeClient(settings);
  const stripe = () => {
    if (!client) throw new ProviderUnavailableError("STRIPE_SECRET_KEY is not set");
    return client;
  };

  const call = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw new ProviderUnavailableError(`Stripe did not answer ${what}`, { cause: error });
    }
  };

  /** The session's outcome; a complete but unpaid session is failed only once its payment intent says so. */
  const outcomeOf = async (session: Stripe.Checkout.Session): Promise<ProviderOutcome> => {
    if (session.payment_status === "paid" || session.payment_status === "no_payment_required") {
      return paidOutcome(session);
    }
    if (session.status === "expired") return { state: "expired" };
    if (session.status === "open") return { state: "open" };
    // Complete and unpaid: a delayed payment method still processing, or one that failed.
    const intentId = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
    if (!intentId) return { state: "open" };
    const intent = await call("a payment intent retrieval", () => stripe().paymentIntents.retrieve(intentId));
    return intent.status === "requires_payment_method" || intent.status === "canceled"
      ? { state: "failed" }
      : { state: "open" };
  };

  const fetchOutcome = async (sessionId: string): Promise<ProviderOutcome> => {
    let session: Stripe.Checkout.Session;
    try {
      session = await stripe().checkout.sessions.retrieve(sessionId);
    } catch (error) {
      // Stripe does not know the session: nothing can ever be paid on it.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
        return { state: "expired" };
      }
      throw new ProviderUnavailableError("Stripe did not answer a session retrieval", { cause: error });
    }
    return outcomeOf(session);
  };

  return {
    provider: "stripe",
    unavailableMessage: STRIPE_UNAVAILABLE,
    checkoutLifetimeMs: SESSION_LIFETIME_MS,

    async createCheckout({ reference, quote, buyer }) {
      // Pricing keeps every amount in whole steps (money.ts minorStep: tens of fils in KWD, as Stripe requires);
      // a price stored before that rule would be refused by Stripe, so say which.
      const step = minorStep(quote.currency);
      const unrounded = quote.lines.find((line) => chargedMinor(line) % step !== 0);
      if (unrounded) {
        throw new ProviderUnavailableError(
          `Stripe takes ${quote.currency} in steps of ${step} minor units; "${lineName(unrounded)}" costs ${chargedMinor(unrounded)}: save its price again`,
        );
      }
      const params: Stripe.Checkout.SessionCreateParams = {
        mode: "payment",
        // Built from the server's quote, never from the client.
        line_items: quote.lines.map((line) => ({
          price_data: {
            currency: quote.currency.toLowerCase(),
            // What is paid for the line (its price less credit and discount): the items sum to the amount.
            unit_amount: chargedMinor(line),
            product_data: { name: lineName(line) },
          },
          quantity: 1,
        })),
        customer_email: buyer.email,
        // The hosted page speaks the learner's language.
        locale: buyer.language,
        client_reference_id: reference,
        metadata: { user_id: String(buyer.userId), payment: reference },
        // Stripe sends the learner back to the store, which then redirects to the page the client asked for.
        success_url: `${publicUrl}/api/stripe/return?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${publicUrl}/api/stripe/cancel?session_id={CHECKOUT_SESSION_ID}`,
      };
      // Stripe answers a retried create with the same session.
      const session = await call("a session creation", () =>
        stripe().checkout.sessions.create(params, { idempotencyKey: `checkout-${reference}` }),
      );
      if (!session.url) throw new ProviderUnavailableError(`Checkout Session ${session.id} has no URL`);
      return { providerRef: session.id, checkout: { kind: "redirect", id: session.id, url: session.url } };
    },

    fetchOutcome,

    async cancel(sessionId) {
      try {
        await stripe().checkout.sessions.expire(sessionId);
        return { state: "expired" };
      } catch (error) {
        // Only an open session can be expired: otherwise it is paid, expired or unknown, which fetchOutcome tells.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return fetchOutcome(sessionId);
        throw new ProviderUnavailableError("Stripe did not answer a session expiry", { cause: error });
      }
    },

    async refund({ transactionId, amountMinor, key, part }) {
      const refund = await call("a refund", () =>
        stripe().refunds.create(
          { payment_intent: transactionId, ...(part ? { amount: amountMinor } : {}) },
          { idempotencyKey: key },
        ),
      );
      return refund.id;
    },

    async readWebhook({ headers, body }): Promise<WebhookResult> {
      const signature = headers["stripe-signature"];
      let event: Stripe.Event;
      try {
        // The signature covers the exact bytes Stripe sent: the route keeps this body raw.
        if (!Buffer.isBuffer(body) || typeof signature !== "string") throw new Error("No signed JSON body");
        event = Stripe.webhooks.constructEvent(body, signature, webhookSecret(settings));
      } catch {
        return { kind: "unverified" };
      }
      const note = `${event.type} ${event.id}`;
      switch (event.type) {
        case "checkout.session.completed":
        case "checkout.session.async_payment_succeeded": {
          const session = event.data.object;
          // A completed session may still be unpaid (a delayed method): its async_payment_succeeded comes later.
          if (session.payment_status !== "paid") return { kind: "ignored", note };
          return { kind: "outcome", providerRef: session.id, outcome: paidOutcome(session), note };
        }
        case "checkout.session.expired":
          return { kind: "outcome", providerRef: event.data.object.id, outcome: { state: "expired" }, note };
        case "checkout.session.async_payment_failed":
          return { kind: "outcome", providerRef: event.data.object.id, outcome: { state: "failed" }, note };
        default:
          return { kind: "ignored", note };
      }
    },
  };
}

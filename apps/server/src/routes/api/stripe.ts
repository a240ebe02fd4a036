import { and, eq } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import Stripe from "stripe";
import { z } from "zod";
import { orders, payments } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { closeUnpaidPayment } from "../../payments/fulfil-payment.ts";
import { startPayment } from "../../payments/start-payment.ts";
import {
  createCheckoutSession,
  fulfilPaidSession,
  retrieveCheckoutSession,
} from "../../payments/stripe/checkout-session.ts";
import { StripeUnavailableError, stripeClient, webhookSecret } from "../../payments/stripe/stripe-client.ts";
import { handleStripeEvent } from "../../payments/stripe/stripe-events.ts";
import { requireViewer, viewerOf } from "../viewer.ts";

export const STRIPE_UNAVAILABLE = "Card payments are unavailable right now. Please try again in a few minutes.";
const NOT_CONFIRMED =
  "We could not confirm your card payment with Stripe yet. If you were charged, your order will appear in My orders shortly.";
const CANCELLED_PAGE = "/payment-cancelled";

const required = (field: string) => ({ error: `${field} is required` });
const checkoutBody = z.object({
  final_amount: z.union([z.number(), z.string().trim().min(1)], required("final_amount")),
  currency: z.string(required("currency")).trim().min(1, required("currency").error),
  success_url: z.string(required("success_url")).trim().min(1, required("success_url").error),
  cancel_url: z.string(required("cancel_url")).trim().min(1, required("cancel_url").error),
  line_items: z
    .array(z.object({ name: z.string(), price: z.coerce.number(), quantity: z.coerce.number().int().positive() }))
    .optional(),
});
const sessionQuery = z.object({ session_id: z.string().trim().optional() });

/** Where the learner lands after paying: the page they asked for, told which order was made. */
function withOrder(url: string, orderId: number): string {
  const target = new URL(url);
  target.searchParams.set("order", String(orderId));
  return target.toString();
}

/** Stripe card payments: create a hosted Checkout Session, confirm it on return and by webhook. */
export const stripeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  const unavailable = (reply: FastifyReply, error: unknown, message = STRIPE_UNAVAILABLE): never => {
    reply.log.error({ err: error }, "Stripe call failed");
    throw new AppError("provider_unavailable", message);
  };

  const findPayment = async (sessionId: string | undefined) => {
    if (!sessionId) return undefined;
    const [payment] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, "stripe"), eq(payments.providerRef, sessionId)));
    return payment;
  };

  app.post(
    "/stripe/create-checkout-session",
    {
      onRequest: requireViewer,
      schema: {
        summary: "Start a card payment of the cart on Stripe Checkout",
        tags: ["payments"],
        body: checkoutBody,
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      if (!viewer) throw new Error("requireViewer let a visitor through");
      const { body } = request;
      const { publicUrl } = app.config;
      try {
        const session = await startPayment({
          db,
          userId: viewer.userId,
          provider: "stripe",
          storeCurrency: app.config.storeCurrency,
          publicUrl,
          client: {
            amount: body.final_amount,
            currency: body.currency,
            lineItems: body.line_items,
            successUrl: body.success_url,
            cancelUrl: body.cancel_url,
          },
          now: app.clock(),
          create: async (quote) => {
            const stripe = stripeClient(app);
            const created = await createCheckoutSession(stripe, {
              quote,
              userId: viewer.userId,
              email: viewer.user.email,
              publicUrl,
            });
            return { providerRef: created.id, result: created };
          },
        });
        return { status: true, message: "success", id: session.id, url: session.url };
      } catch (error) {
        if (error instanceof StripeUnavailableError) return unavailable(reply, error);
        throw error;
      }
    },
  );

  // Stripe sends the browser here after payment; the session, not the browser, says whether it was paid.
  app.get(
    "/stripe/return",
    { schema: { summary: "Stripe Checkout's success URL", tags: ["payments"], querystring: sessionQuery } },
    async (request, reply) => {
      const payment = await findPayment(request.query.session_id);
      if (!payment) return reply.redirect(CANCELLED_PAGE, 303);
      if (payment.status === "paid") {
        const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.paymentId, payment.id));
        if (order) return reply.redirect(withOrder(payment.successUrl, order.id), 303);
      }
      let session: Stripe.Checkout.Session | null;
      try {
        session = await retrieveCheckoutSession(stripeClient(app), payment.providerRef);
      } catch (error) {
        if (error instanceof StripeUnavailableError) return unavailable(reply, error, NOT_CONFIRMED);
        throw error;
      }
      if (!session) return reply.redirect(CANCELLED_PAGE, 303);
      if (session.payment_status !== "paid") return reply.redirect(payment.cancelUrl, 303);
      const order = await fulfilPaidSession(db, session, app.clock());
      return reply.redirect(withOrder(payment.successUrl, order.orderId), 303);
    },
  );

  app.get(
    "/stripe/cancel",
    { schema: { summary: "Stripe Checkout's cancel URL", tags: ["payments"], querystring: sessionQuery } },
    async (request, reply) => {
      const payment = await findPayment(request.query.session_id);
      if (!payment) return reply.redirect(CANCELLED_PAGE, 303);
      // Only a pending payment is closed: a webhook that already fulfilled or failed it wins.
      await closeUnpaidPayment(db, {
        provider: "stripe",
        providerRef: payment.providerRef,
        status: "cancelled",
        now: app.clock(),
      });
      return reply.redirect(payment.cancelUrl, 303);
    },
  );

  await app.register(async (webhooks) => {
    // The signature covers the exact bytes Stripe sent, so this route alone keeps the body raw.
    webhooks.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
      done(null, body),
    );
    webhooks.post(
      "/stripe/webhook",
      { schema: { summary: "Stripe's signed event notifications", tags: ["payments"] } },
      async (request, reply) => {
        const signature = request.headers["stripe-signature"];
        let event: Stripe.Event;
        try {
          if (!Buffer.isBuffer(request.body) || typeof signature !== "string") throw new Error("No signed JSON body");
          event = Stripe.webhooks.constructEvent(request.body, signature, webhookSecret(app.config));
        } catch (error) {
          request.log.warn({ err: error }, "Stripe webhook refused");
          return reply.status(400).send({ status: false, message: "Invalid Stripe signature." });
        }
        try {
          const outcome = await handleStripeEvent(db, event, app.clock());
          request.log.info({ event: event.id, type: event.type, outcome }, "Stripe webhook");
        } catch (error) {
          // Redelivery cannot fix an unknown session or a wrong amount: record it once and acknowledge.
          // Anything else (the database down) answers 500, and Stripe delivers again later.
          if (!(error instanceof AppError && (error.code === "not_found" || error.code === "conflict"))) throw error;
          request.log.error({ err: error, event: event.id, type: event.type }, "Stripe webhook not applied");
        }
        return { status: true, message: "received", received: true };
      },
    );
  });
};

import { okEnvelope } from "@skillshelf/shared/api.ts";
import { declaredBilling, optionalBillingFields } from "@skillshelf/shared/tax.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import { apiRoute } from "../../operations/api-route.ts";
import { sendError } from "../../operations/envelope.ts";
import { startPaymentOperation } from "../../operations/payments.ts";
import { ProviderUnavailableError } from "../../payments/gateway.ts";
import {
  applyNotification,
  closeByLearner,
  findPayment,
  landing,
  settleWithProvider,
} from "../../payments/settle-payment.ts";
import { answers, PUBLIC, redirects } from "./openapi.ts";

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
  // Who is billed (CONTRACT s.7): without billing_country, the learner's last one.
  ...optionalBillingFields,
});
const sessionQuery = z.object({ session_id: z.string().trim().optional() });

/** Stripe card payments: create a hosted Checkout Session, confirm it on return and by webhook. */
export const stripeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payments } = app;
  const stripe = payments.gateways.stripe;

  apiRoute(app, startPaymentOperation, {
    method: "POST",
    url: "/stripe/create-checkout-session",
    schema: {
      summary: "Start a card payment of the cart on Stripe Checkout (the open one again for an unchanged cart)",
      tags: ["payments"],
      body: checkoutBody,
      response: answers(
        okEnvelope({
          id: z.string().describe("the Checkout Session's id"),
          url: z.string().describe("where to pay"),
        }),
      ),
    },
    input: ({ body }) => ({
      provider: "stripe" as const,
      amount: body.final_amount,
      currency: body.currency,
      lineItems: body.line_items,
      successUrl: body.success_url,
      cancelUrl: body.cancel_url,
      billing: declaredBilling(body),
    }),
    answer: ({ data: checkout }) => {
      if (checkout.kind !== "redirect") throw new Error("Stripe handed out a form");
      return { id: checkout.id, url: checkout.url };
    },
  });

  // Stripe sends the browser here after payment; the session, not the browser, says whether it was paid.
  app.get(
    "/stripe/return",
    {
      schema: {
        summary: "Stripe Checkout's success URL",
        tags: ["payments"],
        querystring: sessionQuery,
        ...PUBLIC,
        response: redirects("To the payment's result page (or /payment-cancelled for an unknown session)"),
      },
    },
    async (request, reply) => {
      const { session_id: id } = request.query;
      const payment = id ? await findPayment(payments, "stripe", id) : null;
      if (!payment) return reply.redirect(CANCELLED_PAGE, 303);
      try {
        return reply.redirect(landing(payment, await settleWithProvider(payments, payment)), 303);
      } catch (error) {
        if (!(error instanceof ProviderUnavailableError)) throw error;
        request.log.error({ err: error }, "Stripe did not confirm a return");
        throw new AppError("provider_unavailable", NOT_CONFIRMED);
      }
    },
  );

  app.get(
    "/stripe/cancel",
    {
      schema: {
        summary: "Stripe Checkout's cancel URL",
        tags: ["payments"],
        querystring: sessionQuery,
        ...PUBLIC,
        response: redirects("To /payment-cancelled (or the order, when it was paid meanwhile)"),
      },
    },
    async (request, reply) => {
      const { session_id: id } = request.query;
      const payment = id ? await findPayment(payments, "stripe", id) : null;
      if (!payment) return reply.redirect(CANCELLED_PAGE, 303);
      return reply.redirect(landing(payment, await closeByLearner(payments, payment)), 303);
    },
  );

  await app.register(async (webhooks) => {
    // The signature covers the exact bytes Stripe sent, so this route alone keeps the body raw.
    webhooks.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
      done(null, body),
    );
    webhooks.post(
      "/stripe/webhook",
      {
        schema: {
          summary: "Stripe's signed event notifications (checked by their Stripe-Signature header)",
          tags: ["payments"],
          ...PUBLIC,
          response: answers(okEnvelope({ received: z.literal(true) })),
        },
      },
      async (request, reply) => {
        const result = await stripe.readWebhook?.({ headers: request.headers, body: request.body });
        if (!result || result.kind === "unverified") {
          request.log.warn("Stripe webhook refused: no valid signature");
          return sendError(reply, 400, "Invalid Stripe signature.");
        }
        // Anything that throws here (the database down) answers 500, and Stripe delivers again later.
        if (result.kind === "outcome") await applyNotification(payments, "stripe", result);
        return { status: true, message: "received", received: true };
      },
    );
  });
};

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
  type Settlement,
  settleWithProvider,
} from "../../payments/settle-payment.ts";
import { answers, DONE, PUBLIC, redirects } from "./openapi.ts";

const required = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`);

/** PayPal: create a payment, confirm it on return (capture) and by webhook. */
export const paypalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payments } = app;
  const paypal = payments.gateways.paypal;
  const { publicUrl } = app.config;

  apiRoute(app, startPaymentOperation, {
    method: "POST",
    url: "/paypal/payment",
    schema: {
      summary:
        "Create a PayPal order for the cart (the open one again for an unchanged cart); approve it at links[rel=approval_url]",
      tags: ["payments"],
      body: z.object({
        final_amount: z.union([z.number(), z.string()], { error: "final_amount is required" }),
        currency_code: required("currency_code"),
        success_url: required("success_url"),
        cancel_url: required("cancel_url"),
        // Sent by the client but never trusted: PayPal's items are built from the cart.
        item_name: z.string().optional(),
        custom: z.string().optional(),
        ...optionalBillingFields,
      }),
      response: answers(
        okEnvelope({
          links: z.array(z.object({ rel: z.string(), href: z.string() })).describe("approval_url: where to approve"),
        }),
      ),
    },
    input: ({ body }) => ({
      provider: "paypal" as const,
      amount: body.final_amount,
      currency: body.currency_code,
      successUrl: body.success_url,
      cancelUrl: body.cancel_url,
      billing: declaredBilling(body),
    }),
    answer: ({ data: checkout }) => {
      if (checkout.kind !== "redirect") throw new Error("PayPal handed out a form");
      return { links: [{ rel: "approval_url", href: checkout.url }] };
    },
  });

  const tokenQuery = z.object({ token: z.string().optional(), PayerID: z.string().optional() });

  /**
   * The payer approved and PayPal sent them back: the capture makes the order
   * only when it COMPLETED for exactly the payment's amount. A reload does
   * not capture twice: a paid payment goes straight to its order.
   */
  app.get(
    "/paypal/return",
    {
      schema: {
        summary: "PayPal sends the payer back here after approval",
        tags: ["payments"],
        querystring: tokenQuery,
        ...PUBLIC,
        response: redirects("To the payment's result page (or /payment-cancelled for an unknown order)"),
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      const payment = token ? await findPayment(payments, "paypal", token) : null;
      if (!payment) return reply.redirect(`${publicUrl}/payment-cancelled`, 303);
      let settlement: Settlement;
      try {
        settlement = await settleWithProvider(payments, payment);
      } catch (error) {
        if (!(error instanceof ProviderUnavailableError)) throw error;
        // The capture may or may not have happened: the webhook or the reconciler settles it.
        request.log.error({ err: error, orderId: token }, "PayPal capture outcome unknown");
        settlement = { kind: "open" };
      }
      return reply.redirect(landing(payment, settlement), 303);
    },
  );

  app.get(
    "/paypal/cancel",
    {
      schema: {
        summary: "PayPal sends the payer back here on cancel",
        tags: ["payments"],
        querystring: tokenQuery,
        ...PUBLIC,
        response: redirects("To /payment-cancelled (or the order, when it was paid meanwhile)"),
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      const payment = token ? await findPayment(payments, "paypal", token) : null;
      if (!payment) return reply.redirect(`${publicUrl}/payment-cancelled`, 303);
      return reply.redirect(landing(payment, await closeByLearner(payments, payment)), 303);
    },
  );

  app.post(
    "/paypal/webhook",
    {
      schema: {
        summary: "PayPal webhook deliveries, verified with PayPal before use",
        tags: ["payments"],
        ...PUBLIC,
        response: answers(DONE),
      },
    },
    async (request, reply) => {
      let result: Awaited<ReturnType<NonNullable<typeof paypal.readWebhook>>> | undefined;
      try {
        result = await paypal.readWebhook?.({ headers: request.headers, body: request.body });
      } catch (error) {
        if (!(error instanceof ProviderUnavailableError)) throw error;
        // PayPal retries a delivery that is not acknowledged, so a later attempt can be verified.
        request.log.error({ err: error }, "PayPal webhook could not be verified now");
        throw new AppError("provider_unavailable", paypal.unavailableMessage);
      }
      if (!result || result.kind === "unverified") {
        return sendError(reply, 400, "The webhook could not be verified.");
      }
      // PayPal retries on any non-2xx answer, so an event the store cannot use is acknowledged, not refused.
      if (result.kind === "ignored") return { status: true, message: "Webhook ignored." };
      const applied = await applyNotification(payments, "paypal", result);
      return { status: true, message: applied ? "Webhook processed." : "Webhook ignored." };
    },
  );
};

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import { PaypalClient, PaypalError } from "../../payments/paypal/paypal-client.ts";
import { cancelPaypalReturn, confirmPaypalReturn } from "../../payments/paypal/paypal-return.ts";
import { paypalSettings } from "../../payments/paypal/paypal-settings.ts";
import { receivePaypalWebhook } from "../../payments/paypal/receive-paypal-webhook.ts";
import { startPaypalPayment } from "../../payments/paypal/start-paypal-payment.ts";
import { requireViewer, viewerOf } from "../viewer.ts";

export const PAYPAL_UNAVAILABLE =
  "PayPal is not available right now. Please try again or choose another payment method.";

const required = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`);

/** PayPal: create a payment, confirm it on return (capture) and by webhook. */
export const paypalRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = paypalSettings(app);
  const paypal = new PaypalClient(settings);
  const { db } = app.database;
  const { publicUrl, storeCurrency } = app.config;

  app.post(
    "/paypal/payment",
    {
      onRequest: requireViewer,
      schema: {
        summary: "Create a PayPal order for the cart; the payer approves it at links[rel=approval_url]",
        tags: ["payments"],
        body: z.object({
          final_amount: z.union([z.number(), z.string()], { error: "final_amount is required" }),
          currency_code: required("currency_code"),
          success_url: required("success_url"),
          cancel_url: required("cancel_url"),
          // Sent by the client but never trusted: PayPal's items are built from the cart.
          item_name: z.string().optional(),
          custom: z.string().optional(),
        }),
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      if (!viewer) throw new Error("requireViewer let a visitor through");
      const { body } = request;
      try {
        const { approvalUrl } = await startPaypalPayment({
          db,
          paypal,
          userId: viewer.userId,
          storeCurrency,
          publicUrl,
          client: {
            amount: body.final_amount,
            currency: body.currency_code,
            successUrl: body.success_url,
            cancelUrl: body.cancel_url,
          },
          now: app.clock(),
        });
        return { status: true, message: "success", links: [{ rel: "approval_url", href: approvalUrl }] };
      } catch (error) {
        if (!(error instanceof PaypalError)) throw error;
        request.log.error({ err: error }, "PayPal order not created");
        throw new AppError("provider_unavailable", PAYPAL_UNAVAILABLE);
      }
    },
  );

  const tokenQuery = z.object({ token: z.string().optional(), PayerID: z.string().optional() });

  app.get(
    "/paypal/return",
    {
      schema: {
        summary: "PayPal sends the payer back here after approval",
        tags: ["payments"],
        querystring: tokenQuery,
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      const location = token
        ? await confirmPaypalReturn({ db, paypal, orderId: token, publicUrl, now: app.clock(), log: request.log })
        : `${publicUrl}/payment-cancelled`;
      return reply.redirect(location, 303);
    },
  );

  app.get(
    "/paypal/cancel",
    { schema: { summary: "PayPal sends the payer back here on cancel", tags: ["payments"], querystring: tokenQuery } },
    async (request, reply) => {
      const { token } = request.query;
      const location = token
        ? await cancelPaypalReturn({ db, orderId: token, publicUrl, now: app.clock() })
        : `${publicUrl}/payment-cancelled`;
      return reply.redirect(location, 303);
    },
  );

  app.post(
    "/paypal/webhook",
    { schema: { summary: "PayPal webhook deliveries, verified with PayPal before use", tags: ["payments"] } },
    async (request, reply) => {
      try {
        const outcome = await receivePaypalWebhook({
          db,
          paypal,
          webhookId: settings.webhookId,
          headers: request.headers,
          event: request.body,
          now: app.clock(),
          log: request.log,
        });
        if (outcome === "unverified") {
          return reply.status(400).send({ status: false, message: "The webhook could not be verified." });
        }
        return { status: true, message: outcome === "processed" ? "Webhook processed." : "Webhook ignored." };
      } catch (error) {
        if (!(error instanceof PaypalError)) throw error;
        // PayPal retries a delivery that is not acknowledged, so a later attempt can be verified.
        request.log.error({ err: error }, "PayPal webhook could not be verified now");
        throw new AppError("provider_unavailable", PAYPAL_UNAVAILABLE);
      }
    },
  );
};

import { decimalAmount } from "@skillshelf/shared/money.ts";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { PaymentGateway, ProviderOutcome, WebhookResult } from "../gateway.ts";
import { ProviderUnavailableError } from "../gateway.ts";
import type { PaypalSettings } from "../provider-settings.ts";
import { PaypalClient, PaypalError, type PaypalOrder } from "./paypal-client.ts";
import { approvalHref, captureOf, minorOfPaypalMoney, paypalOrderBody } from "./paypal-order-body.ts";

const PAYPAL_UNAVAILABLE = "PayPal is not available right now. Please try again or choose another payment method.";

/** PayPal drops an order the payer has not approved after three hours. */
const ORDER_LIFETIME_MS = 3 * 3600_000;

const eventSchema = z.object({
  id: z.string(),
  event_type: z.string(),
  resource: z.object({
    id: z.string(),
    status: z.string().optional(),
    amount: z.object({ currency_code: z.string(), value: z.string() }).optional(),
    supplementary_data: z.object({ related_ids: z.object({ order_id: z.string().optional() }) }).optional(),
  }),
});

/** PayPal unreachable or failing (5xx) decided nothing; a 4xx is PayPal's answer. */
const unavailable = (error: unknown) =>
  error instanceof PaypalError && (error.status === null || error.status >= 500)
    ? new ProviderUnavailableError(error.message, { cause: error })
    : null;

/** What an order's capture means; an order is paid only by a COMPLETED capture. */
function outcomeOfOrder(order: PaypalOrder): ProviderOutcome {
  const capture = captureOf(order);
  if (order.status === "COMPLETED" && capture) {
    if (capture.status === "COMPLETED" || capture.status === "PARTIALLY_REFUNDED" || capture.status === "REFUNDED") {
      return {
        state: "paid",
        amountMinor: minorOfPaypalMoney(capture.amount) ?? -1,
        currency: capture.amount?.currency_code ?? "",
        transactionId: capture.id,
        payerCountry: order.payer?.address?.country_code ?? null,
      };
    }
    // PENDING: PayPal holds the money for review and reports the outcome by webhook.
    return capture.status === "PENDING" ? { state: "open" } : { state: "failed" };
  }
  if (order.status === "VOIDED") return { state: "expired" };
  return { state: "open" };
}

/** PayPal Orders v2: the payer approves on PayPal, the store captures; verified webhooks. */
export function paypalGateway(
  settings: PaypalSettings,
  { publicUrl, log }: { publicUrl: string; log: FastifyBaseLogger },
): PaymentGateway {
  const paypal = new PaypalClient(settings);

  const getOrder = async (orderId: string): Promise<PaypalOrder | null> => {
    try {
      return await paypal.getOrder(orderId);
    } catch (error) {
      // PayPal forgets orders that were never approved: nothing can be paid on them any more.
      if (error instanceof PaypalError && error.status === 404) return null;
      throw unavailable(error) ?? error;
    }
  };

  /** Captures once: the request id makes PayPal answer a repeat with the first capture's result. */
  const capture = async (orderId: string): Promise<ProviderOutcome> => {
    try {
      return outcomeOfOrder(await paypal.captureOrder(orderId, `capture-${orderId}`));
    } catch (error) {
      if (error instanceof PaypalError && error.issue === "ORDER_ALREADY_CAPTURED") {
        const order = await getOrder(orderId);
        return order ? outcomeOfOrder(order) : { state: "expired" };
      }
      const down = unavailable(error);
      if (down) throw down;
      if (!(error instanceof PaypalError)) throw error;
      // PayPal refused the capture (declined instrument, order not approved): no money moved.
      log.warn({ err: error, orderId }, "PayPal refused the capture");
      return { state: "failed" };
    }
  };

  return {
    provider: "paypal",
    unavailableMessage: PAYPAL_UNAVAILABLE,
    checkoutLifetimeMs: ORDER_LIFETIME_MS,

    async createCheckout({ reference, quote, buyer }) {
      const body = paypalOrderBody(quote, {
        language: buyer.language,
        reference,
        // PayPal comes back to the store, which captures and then sends the learner to success_url or cancel_url.
        returnUrl: `${publicUrl}/api/paypal/return`,
        cancelUrl: `${publicUrl}/api/paypal/cancel`,
        brandName: "Skillshelf",
      });
      try {
        // The request id makes a retried create return the same order instead of a second one.
        const order = await paypal.createOrder(body, `create-${reference}`);
        const url = approvalHref(order);
        if (!url) throw new ProviderUnavailableError(`PayPal order ${order.id} came without an approval link`);
        return { providerRef: order.id, checkout: { kind: "redirect", id: order.id, url } };
      } catch (error) {
        if (error instanceof PaypalError) throw new ProviderUnavailableError(error.message, { cause: error });
        throw error;
      }
    },

    async fetchOutcome(orderId) {
      const order = await getOrder(orderId);
      if (!order) return { state: "expired" };
      // Approved but not captured: the payer paid and left before coming back; the capture finishes it.
      if (order.status === "APPROVED") return capture(orderId);
      return outcomeOfOrder(order);
    },

    async cancel(orderId) {
      // An order with intent CAPTURE moves no money until the store captures it, which it now never will.
      const order = await getOrder(orderId);
      const outcome = order ? outcomeOfOrder(order) : { state: "expired" as const };
      return outcome.state === "paid" ? outcome : { state: "cancelled" };
    },

    async refund({ transactionId, amountMinor, currency, key, part }) {
      try {
        const amount = part ? { currency_code: currency, value: decimalAmount(amountMinor, currency) } : undefined;
        return (await paypal.refundCapture(transactionId, key, amount)).id;
      } catch (error) {
        throw new ProviderUnavailableError(`PayPal refused the refund: ${(error as Error).message}`, { cause: error });
      }
    },

    /**
     * Nothing in a delivery is trusted until PayPal itself confirms the
     * transmission (verify-webhook-signature).
     */
    async readWebhook({ headers, body }): Promise<WebhookResult> {
      const header = (name: string) => {
        const value = headers[name];
        return typeof value === "string" && value !== "" ? value : null;
      };
      const transmission_id = header("paypal-transmission-id");
      const transmission_time = header("paypal-transmission-time");
      const transmission_sig = header("paypal-transmission-sig");
      const cert_url = header("paypal-cert-url");
      const auth_algo = header("paypal-auth-algo");
      if (!transmission_id || !transmission_time || !transmission_sig || !cert_url || !auth_algo) {
        return { kind: "unverified" };
      }
      let verified: boolean;
      try {
        verified = await paypal.verifyWebhookSignature({
          transmission_id,
          transmission_time,
          transmission_sig,
          cert_url,
          auth_algo,
          webhook_id: settings.webhookId,
          webhook_event: body,
        });
      } catch (error) {
        const down = unavailable(error);
        if (down) throw down;
        // PayPal refusing the verification request itself (a malformed event) is as good as a failed signature.
        if (!(error instanceof PaypalError)) throw error;
        return { kind: "unverified" };
      }
      if (!verified) return { kind: "unverified" };

      const parsed = eventSchema.safeParse(body);
      const orderId = parsed.data?.resource.supplementary_data?.related_ids.order_id;
      if (!parsed.success || !orderId) return { kind: "ignored", note: "not about an order" };
      const { event_type: type, resource } = parsed.data;
      const note = `${type} ${parsed.data.id}`;
      if (type === "PAYMENT.CAPTURE.COMPLETED" && resource.status === "COMPLETED") {
        const outcome: ProviderOutcome = {
          state: "paid",
          amountMinor: minorOfPaypalMoney(resource.amount) ?? -1,
          currency: resource.amount?.currency_code ?? "",
          transactionId: resource.id,
        };
        return { kind: "outcome", providerRef: orderId, outcome, note };
      }
      if (type === "PAYMENT.CAPTURE.DENIED" || type === "PAYMENT.CAPTURE.DECLINED") {
        return { kind: "outcome", providerRef: orderId, outcome: { state: "failed" }, note };
      }
      return { kind: "ignored", note };
    },
  };
}

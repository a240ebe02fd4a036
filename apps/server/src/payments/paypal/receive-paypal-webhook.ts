import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { closeUnpaidPayment, fulfilPayment } from "../fulfil-payment.ts";
import { type PaypalClient, PaypalError } from "./paypal-client.ts";
import { minorOfPaypalMoney } from "./paypal-order-body.ts";

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

export type WebhookOutcome = "unverified" | "processed" | "ignored";

/**
 * A webhook delivery: nothing in it is trusted until PayPal itself confirms
 * the transmission (verify-webhook-signature). A completed capture then runs
 * the one fulfilment, which is idempotent and safe against the return and
 * other deliveries racing it. PayPal retries on any non-2xx answer, so an
 * event the store cannot use is acknowledged ("ignored"), not refused.
 */
export async function receivePaypalWebhook(options: {
  db: Db;
  paypal: PaypalClient;
  webhookId: string;
  headers: Record<string, string | string[] | undefined>;
  event: unknown;
  now: Date;
  log: FastifyBaseLogger;
}): Promise<WebhookOutcome> {
  const { db, log } = options;
  const header = (name: string) => {
    const value = options.headers[name];
    return typeof value === "string" && value !== "" ? value : null;
  };
  const transmission = {
    transmission_id: header("paypal-transmission-id"),
    transmission_time: header("paypal-transmission-time"),
    transmission_sig: header("paypal-transmission-sig"),
    cert_url: header("paypal-cert-url"),
    auth_algo: header("paypal-auth-algo"),
  };
  const { transmission_id, transmission_time, transmission_sig, cert_url, auth_algo } = transmission;
  if (!transmission_id || !transmission_time || !transmission_sig || !cert_url || !auth_algo) return "unverified";
  let verified: boolean;
  try {
    verified = await options.paypal.verifyWebhookSignature({
      transmission_id,
      transmission_time,
      transmission_sig,
      cert_url,
      auth_algo,
      webhook_id: options.webhookId,
      webhook_event: options.event,
    });
  } catch (error) {
    // PayPal refusing the verification request itself (a malformed event) is as good as a failed signature.
    if (!(error instanceof PaypalError) || error.status === null || error.status >= 500) throw error;
    log.warn({ err: error }, "PayPal refused to verify a webhook");
    return "unverified";
  }
  if (!verified) return "unverified";

  const parsed = eventSchema.safeParse(options.event);
  const orderId = parsed.data?.resource.supplementary_data?.related_ids.order_id;
  if (!parsed.success || !orderId) return "ignored";
  const { event_type: type, resource } = parsed.data;

  if (type === "PAYMENT.CAPTURE.COMPLETED" && resource.status === "COMPLETED") {
    const paid = minorOfPaypalMoney(resource.amount);
    if (paid === null || !resource.amount) {
      log.error({ event: parsed.data.id }, "PayPal capture webhook without a readable amount");
      return "ignored";
    }
    try {
      await fulfilPayment(db, {
        provider: "paypal",
        providerRef: orderId,
        amountMinor: paid,
        currency: resource.amount.currency_code,
        transactionId: resource.id,
        now: options.now,
      });
      return "processed";
    } catch (error) {
      // Not a payment of this store, or not its amount: a retry would not change that.
      if (!(error instanceof AppError)) throw error;
      log.error({ err: error, orderId, amount: resource.amount }, "PayPal capture webhook not fulfilled");
      return "ignored";
    }
  }
  if (type === "PAYMENT.CAPTURE.DENIED" || type === "PAYMENT.CAPTURE.DECLINED") {
    await closeUnpaidPayment(db, { provider: "paypal", providerRef: orderId, status: "failed", now: options.now });
    return "processed";
  }
  return "ignored";
}

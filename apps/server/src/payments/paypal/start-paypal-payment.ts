import { randomBytes } from "node:crypto";
import type { Db } from "../../db/client.ts";
import { startPayment } from "../start-payment.ts";
import { type PaypalClient, PaypalError } from "./paypal-client.ts";
import { approvalHref, paypalOrderBody } from "./paypal-order-body.ts";

/**
 * Creates a PayPal order for the learner's cart and records the pending
 * payment under PayPal's order id; returns where the payer approves it.
 */
export async function startPaypalPayment(options: {
  db: Db;
  paypal: PaypalClient;
  userId: number;
  storeCurrency: string;
  publicUrl: string;
  client: { amount: number | string; currency: string; successUrl: string; cancelUrl: string };
  now: Date;
}): Promise<{ approvalUrl: string }> {
  const { paypal, publicUrl } = options;
  return startPayment({
    db: options.db,
    userId: options.userId,
    provider: "paypal",
    storeCurrency: options.storeCurrency,
    publicUrl,
    client: options.client,
    now: options.now,
    create: async (quote) => {
      const reference = `skillshelf-u${options.userId}-${randomBytes(6).toString("hex")}`;
      const body = paypalOrderBody(quote, {
        reference,
        // PayPal comes back to the store, which captures and then sends the learner to success_url or cancel_url.
        returnUrl: `${publicUrl}/api/paypal/return`,
        cancelUrl: `${publicUrl}/api/paypal/cancel`,
        brandName: "Skillshelf",
      });
      // The request id makes a retried create return the same order instead of a second one.
      const order = await paypal.createOrder(body, `create-${reference}`);
      const approvalUrl = approvalHref(order);
      if (!approvalUrl) throw new PaypalError(`PayPal order ${order.id} came without an approval link`, 201);
      return { providerRef: order.id, result: { approvalUrl } };
    },
  });
}

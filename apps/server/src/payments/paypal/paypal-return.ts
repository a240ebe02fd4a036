import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { orders, payments } from "../../db/schema/index.ts";
import { closeUnpaidPayment, fulfilPayment } from "../fulfil-payment.ts";
import { type PaypalClient, PaypalError, type PaypalOrder } from "./paypal-client.ts";
import { captureOf, minorOfPaypalMoney } from "./paypal-order-body.ts";

interface ReturnOptions {
  db: Db;
  /** PayPal's order id, the `token` of the return and cancel URLs. */
  orderId: string;
  publicUrl: string;
  now: Date;
}

async function findPayment(db: Db, orderId: string) {
  const [payment] = await db
    .select({
      id: payments.id,
      status: payments.status,
      amountMinor: payments.amountMinor,
      currency: payments.currency,
      successUrl: payments.successUrl,
      cancelUrl: payments.cancelUrl,
    })
    .from(payments)
    .where(and(eq(payments.provider, "paypal"), eq(payments.providerRef, orderId)));
  return payment ?? null;
}

function withOrder(successUrl: string, orderId: number): string {
  const url = new URL(successUrl);
  url.searchParams.set("order", String(orderId));
  return url.toString();
}

/**
 * The payer approved and PayPal sent them back: capture the order and make
 * the order only when the capture COMPLETED for exactly the amount of the
 * payment. Returns where to send the learner. A reload does not capture
 * twice: a paid payment goes straight to its order, and the capture request
 * id makes PayPal answer a repeat with the first result.
 */
export async function confirmPaypalReturn(
  options: ReturnOptions & { paypal: PaypalClient; log: FastifyBaseLogger },
): Promise<string> {
  const { db, orderId, log } = options;
  const payment = await findPayment(db, orderId);
  if (!payment) return `${options.publicUrl}/payment-cancelled`;
  if (payment.status === "paid") {
    const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.paymentId, payment.id));
    return order ? withOrder(payment.successUrl, order.id) : payment.cancelUrl;
  }
  let order: PaypalOrder;
  try {
    order = await captureOnce(options.paypal, orderId);
  } catch (error) {
    if (!(error instanceof PaypalError)) throw error;
    if (error.status === null || error.status >= 500) {
      // The capture may or may not have happened: leave the payment pending for the webhook to settle.
      log.error({ err: error, orderId }, "PayPal capture outcome unknown");
      return payment.cancelUrl;
    }
    log.warn({ err: error, orderId }, "PayPal refused the capture");
    await closeUnpaidPayment(db, { provider: "paypal", providerRef: orderId, status: "failed", now: options.now });
    return payment.cancelUrl;
  }
  const capture = captureOf(order);
  const paid = minorOfPaypalMoney(capture?.amount);
  if (
    capture?.status === "COMPLETED" &&
    paid === payment.amountMinor &&
    capture.amount?.currency_code.toUpperCase() === payment.currency
  ) {
    const made = await fulfilPayment(db, {
      provider: "paypal",
      providerRef: orderId,
      amountMinor: paid,
      currency: payment.currency,
      transactionId: capture.id,
      now: options.now,
    });
    return withOrder(payment.successUrl, made.orderId);
  }
  if (capture?.status === "PENDING") {
    // PayPal holds the money for review and reports the outcome by webhook; nothing to close yet.
    log.info({ orderId }, "PayPal capture pending");
    return payment.cancelUrl;
  }
  log.warn({ orderId, capture }, "PayPal capture not counted: not COMPLETED, or not the payment's amount");
  await closeUnpaidPayment(db, { provider: "paypal", providerRef: orderId, status: "failed", now: options.now });
  return payment.cancelUrl;
}

async function captureOnce(paypal: PaypalClient, orderId: string): Promise<PaypalOrder> {
  try {
    return await paypal.captureOrder(orderId, `capture-${orderId}`);
  } catch (error) {
    // Captured already (by an earlier request whose answer was lost): read the order instead.
    if (error instanceof PaypalError && error.issue === "ORDER_ALREADY_CAPTURED") return paypal.getOrder(orderId);
    throw error;
  }
}

/** The payer cancelled on PayPal: no order, and the cart stays. */
export async function cancelPaypalReturn(options: ReturnOptions): Promise<string> {
  const payment = await findPayment(options.db, options.orderId);
  if (!payment) return `${options.publicUrl}/payment-cancelled`;
  await closeUnpaidPayment(options.db, {
    provider: "paypal",
    providerRef: options.orderId,
    status: "cancelled",
    now: options.now,
  });
  return payment.cancelUrl;
}

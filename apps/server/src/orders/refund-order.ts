import { MONEY_BACK_DAYS } from "@skillshelf/shared/constants.ts";
import { formatMoney } from "@skillshelf/shared/money.ts";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { entitlements, orders, payments } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import { SECURITY_EVENTS, securityEvent } from "../lib/security-events.ts";

export const REFUND_WINDOW_MS = MONEY_BACK_DAYS * 24 * 3600_000;

/**
 * Refunds an order within the money-back guarantee through the provider that
 * took the payment, records it, and takes back the access it granted. The
 * order is claimed ("pending") by one conditional update before the provider
 * is called, so of two refunds at once only one reaches the provider; a
 * provider failure releases the claim.
 */
export async function refundOrder(
  app: FastifyInstance,
  orderId: number,
  audit: { actorId: number; log: FastifyBaseLogger },
): Promise<{ refundRef: string }> {
  const { db } = app.database;
  const now = app.clock();
  const [claimed] = await db
    .update(orders)
    .set({ refundState: "pending" })
    .where(
      and(
        eq(orders.id, orderId),
        isNull(orders.refundState),
        gt(orders.createdAt, new Date(now.getTime() - REFUND_WINDOW_MS)),
      ),
    )
    .returning({
      id: orders.id,
      paymentId: orders.paymentId,
      transactionId: orders.transactionId,
      amountMinor: orders.amountMinor,
    });
  if (!claimed) {
    const [order] = await db.select({ refundState: orders.refundState }).from(orders).where(eq(orders.id, orderId));
    if (!order) throw new AppError("not_found", "Order not found");
    if (order.refundState === "refunded") throw new AppError("conflict", "This order has already been refunded.");
    if (order.refundState === "pending")
      throw new AppError("conflict", "A refund of this order is already in progress.");
    throw new AppError("conflict", `The ${MONEY_BACK_DAYS}-day money-back guarantee for this order has ended.`);
  }
  const [payment] = await db
    .select({ provider: payments.provider, currency: payments.currency })
    .from(payments)
    .where(eq(payments.id, claimed.paymentId));
  if (!payment) throw new Error(`order ${orderId} has no payment`);
  let refundRef: string;
  try {
    // The key names this order's refund, so a retry is never paid twice.
    refundRef = await app.payments.gateways[payment.provider].refund({
      transactionId: claimed.transactionId,
      amountMinor: claimed.amountMinor,
      currency: payment.currency,
      key: `refund-${claimed.id}`,
    });
  } catch (error) {
    await db.update(orders).set({ refundState: null }).where(eq(orders.id, orderId));
    audit.log.error({ err: error, order: orderId }, "refund failed at the provider");
    securityEvent(
      audit.log,
      SECURITY_EVENTS.orderRefundFailed,
      { orderId, actorId: audit.actorId, provider: payment.provider },
      "warn",
    );
    throw new AppError(
      "provider_unavailable",
      "The payment provider did not accept the refund. Nothing was refunded; try again later.",
    );
  }
  await db.transaction(async (tx) => {
    await tx
      .update(orders)
      .set({ refundState: "refunded", refundedAt: now, refundRef, paymentStatus: "Refunded" })
      .where(eq(orders.id, orderId));
    await tx
      .update(entitlements)
      .set({ revokedAt: now })
      .where(and(eq(entitlements.orderId, orderId), isNull(entitlements.revokedAt)));
  });
  securityEvent(audit.log, SECURITY_EVENTS.orderRefunded, {
    orderId,
    actorId: audit.actorId,
    provider: payment.provider,
    amount: formatMoney(claimed.amountMinor, payment.currency),
    refundRef,
  });
  return { refundRef };
}

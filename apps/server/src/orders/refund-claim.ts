import { MONEY_BACK_DAYS } from "@skillshelf/shared/constants.ts";
import { valuedMessage } from "@skillshelf/shared/i18n/valued-messages.ts";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { orders } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import { REFUND_WINDOW_MS, refundDeadline } from "./money-back.ts";

/**
 * Claims the order for one refund ("pending") by one conditional update while the money-back
 * guarantee runs, so that of refunds at once (whole or of seats) only one reaches the provider;
 * the others get 409 saying why. `releaseRefund` gives the claim back when the refund fails.
 */
export async function claimRefund(db: DbOrTx, options: { orderId: number; ownerId?: number; now: Date }) {
  const { orderId, ownerId, now } = options;
  const owned = ownerId === undefined ? undefined : eq(orders.userId, ownerId);
  const [claimed] = await db
    .update(orders)
    .set({ refundState: "pending" })
    .where(
      and(
        eq(orders.id, orderId),
        owned,
        isNull(orders.refundState),
        gt(orders.createdAt, new Date(now.getTime() - REFUND_WINDOW_MS)),
      ),
    )
    .returning({
      id: orders.id,
      userId: orders.userId,
      orderNumber: orders.orderNumber,
      paymentId: orders.paymentId,
      paymentMethod: orders.paymentMethod,
      transactionId: orders.transactionId,
      currency: orders.currency,
      amountMinor: orders.amountMinor,
      seatsRefundedMinor: orders.seatsRefundedMinor,
      invoiceNumber: orders.invoiceNumber,
    });
  if (claimed) return claimed;
  const [order] = await db
    .select({ refundState: orders.refundState, createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.id, orderId), owned));
  if (!order) throw new AppError("not_found", "Order not found");
  if (order.refundState === "refunded") throw new AppError("conflict", "This order has already been refunded.");
  if (order.refundState === "pending") throw new AppError("conflict", "A refund of this order is already in progress.");
  throw new AppError(
    "conflict",
    valuedMessage("refundEnded", { days: MONEY_BACK_DAYS, moment: refundDeadline(order.createdAt) }),
  );
}

/** Gives back a claim `claimRefund` took, when its refund did not happen. */
export async function releaseRefund(db: DbOrTx, orderId: number): Promise<void> {
  await db.update(orders).set({ refundState: null }).where(eq(orders.id, orderId));
}

import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { lockUsableCoupon } from "../cart/pricing.ts";
import type { DbOrTx } from "../db/client.ts";
import { cartCoupons, couponRedemptions, coupons, orderLines, orders, type payments } from "../db/schema/index.ts";

type Payment = typeof payments.$inferSelect;

const creditedLinesOf = (payment: Payment) => payment.lines.flatMap((line) => line.creditedLineIds ?? []);

/**
 * Locks what a payment's price relied on and checks it still holds, inside
 * the fulfilment's transaction: the group lines whose payments became upgrade
 * credit are still paid (their orders neither refunded nor being refunded)
 * and credited nowhere else; the coupon still has a use left, in all and for
 * this learner. The coupon's row lock makes fulfilments that use the same
 * code wait for each other, so a last use goes to one order only. Returns
 * null when the price no longer holds (the money is then sent back whole),
 * else the coupon's code for the order.
 */
export async function claimPricing(tx: DbOrTx, payment: Payment): Promise<{ couponCode: string | null } | null> {
  const credited = creditedLinesOf(payment);
  if (credited.length > 0) {
    const still = await tx
      .select({ id: orderLines.id })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(
        and(
          inArray(orderLines.id, credited),
          eq(orders.userId, payment.userId),
          isNull(orders.refundState),
          isNull(orderLines.creditedToOrderId),
        ),
      )
      .for("update");
    if (still.length !== credited.length) return null;
  }
  if (payment.couponId === null) return { couponCode: null };
  const coupon = await lockUsableCoupon(tx, payment.couponId, payment.userId);
  return coupon && { couponCode: coupon.code };
}

/** Records what claimPricing checked, for the order just made: the credited lines, and one use of the coupon. */
export async function recordPricing(tx: DbOrTx, payment: Payment, order: { id: number; now: Date }): Promise<void> {
  const credited = creditedLinesOf(payment);
  if (credited.length > 0) {
    await tx.update(orderLines).set({ creditedToOrderId: order.id }).where(inArray(orderLines.id, credited));
  }
  if (payment.couponId === null) return;
  await tx
    .update(coupons)
    .set({ uses: sql`${coupons.uses} + 1` })
    .where(eq(coupons.id, payment.couponId));
  await tx.insert(couponRedemptions).values({
    couponId: payment.couponId,
    userId: payment.userId,
    orderId: order.id,
    discountMinor: payment.lines.reduce((sum, line) => sum + (line.discountMinor ?? 0), 0),
    createdAt: order.now,
  });
  // Used: the code leaves the cart with what it paid for.
  await tx
    .delete(cartCoupons)
    .where(and(eq(cartCoupons.userId, payment.userId), eq(cartCoupons.couponId, payment.couponId)));
}

import { COUPON_MESSAGES } from "@skillshelf/shared/coupons.ts";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { cartCoupons, coupons } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import { priceCart, type Sale } from "./pricing.ts";

/**
 * Keeps a coupon code with the learner's cart, once it is known, unexpired,
 * not used up (in all, or by this learner) and takes something off this
 * cart; otherwise 422 with the reason under the code field. It replaces any
 * code kept before.
 */
export async function applyCoupon(options: { db: DbOrTx; userId: number; code: string; sale: Sale }): Promise<void> {
  const { db, userId, sale } = options;
  const refuse = (message: string) => new AppError("invalid", message, { code: message });
  const [coupon] = await db.select().from(coupons).where(eq(coupons.code, options.code.toUpperCase()));
  if (!coupon) throw refuse(COUPON_MESSAGES.invalid);
  const problem = (await priceCart(db, userId, sale, { coupon })).coupon?.problem;
  if (problem) throw refuse(problem);
  await db
    .insert(cartCoupons)
    .values({ userId, couponId: coupon.id, createdAt: sale.now })
    .onConflictDoUpdate({ target: cartCoupons.userId, set: { couponId: coupon.id, createdAt: sale.now } });
}

export async function removeCoupon(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(cartCoupons).where(eq(cartCoupons.userId, userId));
}

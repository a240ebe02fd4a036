import { addToCartSchema, removeFromCartSchema } from "@skillshelf/shared/cart-forms.ts";
import { COUPON_MESSAGES, couponCodeSchema } from "@skillshelf/shared/coupons.ts";
import { plain } from "@skillshelf/shared/i18n/message.ts";
import { BILLING_MESSAGES, billingSchema, declaredBilling } from "@skillshelf/shared/tax.ts";
import { z } from "zod";
import { addToCart, getCart, removeFromCart } from "../cart/cart.ts";
import { applyCoupon, removeCoupon } from "../cart/cart-coupon.ts";
import { saleAt } from "../cart/pricing.ts";
import { resolveBilling, saveBilling } from "../tax/billing.ts";
import { type Call, defineOperation } from "./operation.ts";
import { enforceLimit } from "./rate-limits.ts";

const CART_MESSAGES = { added: "Added to your cart.", removed: "Removed from your cart." } as const;

/** The learner's cart at today's prices, as checkout would charge it now. */
const cartOf = async ({ app, actor, request }: Call<"learner">) =>
  (await getCart(app.database.db, actor.userId, saleAt(app), request.ip)).data;

/** A whole sub-category (no group) or one of its groups, into the learner's cart. */
export const addToCartOperation = defineOperation({
  name: "cart.add",
  who: "learner",
  input: addToCartSchema,
  run: async ({ app, actor }, input) => ({
    message: plain(CART_MESSAGES.added),
    data: await addToCart({
      db: app.database.db,
      userId: actor.userId,
      subCategoryId: input.sub_category_id,
      groupId: input.group_id ?? null,
      seats: input.seats,
      currency: app.config.storeCurrency,
    }),
  }),
});

export const removeFromCartOperation = defineOperation({
  name: "cart.remove",
  who: "learner",
  input: removeFromCartSchema,
  run: async ({ app, actor }, input) => {
    await removeFromCart(app.database.db, actor.userId, input.delete_id);
    return { message: plain(CART_MESSAGES.removed), data: null };
  },
});

/** Keeps a coupon code with the cart: answers the cart as checkout now charges it. */
export const applyCouponOperation = defineOperation({
  name: "cart.coupon.apply",
  who: "learner",
  input: couponCodeSchema,
  limit: { policy: "couponCode" },
  run: async (call, input) => {
    const { app, actor } = call;
    // Per learner too, whatever the address: a code cannot be guessed from many at full speed.
    await enforceLimit(call.request, call.reply, "couponCode", "account", String(actor.userId));
    await applyCoupon({
      db: app.database.db,
      userId: actor.userId,
      code: input.code,
      sale: saleAt(app),
    });
    return { message: plain(COUPON_MESSAGES.applied), data: await cartOf(call) };
  },
});

/**
 * Keeps who the learner is billed as (country, company, VAT number) for the
 * cart's VAT and the next checkout: answers the cart with its VAT for them.
 * A VAT number is checked as a payment start checks it (422 when it is not
 * one, or VIES does not know it); when VIES cannot be asked, VAT is charged
 * and the message says why.
 */
export const saveBillingOperation = defineOperation({
  name: "cart.billing",
  who: "learner",
  input: billingSchema,
  limit: { policy: "billing" },
  run: async (call, input) => {
    const { app, actor, request } = call;
    const resolved = await resolveBilling({
      db: app.database.db,
      userId: actor.userId,
      declared: declaredBilling(input),
      ipAddress: request.ip,
      seller: app.config.tax,
      checkVatNumber: app.payments.checkVatNumber,
    });
    await saveBilling(app.database.db, actor.userId, resolved);
    const message = resolved.vatNumberUnchecked ? BILLING_MESSAGES.viesUnavailable : BILLING_MESSAGES.saved;
    return { message: plain(message), data: await cartOf(call) };
  },
});

/** Removes the cart's coupon code: answers the cart without it. */
export const removeCouponOperation = defineOperation({
  name: "cart.coupon.remove",
  who: "learner",
  input: z.object({}),
  run: async (call) => {
    await removeCoupon(call.app.database.db, call.actor.userId);
    return { message: plain(COUPON_MESSAGES.removed), data: await cartOf(call) };
  },
});

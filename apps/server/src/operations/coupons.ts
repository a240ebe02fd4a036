import { COUPON_MESSAGES, createCouponSchema } from "@skillshelf/shared/coupons.ts";
import { plain } from "@skillshelf/shared/i18n/message.ts";
import { rowId } from "@skillshelf/shared/ids.ts";
import { z } from "zod";
import { createCoupon, deleteCoupon, updateCoupon } from "../admin/manage-coupons.ts";
import { defineOperation } from "./operation.ts";

export const createCouponOperation = defineOperation({
  name: "coupons.create",
  who: "operator",
  audit: { action: "coupon.created" },
  input: (config) => createCouponSchema(config.storeCurrency),
  run: async ({ app }, input) => ({
    message: plain(COUPON_MESSAGES.created),
    data: await createCoupon(app.database.db, { input, currency: app.config.storeCurrency, now: app.clock() }),
  }),
});

export const updateCouponOperation = defineOperation({
  name: "coupons.update",
  who: "operator",
  audit: { action: "coupon.updated" },
  input: (config) => z.object({ id: rowId(), coupon: createCouponSchema(config.storeCurrency) }),
  run: async ({ app }, { id, coupon }) => ({
    message: plain(COUPON_MESSAGES.saved),
    data: await updateCoupon(app.database.db, { id, input: coupon, currency: app.config.storeCurrency }),
  }),
});

export const deleteCouponOperation = defineOperation({
  name: "coupons.delete",
  who: "operator",
  audit: { action: "coupon.deleted", object: ({ id }) => ({ type: "coupon", id }) },
  input: z.object({ id: rowId() }),
  run: async ({ app }, { id }) => {
    await deleteCoupon(app.database.db, id);
    return { message: plain(COUPON_MESSAGES.deleted), data: null };
  },
});

import type {
  AccountActions,
  AdminActions,
  AdminWrites,
  CommerceActions,
  ProfileActions,
  ProgressActions,
} from "@skillshelf/shared/api.ts";
import { plain } from "@skillshelf/shared/i18n/message.ts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { catalogueSteps } from "../admin/catalogue/catalogue-steps.ts";
import {
  changePasswordOperation,
  forgotPasswordOperation,
  loginOperation,
  registerOperation,
  resetPasswordOperation,
  saveSettingsOperation,
  updateProfileOperation,
} from "./accounts.ts";
import { addToCartOperation, applyCouponOperation, removeCouponOperation, removeFromCartOperation } from "./cart.ts";
import { createCouponOperation, deleteCouponOperation, updateCouponOperation } from "./coupons.ts";
import { actorOf } from "./guard.ts";
import { userActionOperation } from "./learners.ts";
import { outcomeOf, pageAction } from "./page-action.ts";
import { startPaymentOperation } from "./payments.ts";
import { markDoneOperation } from "./progress.ts";
import { learnerRefundOperation, operatorRefundOperation } from "./refunds.ts";

/** The checkout's payment methods (SPEC.md) and the providers behind them. */
const PROVIDER_OF = { card: "stripe", wallet: "paypal", regional: "payu" } as const;

export interface PageActions {
  accounts: AccountActions;
  commerce: CommerceActions;
  profile: ProfileActions;
  adminActions: AdminActions;
  adminWrites: AdminWrites;
  progress: ProgressActions;
}

/**
 * The pages' form actions, for one request (its address, its reply's
 * cookies): the store's operations, run as the JSON API runs them (the same
 * guard, rate limits, messages), each called as its page calls it.
 */
export function pageActions(app: FastifyInstance) {
  const steps = catalogueSteps(app);
  return (request: FastifyRequest, reply: FastifyReply): PageActions => {
    const action = <O extends Parameters<typeof pageAction>[0]>(operation: O) => pageAction(operation, request, reply);
    /** A catalogue step (catalogue-steps.ts), run for an operator only. */
    const catalogue =
      <A extends unknown[], T>(step: (...args: A) => Promise<{ message: string; data: T }>) =>
      (...args: A) =>
        outcomeOf(async () => {
          await actorOf("operator", request);
          const { message, data } = await step(...args);
          return { message: plain(message), data };
        });
    const coupon = action(applyCouponOperation);
    const uncoupon = action(removeCouponOperation);
    const start = action(startPaymentOperation);
    const { publicUrl } = app.config;
    return {
      accounts: {
        login: pageAction(loginOperation, request, reply, (data) => data.user),
        register: action(registerOperation),
        forgotPassword: action(forgotPasswordOperation),
        resetPassword: action(resetPasswordOperation),
      },
      profile: {
        update: action(updateProfileOperation),
        changePassword: action(changePasswordOperation),
        saveSettings: action(saveSettingsOperation),
      },
      commerce: {
        addToCart: action(addToCartOperation),
        removeFromCart: action(removeFromCartOperation),
        applyCoupon: coupon,
        removeCoupon: async () => {
          const outcome = await uncoupon({});
          return outcome.ok ? { ...outcome, data: null } : outcome;
        },
        startPayment: async (input) => {
          const outcome = await start({
            provider: PROVIDER_OF[input.method],
            amount: input.amount,
            currency: input.currency,
            successUrl: `${publicUrl}/payment-confirmation`,
            cancelUrl: `${publicUrl}/payment-cancelled`,
          });
          if (!outcome.ok) return outcome;
          const checkout = outcome.data;
          return {
            ...outcome,
            data:
              checkout.kind === "redirect"
                ? { kind: "redirect", url: checkout.url }
                : { kind: "form", action: checkout.action, params: checkout.params },
          };
        },
        refundOrder: (id) => action(learnerRefundOperation)({ id }),
      },
      progress: { setDone: action(markDoneOperation) },
      adminActions: {
        createCoupon: action(createCouponOperation),
        updateCoupon: (id, coupon) => action(updateCouponOperation)({ id, coupon }),
        deleteCoupon: (id) => action(deleteCouponOperation)({ id }),
      },
      adminWrites: {
        createCategory: catalogue(steps.createCategory),
        updateCategory: catalogue(steps.updateCategory),
        deleteCategory: catalogue(steps.deleteCategory),
        reorderCategories: catalogue(steps.reorderCategories),
        moveItem: catalogue(steps.moveItem),
        createGroup: catalogue(steps.createGroup),
        updateGroup: catalogue(steps.updateGroup),
        deleteGroup: catalogue(steps.deleteGroup),
        reorderGroups: catalogue(steps.reorderGroups),
        createContent: catalogue(steps.createContent),
        updateContent: catalogue(steps.updateContent),
        deleteContent: catalogue(steps.deleteContent),
        reorderContents: catalogue(steps.reorderContents),
        setRelated: catalogue(steps.setRelated),
        deleteMedia: catalogue(steps.deleteMedia),
        userAction: action(userActionOperation),
        refundOrder: (id) => action(operatorRefundOperation)({ id }),
      },
    };
  };
}

import type {
  AccountActions,
  AdminActions,
  AdminWrites,
  CommerceActions,
  ProfileActions,
  ProgressActions,
  TeamActions,
} from "@skillshelf/shared/api.ts";
import { declaredBilling } from "@skillshelf/shared/tax.ts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  changePasswordOperation,
  forgotPasswordOperation,
  loginOperation,
  registerOperation,
  resetPasswordOperation,
  saveSettingsOperation,
  updateProfileOperation,
} from "./accounts.ts";
import {
  addToCartOperation,
  applyCouponOperation,
  removeCouponOperation,
  removeFromCartOperation,
  saveBillingOperation,
} from "./cart.ts";
import {
  createCategoryOperation,
  createContentOperation,
  createGroupOperation,
  deleteCategoryOperation,
  deleteContentOperation,
  deleteGroupOperation,
  deleteMediaOperation,
  moveItemOperation,
  reorderCategoriesOperation,
  reorderContentsOperation,
  reorderGroupsOperation,
  setRelatedOperation,
  translateItemOperation,
  updateCategoryOperation,
  updateContentOperation,
  updateGroupOperation,
} from "./catalogue.ts";
import { createCouponOperation, deleteCouponOperation, updateCouponOperation } from "./coupons.ts";
import { confirmDeletionOperation, requestDeletionOperation } from "./learner-data.ts";
import { userActionOperation } from "./learners.ts";
import { pageAction } from "./page-action.ts";
import { startPaymentOperation } from "./payments.ts";
import { markDoneOperation } from "./progress.ts";
import { learnerRefundOperation, operatorRefundOperation } from "./refunds.ts";
import {
  confirmAppOperation,
  removeAppOperation,
  removePasskeyOperation,
  renamePasskeyOperation,
  secondStepSignInOperation,
  startAppOperation,
} from "./second-step.ts";
import { removeVatRateOperation, setVatRateOperation } from "./tax.ts";
import {
  claimSeatOperation,
  inviteOperation,
  moreSeatsOperation,
  operatorReleaseSeatOperation,
  releaseSeatOperation,
  resendInvitationsOperation,
  revokeInvitationOperation,
  volumeTiersOperation,
} from "./teams.ts";

/** The checkout's payment methods (SPEC.md) and the providers behind them. */
const PROVIDER_OF = { card: "stripe", wallet: "paypal", regional: "payu" } as const;

export interface PageActions {
  accounts: AccountActions;
  commerce: CommerceActions;
  profile: ProfileActions;
  adminActions: AdminActions;
  adminWrites: AdminWrites;
  progress: ProgressActions;
  teams: TeamActions;
}

/**
 * The pages' form actions, for one request (its address, its reply's
 * cookies): the store's operations, run as the JSON API runs them (the same
 * guard, rate limits, messages), each called as its page calls it.
 */
export function pageActions(app: FastifyInstance) {
  return (request: FastifyRequest, reply: FastifyReply): PageActions => {
    const action = <O extends Parameters<typeof pageAction>[0]>(operation: O) => pageAction(operation, request, reply);
    const coupon = action(applyCouponOperation);
    const uncoupon = action(removeCouponOperation);
    const start = action(startPaymentOperation);
    const { publicUrl } = app.config;
    return {
      accounts: {
        // The page gets the user and home, or that a second step is asked; never the tokens (they are cookies).
        login: pageAction(loginOperation, request, reply, (data) =>
          "second_step" in data ? { second_step: true as const } : { user: data.user, home: data.home },
        ),
        secondStep: pageAction(secondStepSignInOperation, request, reply, ({ user, home }) => ({ user, home })),
        register: action(registerOperation),
        forgotPassword: action(forgotPasswordOperation),
        resetPassword: action(resetPasswordOperation),
      },
      profile: {
        update: action(updateProfileOperation),
        changePassword: action(changePasswordOperation),
        saveSettings: action(saveSettingsOperation),
        requestDeletion: action(requestDeletionOperation),
        confirmDeletion: action(confirmDeletionOperation),
        startApp: action(startAppOperation),
        confirmApp: action(confirmAppOperation),
        removeApp: action(removeAppOperation),
        renamePasskey: action(renamePasskeyOperation),
        removePasskey: action(removePasskeyOperation),
      },
      commerce: {
        addToCart: action(addToCartOperation),
        removeFromCart: action(removeFromCartOperation),
        applyCoupon: coupon,
        saveBilling: action(saveBillingOperation),
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
            billing: declaredBilling(input),
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
      teams: {
        join: action(claimSeatOperation),
        invite: action(inviteOperation),
        revoke: action(revokeInvitationOperation),
        release: action(releaseSeatOperation),
        moreSeats: action(moreSeatsOperation),
      },
      adminActions: {
        createCoupon: action(createCouponOperation),
        updateCoupon: (id, coupon) => action(updateCouponOperation)({ id, coupon }),
        deleteCoupon: (id) => action(deleteCouponOperation)({ id }),
        setVatRate: action(setVatRateOperation),
        removeVatRate: (id) => action(removeVatRateOperation)({ id }),
      },
      adminWrites: {
        createCategory: action(createCategoryOperation),
        updateCategory: (id, category) => action(updateCategoryOperation)({ id, category }),
        deleteCategory: (id) => action(deleteCategoryOperation)({ id }),
        reorderCategories: action(reorderCategoriesOperation),
        moveItem: (kind, id, step) => action(moveItemOperation)({ kind, id, step }),
        createGroup: (artefactId, group) => action(createGroupOperation)({ artefactId, group }),
        updateGroup: (id, group) => action(updateGroupOperation)({ id, group }),
        deleteGroup: (id) => action(deleteGroupOperation)({ id }),
        reorderGroups: (artefactId, ids) => action(reorderGroupsOperation)({ artefactId, ids }),
        createContent: (artefactId, content) => action(createContentOperation)({ artefactId, content }),
        updateContent: (id, content) => action(updateContentOperation)({ id, content }),
        deleteContent: (id) => action(deleteContentOperation)({ id }),
        reorderContents: (artefactId, ids) => action(reorderContentsOperation)({ artefactId, ids }),
        setRelated: (id, ids) => action(setRelatedOperation)({ id, ids }),
        deleteMedia: (id) => action(deleteMediaOperation)({ id }),
        translate: action(translateItemOperation),
        userAction: action(userActionOperation),
        refundOrder: (id) => action(operatorRefundOperation)({ id }),
        releaseSeat: (id, seatId) => action(operatorReleaseSeatOperation)({ id, seat_id: seatId }),
        resendInvitations: (id) => action(resendInvitationsOperation)({ id }),
        setVolumeTiers: action(volumeTiersOperation),
      },
    };
  };
}

import type {
  AccountActions,
  AdminActions,
  AdminWrites,
  CommerceActions,
  ProfileActions,
  ProgressActions,
} from "@skillshelf/shared/api.ts";
import { COUPON_MESSAGES } from "@skillshelf/shared/coupons.ts";
import { PROGRESS_MESSAGES } from "@skillshelf/shared/progress.ts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createCoupon, deleteCoupon, updateCoupon } from "../admin/manage-coupons.ts";
import { addToCart, getCart, removeFromCart } from "../cart/cart.ts";
import { applyCoupon, removeCoupon } from "../cart/cart-coupon.ts";
import { AppError } from "../lib/app-error.ts";
import { securityLog } from "../lib/security-events.ts";
import { refundOrder } from "../orders/refund-order.ts";
import { setDone } from "../progress/reading-progress.ts";
import { outcomeOf } from "./action-outcome.ts";
import { adminPageActions } from "./admin-page-actions.ts";
import { formRateLimits, learnerAccountSteps, visitorAccountSteps } from "./api/accounts.ts";
import { ADMIN_FORBIDDEN } from "./api/admin.ts";
import { CART_MESSAGES, LEARNER_REFUNDED } from "./api/commerce.ts";
import { startPaymentFor } from "./api/payment-start.ts";
import { SIGN_IN_FIRST, viewerOf } from "./viewer.ts";

/** The checkout's payment methods (SPEC.md) and the providers behind them. */
const PROVIDER_OF = { card: "stripe", wallet: "paypal", regional: "payu" } as const;

/**
 * The store's side of the pages' form actions: the same steps and rate limits
 * as the JSON API, for one request (its address, its reply's cookies).
 */
export function pageActions(app: FastifyInstance) {
  const limits = formRateLimits(app);
  const { db } = app.database;
  /** The learner behind the request; a visitor (or an ended session) gets the API's 401. */
  const signedIn = async (request: FastifyRequest) => {
    const viewer = await viewerOf(request);
    if (!viewer) throw new AppError("unauthenticated", SIGN_IN_FIRST);
    return viewer;
  };
  const learner = async (request: FastifyRequest) => (await signedIn(request)).userId;
  /** The operator's forms: anyone else gets the API's 403. */
  const operator = async (request: FastifyRequest) => {
    if ((await signedIn(request)).role !== "admin") throw new AppError("forbidden", ADMIN_FORBIDDEN);
  };
  const steps = learnerAccountSteps(app);
  const adminFor = adminPageActions(app);
  return (
    request: FastifyRequest,
    reply: FastifyReply,
  ): {
    accounts: AccountActions;
    commerce: CommerceActions;
    profile: ProfileActions;
    adminActions: AdminActions;
    adminWrites: AdminWrites;
    progress: ProgressActions;
  } => ({
    adminWrites: adminFor(request),
    adminActions: {
      createCoupon: (input) =>
        outcomeOf(async () => {
          await operator(request);
          const data = await createCoupon(db, { input, currency: app.config.storeCurrency, now: app.clock() });
          return { message: COUPON_MESSAGES.created, data };
        }),
      updateCoupon: (id, input) =>
        outcomeOf(async () => {
          await operator(request);
          const data = await updateCoupon(db, { id, input, currency: app.config.storeCurrency });
          return { message: COUPON_MESSAGES.saved, data };
        }),
      deleteCoupon: (id) =>
        outcomeOf(async () => {
          await operator(request);
          await deleteCoupon(db, id);
          return { message: COUPON_MESSAGES.deleted, data: null };
        }),
    },
    progress: {
      setDone: (input) =>
        outcomeOf(async () => ({
          message: input.done ? PROGRESS_MESSAGES.marked : PROGRESS_MESSAGES.unmarked,
          data: await setDone({
            db,
            userId: await learner(request),
            contentId: input.content_id,
            done: input.done,
            now: app.clock(),
          }),
        })),
    },
    profile: {
      update: (input) => outcomeOf(async () => steps.updateProfile(request, reply, await signedIn(request), input)),
      changePassword: (input) => outcomeOf(async () => steps.changePassword(request, await signedIn(request), input)),
      saveSettings: (input) => outcomeOf(async () => steps.saveSettings(await signedIn(request), input)),
    },
    commerce: {
      addToCart: (input) =>
        outcomeOf(async () => ({
          message: CART_MESSAGES.added,
          data: await addToCart({
            db,
            userId: await learner(request),
            subCategoryId: input.sub_category_id,
            groupId: input.group_id ?? null,
            currency: app.config.storeCurrency,
          }),
        })),
      removeFromCart: (input) =>
        outcomeOf(async () => {
          await removeFromCart(db, await learner(request), input.delete_id);
          return { message: CART_MESSAGES.removed, data: null };
        }),
      applyCoupon: (input) =>
        outcomeOf(async () => {
          const userId = await learner(request);
          await applyCoupon({ db, userId, code: input.code, currency: app.config.storeCurrency, now: app.clock() });
          const { data } = await getCart(db, userId, app.config.storeCurrency, app.clock());
          return { message: COUPON_MESSAGES.applied, data };
        }),
      removeCoupon: () =>
        outcomeOf(async () => {
          await removeCoupon(db, await learner(request));
          return { message: COUPON_MESSAGES.removed, data: null };
        }),
      startPayment: (input) =>
        outcomeOf(async () => {
          await learner(request);
          const { publicUrl } = app.config;
          const checkout = await startPaymentFor(request, PROVIDER_OF[input.method], {
            amount: input.amount,
            currency: input.currency,
            successUrl: `${publicUrl}/payment-confirmation`,
            cancelUrl: `${publicUrl}/payment-cancelled`,
          });
          return {
            message: "success",
            data:
              checkout.kind === "redirect"
                ? { kind: "redirect", url: checkout.url }
                : { kind: "form", action: checkout.action, params: checkout.params },
          };
        }),
      refundOrder: (orderId) =>
        outcomeOf(async () => {
          const userId = await learner(request);
          const { refundRef } = await refundOrder(app, {
            orderId,
            actorId: userId,
            ownerId: userId,
            log: securityLog(request),
          });
          return { message: LEARNER_REFUNDED, data: { refund_ref: refundRef } };
        }),
    },
    accounts: {
      login: (input) =>
        outcomeOf(async () => {
          await limits.login(request, reply, input.email);
          const { message, data } = await visitorAccountSteps.login(request, reply, input);
          return { message, data };
        }),
      register: (input) =>
        outcomeOf(async () => {
          await limits.register(request, reply, input.email);
          return { message: await visitorAccountSteps.register(request, input), data: null };
        }),
      forgotPassword: (input) =>
        outcomeOf(async () => {
          await limits.forgotPassword(request, reply, input.email);
          return { message: await visitorAccountSteps.forgotPassword(request, input), data: null };
        }),
      resetPassword: (input) =>
        outcomeOf(async () => ({ message: await visitorAccountSteps.resetPassword(request, input), data: null })),
    },
  });
}

/** The answer to a form post from another site. */
export const CROSS_SITE_FORM =
  "This form was sent from another site, so it was refused. Open the page on this store and try again.";

/**
 * A form post from another site is refused before any action runs (the API
 * takes JSON only, which no cross-site form can send; pages take forms). The
 * browser says where a request comes from in Sec-Fetch-Site, and in Origin;
 * a client that sends neither (not a browser) has no victim's cookies to ride.
 */
export function crossSitePost(request: FastifyRequest, publicUrl: string): boolean {
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin" && site !== "none") return true;
  const origin = request.headers.origin;
  return origin !== undefined && origin !== new URL(publicUrl).origin;
}

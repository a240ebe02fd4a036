import type { AdminWrites } from "@skillshelf/shared/api.ts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { catalogueSteps } from "../admin/catalogue/catalogue-steps.ts";
import { applyUserAction } from "../admin/manage-users.ts";
import { AppError } from "../lib/app-error.ts";
import { securityLog } from "../lib/security-events.ts";
import { refundOrder } from "../orders/refund-order.ts";
import { outcomeOf } from "./action-outcome.ts";
import { ADMIN_FORBIDDEN, ADMIN_REFUNDED, USER_ACTION_MESSAGES } from "./api/admin.ts";
import { SIGN_IN_FIRST, viewerOf } from "./viewer.ts";

/**
 * The admin pages' form actions: the same steps and messages as /api/admin,
 * for one request. Its layout's loader already keeps learners out; each
 * write checks the operator again, as the API's hook does.
 */
export function adminPageActions(app: FastifyInstance) {
  const steps = catalogueSteps(app);
  const { db } = app.database;
  return (request: FastifyRequest): AdminWrites => {
    const operator = async () => {
      const viewer = await viewerOf(request);
      if (!viewer) throw new AppError("unauthenticated", SIGN_IN_FIRST);
      if (viewer.role !== "admin") throw new AppError("forbidden", ADMIN_FORBIDDEN);
      return viewer;
    };
    /** A catalogue step, run for an operator only. */
    const catalogue =
      <A extends unknown[], T>(step: (...args: A) => Promise<{ message: string; data: T }>) =>
      (...args: A) =>
        outcomeOf(async () => {
          await operator();
          return step(...args);
        });
    return {
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
      userAction: (input) =>
        outcomeOf(async () => {
          const { userId } = await operator();
          await applyUserAction(db, {
            actorId: userId,
            userId: input.id,
            action: input.user_action,
            now: app.clock(),
            log: securityLog(request),
          });
          return { message: USER_ACTION_MESSAGES[input.user_action], data: null };
        }),
      refundOrder: (id) =>
        outcomeOf(async () => {
          const { userId } = await operator();
          const { refundRef } = await refundOrder(app, { orderId: id, actorId: userId, log: securityLog(request) });
          return { message: ADMIN_REFUNDED, data: { refund_ref: refundRef } };
        }),
    };
  };
}

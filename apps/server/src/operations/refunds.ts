import { plain } from "@skillshelf/shared/i18n/message.ts";
import { rowId } from "@skillshelf/shared/ids.ts";
import { teamMessage } from "@skillshelf/shared/teams.ts";
import { z } from "zod";
import { SECURITY_EVENTS, securityLog } from "../lib/security-events.ts";
import { refundOrder } from "../orders/refund-order.ts";
import { boughtSeats, refundUnclaimedSeats } from "../teams/refund-seats.ts";
import { defineOperation } from "./operation.ts";

/** The answer to a learner's own refund, from the API and the order's page. */
const LEARNER_REFUNDED = "Your order is refunded and its access removed.";
const ADMIN_REFUNDED = "The order is refunded and its access removed.";

const order = z.object({ id: rowId() });

/**
 * A learner's own order, refunded within the money-back guarantee; another's is as unknown as a missing one (404).
 * A team order's refund covers only its unclaimed seats (teams/refund-seats.ts).
 */
export const learnerRefundOperation = defineOperation({
  name: "orders.refund",
  who: "learner",
  input: order,
  run: async ({ app, request, actor }, { id }) => {
    if (await boughtSeats(app.database.db, id)) {
      const { refundRef, seats } = await refundUnclaimedSeats(app, {
        orderId: id,
        buyerId: actor.userId,
        log: securityLog(request),
      });
      return { message: teamMessage("refundedSeats", { count: seats }), data: { refund_ref: refundRef } };
    }
    const { refundRef } = await refundOrder(app, {
      orderId: id,
      actorId: actor.userId,
      ownerId: actor.userId,
      log: securityLog(request),
    });
    return { message: plain(LEARNER_REFUNDED), data: { refund_ref: refundRef } };
  },
});

/** Any order, refunded by an operator within the same guarantee. */
export const operatorRefundOperation = defineOperation({
  name: "admin.orders.refund",
  who: "operator",
  audit: { action: SECURITY_EVENTS.orderRefunded, object: ({ id }) => ({ type: "order", id }) },
  input: order,
  run: async ({ app, request, actor }, { id }) => {
    const { refundRef } = await refundOrder(app, { orderId: id, actorId: actor.userId, log: securityLog(request) });
    return { message: plain(ADMIN_REFUNDED), data: { refund_ref: refundRef } };
  },
});

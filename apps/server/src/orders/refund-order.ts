import { NO_TRANSACTION } from "@skillshelf/shared/coupons.ts";
import { formattingOf } from "@skillshelf/shared/formatting.ts";
import { valuedMessage } from "@skillshelf/shared/i18n/valued-messages.ts";
import { formatMoney } from "@skillshelf/shared/money.ts";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { auditChange } from "../audit/audit-trail.ts";
import { entitlements, orderLines, orders, payments, users } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import { SECURITY_EVENTS, securityEvent } from "../lib/security-events.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { orderRefundedMail } from "../mail/templates.ts";
import { notify } from "../notifications/notifications.ts";
import { lineName } from "../payments/quote.ts";
import { endSeatsOfOrder } from "../teams/refund-seats.ts";
import { nextDocumentNumber } from "./document-numbers.ts";
import { claimRefund, releaseRefund } from "./refund-claim.ts";

export interface RefundRequest {
  orderId: number;
  /** Who asks: the operator, or the learner refunding their own order. */
  actorId: number;
  /** Set when a learner asks: only their own order can be refunded; another's is as unknown as a missing one. */
  ownerId?: number;
  log: FastifyBaseLogger;
}

const ALL_SEATS_REFUNDED = "Everything paid for this order has already been refunded, seat by seat.";
/**
 * Refunds an order within the money-back guarantee through the provider that
 * took the payment (an order credit and coupon covered, which took no money,
 * asks no provider and gives nothing back), records it, takes back the access it granted and mails
 * the learner. The order is claimed ("pending") by one conditional update
 * before the provider is called, so of two refunds at once only one reaches
 * the provider; a provider failure releases the claim. The operator's refund
 * and the learner's own request both come here.
 */
export async function refundOrder(app: FastifyInstance, request: RefundRequest): Promise<{ refundRef: string }> {
  const { db } = app.database;
  const { orderId, ownerId, actorId, log } = request;
  const now = app.clock();
  const claimed = await claimRefund(db, { orderId, ownerId, now });
  // What was paid for this order is upgrade credit in a later order that stands: refunding it would pay that credit twice.
  const [creditedTo] = await db
    .select({ orderNumber: orders.orderNumber })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.creditedToOrderId))
    .where(eq(orderLines.orderId, orderId))
    .limit(1);
  if (creditedTo) {
    await releaseRefund(db, orderId);
    throw new AppError("conflict", valuedMessage("refundCredited", { order: creditedTo.orderNumber }));
  }
  const [payment] = await db
    .select({ provider: payments.provider, currency: payments.currency })
    .from(payments)
    .where(eq(payments.id, claimed.paymentId));
  if (!payment) throw new Error(`order ${orderId} has no payment`);
  // An order credit and coupon covered took no money: its refund asks no provider, it only ends the access.
  const paidNothing = claimed.amountMinor === 0;
  // What refunds of the order's unclaimed seats gave back already is not given twice.
  const refundMinor = claimed.amountMinor - claimed.seatsRefundedMinor;
  if (!paidNothing && refundMinor <= 0) {
    // Every seat went back through the buyer's own refunds: nothing is left to give, nor any access to end.
    await releaseRefund(db, orderId);
    throw new AppError("conflict", ALL_SEATS_REFUNDED);
  }
  let refundRef: string = NO_TRANSACTION;
  if (refundMinor > 0) {
    try {
      // The key names this order's refund, so a retry is never paid twice.
      refundRef = await app.payments.gateways[payment.provider].refund({
        transactionId: claimed.transactionId,
        amountMinor: refundMinor,
        currency: payment.currency,
        key: `refund-${claimed.id}`,
        part: claimed.seatsRefundedMinor > 0,
      });
    } catch (error) {
      await releaseRefund(db, orderId);
      log.error({ err: error, order: orderId }, "refund failed at the provider");
      await securityEvent(
        log,
        SECURITY_EVENTS.orderRefundFailed,
        { orderId, actorId, provider: payment.provider },
        "warn",
      );
      throw new AppError(
        "provider_unavailable",
        "The payment provider did not accept the refund. Nothing was refunded; try again later.",
      );
    }
  }
  const amount = formatMoney(refundMinor, payment.currency);
  await db.transaction(async (tx) => {
    // An invoiced order's refund is a credit note, numbered in its own series; an older order's receipt has none.
    const creditNoteNumber = claimed.invoiceNumber ? await nextDocumentNumber(tx, "credit_note", now) : null;
    await tx
      .update(orders)
      .set({ refundState: "refunded", refundedAt: now, refundRef, paymentStatus: "Refunded", creditNoteNumber })
      .where(eq(orders.id, orderId));
    await tx
      .update(entitlements)
      .set({ revokedAt: now })
      .where(and(eq(entitlements.orderId, orderId), isNull(entitlements.revokedAt)));
    // A team order's seats go with it, and each holder is told.
    await endSeatsOfOrder(tx, orderId, app.config.publicUrl, now);
    // The groups' payments this order took as credit are theirs again: credit for a later upgrade, or refundable.
    await tx.update(orderLines).set({ creditedToOrderId: null }).where(eq(orderLines.creditedToOrderId, orderId));
    // An operator's refund: its audit row is written in this transaction (audit-trail.ts).
    auditChange({
      before: { refundState: null },
      after: { refundState: "refunded", amount, refundRef, creditNoteNumber },
    });
    // The learner hears of it with the change itself: both are kept, or neither.
    const [buyer] = await tx
      .select({ name: users.name, email: users.email, language: users.language, timezone: users.timezone })
      .from(users)
      .where(eq(users.id, claimed.userId));
    const lines = await tx
      .select({ name: orderLines.name, groupName: orderLines.groupName })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.id));
    if (buyer) {
      const mail = await orderRefundedMail(
        buyer,
        {
          id: claimed.id,
          number: claimed.orderNumber,
          // In the buyer's language's format, as their pages show prices; none when nothing was paid.
          amount: paidNothing ? null : formatMoney(refundMinor, payment.currency, formattingOf(buyer).locale),
          method: claimed.paymentMethod,
          lines: lines.map(lineName),
        },
        app.config.publicUrl,
      );
      await enqueueMail(tx, mail, now);
    }
    await notify(
      tx,
      [
        {
          userId: claimed.userId,
          params: {
            kind: "order_refunded",
            order: claimed.orderNumber,
            amount_minor: refundMinor,
            currency: payment.currency,
            method: claimed.paymentMethod,
            paid_nothing: paidNothing,
          },
          link: `/order-details/${claimed.id}`,
        },
      ],
      now,
    );
  });
  await securityEvent(log, SECURITY_EVENTS.orderRefunded, {
    orderId,
    actorId,
    provider: payment.provider,
    amount,
    refundRef,
  });
  return { refundRef };
}

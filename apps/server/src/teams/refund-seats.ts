import { MONEY_BACK_DAYS } from "@skillshelf/shared/constants.ts";
import { valuedMessage } from "@skillshelf/shared/i18n/valued-messages.ts";
import { formatMoney } from "@skillshelf/shared/money.ts";
import { minorStep } from "@skillshelf/shared/money-rules.ts";
import { TEAM_MESSAGES } from "@skillshelf/shared/teams.ts";
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { DbOrTx } from "../db/client.ts";
import { orderLines, orders, payments, teamPurchases, teamRefunds, teamSeats, users } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import { SECURITY_EVENTS, securityEvent } from "../lib/security-events.ts";
import { enqueueMails } from "../mail/outbox.ts";
import { seatEndedMail } from "../mail/templates.ts";
import { REFUND_WINDOW_MS, refundDeadline } from "../orders/money-back.ts";
import { lineName } from "../payments/quote.ts";

/** Whether the order bought seats for a team (its learner's refund then covers the unclaimed seats only). */
export async function boughtSeats(db: DbOrTx, orderId: number): Promise<boolean> {
  const [seat] = await db.select({ id: teamSeats.id }).from(teamSeats).where(eq(teamSeats.orderId, orderId)).limit(1);
  return seat !== undefined;
}

/**
 * The buyer's refund of a team order within the money-back guarantee: only its seats nobody has
 * claimed. Under the purchases' row locks (claims take the same locks, so none takes a seat being
 * refunded) the free seats are taken out; the provider is asked for what they were paid (each seat
 * its share of its line after credit and coupon, in whole steps of the currency); a provider that
 * refuses puts them back. The claimed seats, and their holders' access, stay as they are.
 */
export async function refundUnclaimedSeats(
  app: FastifyInstance,
  options: { orderId: number; buyerId: number; log: FastifyBaseLogger },
): Promise<{ refundRef: string; seats: number }> {
  const { db } = app.database;
  const { orderId, buyerId, log } = options;
  const now = app.clock();
  const [order] = await db
    .select({
      createdAt: orders.createdAt,
      refundState: orders.refundState,
      transactionId: orders.transactionId,
      currency: orders.currency,
      provider: payments.provider,
    })
    .from(orders)
    .innerJoin(payments, eq(payments.id, orders.paymentId))
    .where(and(eq(orders.id, orderId), eq(orders.userId, buyerId)));
  if (!order) throw new AppError("not_found", "Order not found");
  if (order.refundState === "refunded") throw new AppError("conflict", "This order has already been refunded.");
  if (now.getTime() - order.createdAt.getTime() >= REFUND_WINDOW_MS) {
    throw new AppError(
      "conflict",
      valuedMessage("refundEnded", { days: MONEY_BACK_DAYS, moment: refundDeadline(order.createdAt) }),
    );
  }
  const taken = await db.transaction(async (tx) => {
    const teams = await tx
      .select({ id: teamSeats.teamId })
      .from(teamSeats)
      .where(eq(teamSeats.orderId, orderId))
      .groupBy(teamSeats.teamId);
    const teamIds = teams.map((t) => t.id);
    await tx
      .select({ id: teamPurchases.id })
      .from(teamPurchases)
      .where(inArray(teamPurchases.id, teamIds))
      .for("update");
    return tx
      .update(teamSeats)
      .set({ removedAt: now })
      .where(and(eq(teamSeats.orderId, orderId), isNull(teamSeats.holderId), isNull(teamSeats.removedAt)))
      .returning({ id: teamSeats.id, teamId: teamSeats.teamId });
  });
  if (taken.length === 0) throw new AppError("conflict", TEAM_MESSAGES.nothingToRefund);
  // What each team's seats of this order were paid: its line's price after credit and coupon, per seat.
  const lines = await db
    .select({
      teamId: teamPurchases.id,
      seats: orderLines.seats,
      paidMinor: orderLines.priceMinor,
      creditMinor: orderLines.creditMinor,
      discountMinor: orderLines.discountMinor,
    })
    .from(teamPurchases)
    .innerJoin(
      orderLines,
      and(
        eq(orderLines.orderId, orderId),
        isNotNull(orderLines.seats),
        eq(orderLines.categoryId, teamPurchases.categoryId),
        // The line of the purchase's artefact, or of its group.
        sql`${orderLines.groupId} is not distinct from ${teamPurchases.groupId}`,
      ),
    )
    .where(inArray(teamPurchases.id, [...new Set(taken.map((s) => s.teamId))]));
  const step = minorStep(order.currency);
  let amountMinor = 0;
  const byTeam = new Map<number, number>();
  for (const seat of taken) byTeam.set(seat.teamId, (byTeam.get(seat.teamId) ?? 0) + 1);
  for (const [teamId, count] of byTeam) {
    const line = lines.find((l) => l.teamId === teamId);
    if (!line?.seats) continue;
    const paid = line.paidMinor - line.creditMinor - line.discountMinor;
    amountMinor += Math.floor((paid * count) / line.seats / step) * step;
  }
  const seatIds = taken.map((s) => s.id);
  let refundRef = "None";
  if (amountMinor > 0) {
    try {
      refundRef = await app.payments.gateways[order.provider].refund({
        transactionId: order.transactionId,
        amountMinor,
        currency: order.currency,
        key: `refund-${orderId}-seats-${Math.min(...seatIds)}`,
        part: true,
      });
    } catch (error) {
      await db.update(teamSeats).set({ removedAt: null }).where(inArray(teamSeats.id, seatIds));
      log.error({ err: error, order: orderId }, "seat refund failed at the provider");
      await securityEvent(
        log,
        SECURITY_EVENTS.orderRefundFailed,
        { orderId, actorId: buyerId, provider: order.provider },
        "warn",
      );
      throw new AppError(
        "provider_unavailable",
        "The payment provider did not accept the refund. Nothing was refunded; try again later.",
      );
    }
  }
  await db
    .insert(teamRefunds)
    .values(
      [...byTeam].map(([teamId, count]) => ({ orderId, teamId, seats: count, amountMinor, refundRef, createdAt: now })),
    );
  await securityEvent(log, SECURITY_EVENTS.orderRefunded, {
    orderId,
    actorId: buyerId,
    provider: order.provider,
    amount: formatMoney(amountMinor, order.currency),
    refundRef,
    seats: taken.length,
  });
  return { refundRef, seats: taken.length };
}

/**
 * An order refunded whole (an operator's refund): its seats go, and each holder of one is told,
 * in the refund's transaction (their access is revoked with the order's other entitlements).
 */
export async function endSeatsOfOrder(tx: DbOrTx, orderId: number, storeUrl: string, now: Date): Promise<void> {
  const held = await tx
    .select({
      name: users.name,
      email: users.email,
      language: users.language,
      item: teamPurchases.name,
      groupName: teamPurchases.groupName,
    })
    .from(teamSeats)
    .innerJoin(users, eq(users.id, teamSeats.holderId))
    .innerJoin(teamPurchases, eq(teamPurchases.id, teamSeats.teamId))
    .where(and(eq(teamSeats.orderId, orderId), isNull(teamSeats.removedAt)));
  await tx
    .update(teamSeats)
    .set({ removedAt: now, holderId: null })
    .where(and(eq(teamSeats.orderId, orderId), isNull(teamSeats.removedAt)));
  const mails = [];
  for (const holder of held) {
    const item = lineName({ name: holder.item, groupName: holder.groupName });
    mails.push(await seatEndedMail(holder, { item, reason: "refunded" }, storeUrl));
  }
  if (mails.length > 0) await enqueueMails(tx, mails, now);
}

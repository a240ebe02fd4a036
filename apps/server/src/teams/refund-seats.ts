import { NO_TRANSACTION } from "@skillshelf/shared/coupons.ts";
import { formattingOf } from "@skillshelf/shared/formatting.ts";
import { DEFAULT_LANGUAGE, languageOfSetting } from "@skillshelf/shared/i18n/languages.ts";
import { translatorOf } from "@skillshelf/shared/i18n/translator.ts";
import { formatMoney } from "@skillshelf/shared/money.ts";
import { minorStep } from "@skillshelf/shared/money-rules.ts";
import { TEAM_MESSAGES } from "@skillshelf/shared/teams.ts";
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { DbOrTx } from "../db/client.ts";
import { orderLines, orders, payments, teamPurchases, teamRefunds, teamSeats, users } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import { SECURITY_EVENTS, securityEvent } from "../lib/security-events.ts";
import { enqueueMail, enqueueMails } from "../mail/outbox.ts";
import { seatEndedMail, seatsRefundedMail } from "../mail/templates.ts";
import { notify } from "../notifications/notifications.ts";
import { nextDocumentNumber } from "../orders/document-numbers.ts";
import { claimRefund, releaseRefund } from "../orders/refund-claim.ts";
import { lineName } from "../payments/quote.ts";

/** Whether the order bought seats for a team (its learner's refund then covers the unclaimed seats only). */
export async function boughtSeats(db: DbOrTx, orderId: number): Promise<boolean> {
  const [seat] = await db.select({ id: teamSeats.id }).from(teamSeats).where(eq(teamSeats.orderId, orderId)).limit(1);
  return seat !== undefined;
}

/** One line's part of a refund of seats: how many, and what of the line's price, payment and VAT they were. */
interface SeatRefundShare {
  orderLineId: number;
  teamId: number;
  seats: number;
  priceMinor: number;
  amountMinor: number;
  netMinor: number | null;
  vatMinor: number;
}

/**
 * What refunding `count` more of a line's `seats` seats gives back, when `before` of them were refunded
 * already: the difference of the shares of `before + count` and `before` seats, each in whole steps
 * of the currency (VAT to the minor unit). Shares taken this way add up, over every refund of the
 * line, to exactly what the line was paid.
 */
function seatShare(
  line: { seats: number; priceMinor: number; paidMinor: number; netMinor: number | null; vatMinor: number | null },
  before: number,
  count: number,
  step: number,
): Omit<SeatRefundShare, "orderLineId" | "teamId"> {
  const upTo = (total: number, seats: number) => Math.floor((total * seats) / line.seats / step) * step;
  const vatUpTo = (seats: number) => Math.round(((line.vatMinor ?? 0) * seats) / line.seats);
  const share = (total: number) => upTo(total, before + count) - upTo(total, before);
  const amountMinor = share(line.paidMinor);
  const vatMinor = vatUpTo(before + count) - vatUpTo(before);
  return {
    seats: count,
    priceMinor: share(line.priceMinor),
    amountMinor,
    netMinor: line.netMinor === null ? null : amountMinor - vatMinor,
    vatMinor,
  };
}

/**
 * The buyer's refund of a team order within the money-back guarantee: only its seats nobody has
 * claimed. The order is claimed for the refund as a whole refund claims it (claimRefund), so two
 * refunds of it never run at once; under the purchases' row locks (claims take the same locks, so
 * none takes a seat being refunded) the free seats are taken out, and the provider is asked for
 * their share of what was paid (seatShare); a provider that refuses puts them back. Then, in one
 * transaction: a team_refunds row per line with its credit note, what the order gave back so far
 * (which a later whole refund does not give again), and the buyer's mail. The claimed seats, and
 * their holders' access, stay as they are; a seat is refunded once, as it is gone afterwards.
 */
export async function refundUnclaimedSeats(
  app: FastifyInstance,
  options: { orderId: number; buyerId: number; log: FastifyBaseLogger },
): Promise<{ refundRef: string; seats: number }> {
  const { db } = app.database;
  const { orderId, buyerId, log } = options;
  const now = app.clock();
  const claimed = await claimRefund(db, { orderId, ownerId: buyerId, now });
  const taken = await db.transaction(async (tx) => {
    const teams = await tx
      .select({ id: teamSeats.teamId })
      .from(teamSeats)
      .where(eq(teamSeats.orderId, orderId))
      .groupBy(teamSeats.teamId);
    await tx
      .select({ id: teamPurchases.id })
      .from(teamPurchases)
      .where(
        inArray(
          teamPurchases.id,
          teams.map((t) => t.id),
        ),
      )
      .for("update");
    return tx
      .update(teamSeats)
      .set({ removedAt: now })
      .where(and(eq(teamSeats.orderId, orderId), isNull(teamSeats.holderId), isNull(teamSeats.removedAt)))
      .returning({ id: teamSeats.id, teamId: teamSeats.teamId });
  });
  if (taken.length === 0) {
    await releaseRefund(db, orderId);
    throw new AppError("conflict", TEAM_MESSAGES.nothingToRefund);
  }
  const seatIds = taken.map((s) => s.id);
  const putBack = async () => {
    await db.update(teamSeats).set({ removedAt: null }).where(inArray(teamSeats.id, seatIds));
    await releaseRefund(db, orderId);
  };
  let shares: SeatRefundShare[];
  let provider: keyof typeof app.payments.gateways;
  try {
    shares = await sharesOf(db, orderId, taken, minorStep(claimed.currency));
    const [payment] = await db
      .select({ provider: payments.provider })
      .from(payments)
      .where(eq(payments.id, claimed.paymentId));
    if (!payment) throw new Error(`order ${orderId} has no payment`);
    provider = payment.provider;
  } catch (error) {
    await putBack();
    throw error;
  }
  const amountMinor = shares.reduce((sum, share) => sum + share.amountMinor, 0);
  let refundRef: string = NO_TRANSACTION;
  if (amountMinor > 0) {
    try {
      refundRef = await app.payments.gateways[provider].refund({
        transactionId: claimed.transactionId,
        amountMinor,
        currency: claimed.currency,
        key: `refund-${orderId}-seats-${Math.min(...seatIds)}`,
        part: true,
      });
    } catch (error) {
      await putBack();
      log.error({ err: error, order: orderId }, "seat refund failed at the provider");
      await securityEvent(log, SECURITY_EVENTS.orderRefundFailed, { orderId, actorId: buyerId, provider }, "warn");
      throw new AppError(
        "provider_unavailable",
        "The payment provider did not accept the refund. Nothing was refunded; try again later.",
      );
    }
  }
  const vatMinor = shares.reduce((sum, share) => sum + share.vatMinor, 0);
  await db.transaction(async (tx) => {
    // An invoiced order's refund is a credit note, numbered with the whole refunds' (decision 0046).
    const creditNoteNumber = claimed.invoiceNumber ? await nextDocumentNumber(tx, "credit_note", now) : null;
    await tx
      .insert(teamRefunds)
      .values(shares.map((share) => ({ ...share, orderId, refundRef, creditNoteNumber, createdAt: now })));
    await tx
      .update(orders)
      .set({
        refundState: null,
        seatsRefundedMinor: sql`${orders.seatsRefundedMinor} + ${amountMinor}`,
        seatsRefundedVatMinor: sql`${orders.seatsRefundedVatMinor} + ${vatMinor}`,
        seatsRefundedAt: now,
      })
      .where(eq(orders.id, orderId));
    const [buyer] = await tx
      .select({ name: users.name, email: users.email, language: users.language })
      .from(users)
      .where(eq(users.id, buyerId));
    if (buyer) {
      const l = translatorOf(languageOfSetting(buyer.language) ?? DEFAULT_LANGUAGE);
      const names = await tx
        .select({ id: orderLines.id, name: orderLines.name, groupName: orderLines.groupName })
        .from(orderLines)
        .where(
          inArray(
            orderLines.id,
            shares.map((share) => share.orderLineId),
          ),
        );
      const mail = await seatsRefundedMail(
        buyer,
        {
          id: orderId,
          number: claimed.orderNumber,
          amount: formatMoney(
            amountMinor,
            claimed.currency,
            formattingOf({ language: buyer.language, timezone: "UTC" }).locale,
          ),
          method: claimed.paymentMethod,
          seats: taken.length,
          lines: shares.map((share) => {
            const line = names.find((n) => n.id === share.orderLineId);
            return l("{{item}}: {{count}} seats", { item: line ? lineName(line) : "", count: share.seats });
          }),
        },
        app.config.publicUrl,
      );
      await enqueueMail(tx, mail, now);
    }
    await notify(
      tx,
      [
        {
          userId: buyerId,
          params: {
            kind: "order_refunded",
            order: claimed.orderNumber,
            amount_minor: amountMinor,
            currency: claimed.currency,
            method: claimed.paymentMethod,
            seats: taken.length,
          },
          link: `/order-details/${orderId}`,
        },
      ],
      now,
    );
  });
  await securityEvent(log, SECURITY_EVENTS.orderRefunded, {
    orderId,
    actorId: buyerId,
    provider,
    amount: formatMoney(amountMinor, claimed.currency),
    refundRef,
    seats: taken.length,
  });
  return { refundRef, seats: taken.length };
}

/**
 * Each line's share of the seats `taken`: the order's line of each seat's team purchase (its artefact
 * or group), after the seats of it refunded before.
 */
async function sharesOf(
  db: DbOrTx,
  orderId: number,
  taken: { teamId: number }[],
  step: number,
): Promise<SeatRefundShare[]> {
  const lines = await db
    .select({
      orderLineId: orderLines.id,
      teamId: teamPurchases.id,
      seats: orderLines.seats,
      priceMinor: orderLines.priceMinor,
      creditMinor: orderLines.creditMinor,
      discountMinor: orderLines.discountMinor,
      netMinor: orderLines.netMinor,
      vatMinor: orderLines.vatMinor,
      before: sql<number>`(select coalesce(sum(${teamRefunds.seats}), 0) from ${teamRefunds}
        where ${teamRefunds.orderLineId} = ${orderLines.id})`.mapWith(Number),
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
  const byTeam = new Map<number, number>();
  for (const seat of taken) byTeam.set(seat.teamId, (byTeam.get(seat.teamId) ?? 0) + 1);
  const shares: SeatRefundShare[] = [];
  for (const [teamId, count] of byTeam) {
    const line = lines.find((l) => l.teamId === teamId);
    if (!line?.seats) throw new Error(`order ${orderId} has no line for team ${teamId}`);
    const paidMinor = line.priceMinor - line.creditMinor - line.discountMinor;
    shares.push({
      orderLineId: line.orderLineId,
      teamId,
      ...seatShare({ ...line, seats: line.seats, paidMinor }, line.before, count, step),
    });
  }
  return shares;
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

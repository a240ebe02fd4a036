import { PAYMENT_METHOD_LABELS } from "@skillshelf/shared/constants.ts";
import { formattingOf } from "@skillshelf/shared/formatting.ts";
import { formatMoney } from "@skillshelf/shared/money.ts";
import { and, eq, isNull, lte, or } from "drizzle-orm";
import { orders, type PaymentProvider, payments, users } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import { SECURITY_EVENTS, securityEvent } from "../lib/security-events.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { paymentRefundedMail } from "../mail/templates.ts";
import { closeUnpaidPayment, describePaidLines, fulfilPayment } from "./fulfil-payment.ts";
import { type ProviderOutcome, ProviderUnavailableError } from "./gateway.ts";
import type { Payments } from "./gateways.ts";

/** What a payment came to, as the learner's landing page and the reconciler's tally see it. */
export type Settlement =
  | { kind: "order"; orderId: number }
  /** Money arrived but made no order (owned already, or superseded): it goes back, and the learner is mailed. */
  | { kind: "refunded" }
  /** The learner may still pay, or the provider is still deciding. */
  | { kind: "open" }
  | { kind: "closed" };

export type PaymentRow = typeof payments.$inferSelect;

/** While one instance sends a refund, no other takes the same payment. */
const REFUND_LEASE_MS = 2 * 60_000;

export async function findPayment(p: Payments, provider: PaymentProvider, providerRef: string) {
  const [payment] = await p.db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef)));
  return payment ?? null;
}

/**
 * Applies what the provider said about a payment, from whichever path heard
 * it (return, webhook, POST-back, reconciler): paid runs the one idempotent
 * fulfilment, a final unpaid state closes it, open changes nothing.
 */
export async function applyOutcome(p: Payments, payment: PaymentRow, outcome: ProviderOutcome): Promise<Settlement> {
  const now = p.clock();
  switch (outcome.state) {
    case "open":
      return { kind: "open" };
    case "failed":
    case "cancelled":
    case "expired":
      await closeUnpaidPayment(p.db, { paymentId: payment.id, status: outcome.state, now });
      return { kind: "closed" };
    case "paid": {
      let fulfilment: Awaited<ReturnType<typeof fulfilPayment>>;
      try {
        fulfilment = await fulfilPayment(p.db, {
          paymentId: payment.id,
          amountMinor: outcome.amountMinor,
          currency: outcome.currency,
          transactionId: outcome.transactionId,
          payerCountry: outcome.payerCountry ?? null,
          now,
        });
      } catch (error) {
        // Not this payment's amount: a retry cannot change that. Recorded loudly, no order.
        if (!(error instanceof AppError && error.code === "conflict")) throw error;
        p.log.error(
          { payment: payment.id, outcome },
          "a provider confirmed another amount than the payment's: no order",
        );
        await closeUnpaidPayment(p.db, { paymentId: payment.id, status: "failed", now });
        return { kind: "closed" };
      }
      if (fulfilment.kind === "order") return { kind: "order", orderId: fulfilment.orderId };
      await refundUnwantedPayment(p, payment.id);
      return { kind: "refunded" };
    }
  }
}

/**
 * A verified notification (webhook, POST-back) applied to its payment. An
 * unknown reference is acknowledged and logged: a redelivery cannot fix it.
 */
export async function applyNotification(
  p: Payments,
  provider: PaymentProvider,
  notice: { providerRef: string; outcome: ProviderOutcome; note: string },
): Promise<{ payment: PaymentRow; settlement: Settlement } | null> {
  const payment = await findPayment(p, provider, notice.providerRef);
  if (!payment) {
    p.log.error({ provider, ref: notice.providerRef, note: notice.note }, "a notification about an unknown payment");
    return null;
  }
  const settlement = await applyOutcome(p, payment, notice.outcome);
  p.log.info({ provider, payment: payment.id, note: notice.note, settlement: settlement.kind }, "payment notification");
  return { payment, settlement };
}

/**
 * Settles a payment by asking its provider, for the return routes and the
 * reconciler. Only an open payment is asked: a closed or superseded one is
 * never completed (PayPal's capture would move the money).
 */
export async function settleWithProvider(p: Payments, payment: PaymentRow): Promise<Settlement> {
  const known = await knownSettlement(p, payment);
  if (known || !payment.providerRef) return known ?? { kind: "open" };
  return applyOutcome(p, payment, await p.gateways[payment.provider].fetchOutcome(payment.providerRef));
}

/** What a payment's own status already says, without asking the provider; null while it is open. */
async function knownSettlement(p: Payments, payment: PaymentRow): Promise<Settlement | null> {
  switch (payment.status) {
    case "opening":
    case "pending":
      return null;
    case "refunding":
    case "refunded":
      return { kind: "refunded" };
    case "paid": {
      const [order] = await p.db.select({ id: orders.id }).from(orders).where(eq(orders.paymentId, payment.id));
      return order ? { kind: "order", orderId: order.id } : { kind: "closed" };
    }
    default:
      return { kind: "closed" };
  }
}

/**
 * Sends back a payment fulfilment refused (status "refunding"). The row is
 * leased first, so of two deliveries or instances only one calls the
 * provider; the provider's idempotency key covers a retry after a crash.
 * A provider that fails leaves it "refunding" for the reconciler.
 */
async function refundUnwantedPayment(p: Payments, paymentId: number): Promise<boolean> {
  const now = p.clock();
  const [claimed] = await p.db
    .update(payments)
    .set({ nextCheckAt: new Date(now.getTime() + REFUND_LEASE_MS) })
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.status, "refunding"),
        or(isNull(payments.nextCheckAt), lte(payments.nextCheckAt, now)),
      ),
    )
    .returning();
  return claimed ? sendRefund(p, claimed) : false;
}

/** The provider call and its record, for a payment already leased by the caller. */
export async function sendRefund(p: Payments, payment: PaymentRow): Promise<boolean> {
  if (!payment.transactionId) throw new Error(`payment ${payment.id} is refunding without a transaction id`);
  let refundRef: string;
  try {
    refundRef = await p.gateways[payment.provider].refund({
      transactionId: payment.transactionId,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      key: `refund-payment-${payment.id}`,
    });
  } catch (error) {
    p.log.error({ err: error, payment: payment.id }, "automatic refund failed at the provider; the reconciler retries");
    return false;
  }
  const now = p.clock();
  await p.db.transaction(async (tx) => {
    const [done] = await tx
      .update(payments)
      .set({ status: "refunded", refundRef, refundedAt: now, nextCheckAt: null })
      .where(and(eq(payments.id, payment.id), eq(payments.status, "refunding")))
      .returning({ id: payments.id });
    if (!done) return;
    const [buyer] = await tx
      .select({ name: users.name, email: users.email, language: users.language, timezone: users.timezone })
      .from(users)
      .where(eq(users.id, payment.userId));
    if (!buyer) return;
    const mail = await paymentRefundedMail(
      buyer,
      {
        amount: formatMoney(payment.amountMinor, payment.currency, formattingOf(buyer).locale),
        method: PAYMENT_METHOD_LABELS[payment.provider],
        reason: payment.refundReason ?? "already_owned",
        lines: describePaidLines(payment, formattingOf(buyer).locale),
      },
      new URL(payment.successUrl).origin,
    );
    await enqueueMail(tx, mail, now);
  });
  await securityEvent(p.log, SECURITY_EVENTS.paymentRefundedAutomatically, {
    // The store sent it back, not the learner.
    actorId: null,
    paymentId: payment.id,
    userId: payment.userId,
    provider: payment.provider,
    amount: formatMoney(payment.amountMinor, payment.currency),
    reason: payment.refundReason,
    refundRef,
  });
  return true;
}

/** Where the learner goes once a payment is settled: the order, or back with what happened. */
export function landing(payment: PaymentRow, settlement: Settlement): string {
  if (settlement.kind === "order") {
    const url = new URL(payment.successUrl);
    url.searchParams.set("order", String(settlement.orderId));
    return url.toString();
  }
  if (settlement.kind === "refunded") {
    const url = new URL(payment.cancelUrl);
    url.searchParams.set("refunded", "1");
    return url.toString();
  }
  return payment.cancelUrl;
}

/**
 * The learner cancelled on the provider's page: the checkout is closed at the
 * provider too, so going back to it cannot charge them later. Money that
 * beat the cancel makes the order as usual.
 */
export async function closeByLearner(p: Payments, payment: PaymentRow): Promise<Settlement> {
  const known = await knownSettlement(p, payment);
  if (known || !payment.providerRef) return known ?? { kind: "open" };
  // Recorded first, so the provider's own notice of the closed checkout (an "expired" webhook) does not name it.
  const now = p.clock();
  if (!(await closeUnpaidPayment(p.db, { paymentId: payment.id, status: "cancelled", now }))) {
    return (await knownSettlement(p, await reread(p, payment.id))) ?? { kind: "open" };
  }
  let outcome: ProviderOutcome;
  try {
    outcome = await p.gateways[payment.provider].cancel(payment.providerRef);
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    // Still payable at the provider: open again, for the reconciler to close there.
    await p.db
      .update(payments)
      .set({ status: "pending", completedAt: null, nextCheckAt: now })
      .where(and(eq(payments.id, payment.id), eq(payments.status, "cancelled")));
    p.log.warn({ err: error, payment: payment.id }, "a cancelled checkout could not be closed at the provider yet");
    return { kind: "open" };
  }
  // Money that beat the cancel still makes the order.
  return outcome.state === "paid" ? applyOutcome(p, payment, outcome) : { kind: "closed" };
}

async function reread(p: Payments, id: number) {
  const [row] = await p.db.select().from(payments).where(eq(payments.id, id));
  if (!row) throw new Error(`payment ${id} vanished`);
  return row;
}

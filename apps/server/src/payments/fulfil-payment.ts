import { PAYMENT_METHOD_LABELS } from "@skillshelf/shared/constants.ts";
import { noPaymentMethod } from "@skillshelf/shared/coupons.ts";
import { formattingOf } from "@skillshelf/shared/formatting.ts";
import { formatMoney } from "@skillshelf/shared/money.ts";
import { and, eq, inArray, isNotNull, isNull, or } from "drizzle-orm";
import { ownsContent } from "../cart/ownership.ts";
import type { Db } from "../db/client.ts";
import {
  cartItems,
  OPEN_PAYMENT_STATUSES,
  orderLines,
  orders,
  type PaymentLine,
  payments,
  users,
} from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { orderConfirmationMail } from "../mail/templates.ts";
import { notify } from "../notifications/notifications.ts";
import { nextDocumentNumber } from "../orders/document-numbers.ts";
import { grantAccess } from "../orders/grant-access.ts";
import { newOrderNumber } from "../orders/order-number.ts";
import { addTeamSeats } from "../teams/team-purchases.ts";
import { claimPricing, recordPricing } from "./price-claims.ts";
import { lineName } from "./quote.ts";

export interface Confirmation {
  paymentId: number;
  /** What the provider says was paid. */
  amountMinor: number;
  currency: string;
  /** The provider's id of the money movement (payment intent, capture id, PayU mihpayid). */
  transactionId: string;
  /** The country the payer gave the provider, when it says: a further piece of the VAT evidence. */
  payerCountry?: string | null;
  now: Date;
}

export type Fulfilment =
  | { kind: "order"; orderId: number; orderNumber: string }
  /** The money must go back: the content is already owned, or the attempt was superseded. */
  | { kind: "refund" };

/**
 * The one fulfilment of every confirmation path (return, webhook, POST-back,
 * reconciler): one payment makes one order, one set of entitlements and one
 * emptied cart. The payment row is locked, and orders.payment_id is unique,
 * so two deliveries racing each other still make one order. Idempotent: a
 * repeat returns what the first decided.
 *
 * Money for content the learner already owns (any line), or for an attempt a
 * newer checkout superseded, makes no order and no item: the payment is
 * marked "refunding", and refundUnwantedPayment sends it back.
 */
export async function fulfilPayment(db: Db, confirmation: Confirmation): Promise<Fulfilment> {
  return db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, confirmation.paymentId)).for("update");
    if (!payment) throw new AppError("not_found", "Unknown payment.");
    if (payment.status === "paid") {
      const [order] = await tx
        .select({ orderId: orders.id, orderNumber: orders.orderNumber })
        .from(orders)
        .where(eq(orders.paymentId, payment.id));
      if (!order) throw new Error(`payment ${payment.id} is paid but has no order`);
      return { kind: "order", ...order };
    }
    if (payment.status === "refunding" || payment.status === "refunded") return { kind: "refund" };
    if (confirmation.amountMinor !== payment.amountMinor || confirmation.currency.toUpperCase() !== payment.currency) {
      throw new AppError("conflict", "The amount paid does not match the order.");
    }
    const sendBack = async (refundReason: "superseded" | "already_owned" | "price_changed"): Promise<Fulfilment> => {
      // Nothing was paid, so nothing goes back: the free checkout just closes, and its start says why.
      if (payment.amountMinor === 0) {
        await tx
          .update(payments)
          .set({ status: "cancelled", completedAt: confirmation.now, nextCheckAt: null })
          .where(eq(payments.id, payment.id));
        return { kind: "refund" };
      }
      await tx
        .update(payments)
        .set({
          status: "refunding",
          refundReason,
          transactionId: confirmation.transactionId,
          completedAt: confirmation.now,
          nextCheckAt: confirmation.now,
        })
        .where(eq(payments.id, payment.id));
      return { kind: "refund" };
    };
    if (payment.status === "superseded") return sendBack("superseded");
    // One line after another: the transaction's one connection answers one query at a time.
    // A team's seats are not for the buyer: owning what they cover does not matter.
    const own = payment.lines.filter((line) => line.seats === undefined);
    const team = payment.lines.filter((line) => line.seats !== undefined);
    for (const line of own) {
      if (await ownsContent(tx, payment.userId, line)) return sendBack("already_owned");
    }
    // The credit or the coupon's last use it was priced with went to another order meanwhile: no order at that price.
    const pricing = await claimPricing(tx, payment);
    if (!pricing) return sendBack("price_changed");
    const orderNumber = newOrderNumber(confirmation.now);
    const creditMinor = payment.lines.reduce((sum, line) => sum + (line.creditMinor ?? 0), 0);
    const discountMinor = payment.lines.reduce((sum, line) => sum + (line.discountMinor ?? 0), 0);
    const [order] = await tx
      .insert(orders)
      .values({
        orderNumber,
        userId: payment.userId,
        paymentId: payment.id,
        paymentMethod:
          payment.amountMinor === 0
            ? noPaymentMethod({ credit: creditMinor > 0, discount: discountMinor > 0 })
            : PAYMENT_METHOD_LABELS[payment.provider],
        transactionId: confirmation.transactionId,
        paymentStatus: "Paid",
        currency: payment.currency,
        amountMinor: payment.amountMinor,
        creditMinor,
        discountMinor,
        couponCode: pricing.couponCode,
        createdAt: confirmation.now,
        // The series' next number, held by this transaction until it commits (document-numbers.ts).
        invoiceNumber: await nextDocumentNumber(tx, "invoice", confirmation.now),
        ...orderTaxOf(payment, confirmation.payerCountry ?? null),
      })
      .returning({ orderId: orders.id, orderNumber: orders.orderNumber });
    if (!order) throw new Error("order insert returned nothing");
    await tx.insert(orderLines).values(
      payment.lines.map((line) => ({
        orderId: order.orderId,
        categoryId: line.categoryId,
        groupId: line.groupId,
        name: line.name,
        groupName: line.groupName,
        priceMinor: line.priceMinor,
        creditMinor: line.creditMinor ?? 0,
        discountMinor: line.discountMinor ?? 0,
        currency: payment.currency,
        taxClass: line.tax?.taxClass ?? null,
        taxCountry: line.tax?.country ?? null,
        vatRate: line.tax?.ratePercent ?? null,
        netMinor: line.tax?.netMinor ?? null,
        vatMinor: line.tax?.vatMinor ?? null,
        seats: line.seats ?? null,
        unitPriceMinor: line.unitPriceMinor ?? null,
        volumeDiscountMinor: line.volumeDiscountMinor ?? 0,
      })),
    );
    await recordPricing(tx, payment, { id: order.orderId, now: confirmation.now });
    await grantAccess(
      tx,
      own.map((line) => ({
        userId: payment.userId,
        categoryId: line.categoryId,
        groupId: line.groupId,
        orderId: order.orderId,
        createdAt: confirmation.now,
      })),
    );
    await addTeamSeats(tx, {
      id: order.orderId,
      buyerId: payment.userId,
      currency: payment.currency,
      lines: team,
      now: confirmation.now,
    });
    // What was bought leaves the cart, and so do groups of a sub-category bought whole; a team's lines, each itself.
    const wholeIds = own.filter((l) => l.groupId === null).map((l) => l.categoryId);
    const groupIds = own.flatMap((l) => (l.groupId === null ? [] : [l.groupId]));
    const ownBought =
      wholeIds.length || groupIds.length
        ? and(
            isNull(cartItems.seats),
            or(
              wholeIds.length ? inArray(cartItems.categoryId, wholeIds) : undefined,
              groupIds.length ? inArray(cartItems.groupId, groupIds) : undefined,
            ),
          )
        : undefined;
    const teamBought = team.map((l) =>
      and(
        isNotNull(cartItems.seats),
        eq(cartItems.categoryId, l.categoryId),
        l.groupId === null ? isNull(cartItems.groupId) : eq(cartItems.groupId, l.groupId),
      ),
    );
    await tx.delete(cartItems).where(and(eq(cartItems.userId, payment.userId), or(ownBought, ...teamBought)));
    await tx
      .update(payments)
      .set({ status: "paid", transactionId: confirmation.transactionId, completedAt: confirmation.now })
      .where(eq(payments.id, payment.id));
    // The confirmation e-mail the success page promises, kept or lost with the order itself.
    const [buyer] = await tx
      .select({ name: users.name, email: users.email, language: users.language, timezone: users.timezone })
      .from(users)
      .where(eq(users.id, payment.userId));
    if (buyer) {
      const mail = await orderConfirmationMail(
        buyer,
        {
          id: order.orderId,
          number: order.orderNumber,
          // In the buyer's language's format, as their pages show prices.
          amount: formatMoney(payment.amountMinor, payment.currency, formattingOf(buyer).locale),
          lines: describePaidLines(payment, formattingOf(buyer).locale),
          seats: team.length > 0,
        },
        // The success URL was checked to be on PUBLIC_URL when the payment was created.
        new URL(payment.successUrl).origin,
      );
      await enqueueMail(tx, mail, confirmation.now);
    }
    await notify(
      tx,
      [
        {
          userId: payment.userId,
          params: { kind: "order_completed", order: order.orderNumber, items: payment.lines.map(lineName) },
          link: `/order-details/${order.orderId}`,
        },
      ],
      confirmation.now,
    );
    return { kind: "order", ...order };
  });
}

/** Who an order bills and the VAT inside it, from its payment (none for a payment made before VAT). */
function orderTaxOf(payment: typeof payments.$inferSelect, payerCountry: string | null) {
  const { billing } = payment;
  if (!billing) return {};
  return {
    billingCountry: billing.country,
    companyName: billing.companyName,
    buyerVatNumber: billing.vatNumber,
    sellerVatNumber: billing.sellerVatNumber ?? null,
    taxScheme: billing.scheme,
    vatMinor: payment.lines.reduce((sum, line) => sum + (line.tax?.vatMinor ?? 0), 0),
    taxEvidence: { ...billing.evidence, payerCountry },
  };
}

/** The lines of a payment as a learner reads them in a mail: "Name: Group: £9.99" (in `locale`'s format). */
export function describePaidLines(payment: { lines: PaymentLine[]; currency: string }, locale: string): string[] {
  return payment.lines.map(
    (l) =>
      `${lineName(l)}${l.seats === undefined ? "" : ` (${l.seats} × ${formatMoney(l.unitPriceMinor ?? 0, payment.currency, locale)})`}: ${formatMoney(l.priceMinor, payment.currency, locale)}`,
  );
}

/** A payment the provider reports closed unpaid: no order, and the cart stays as it is. */
export async function closeUnpaidPayment(
  db: Db,
  options: { paymentId: number; status: "failed" | "cancelled" | "expired" | "superseded"; now: Date },
): Promise<boolean> {
  const closed = await db
    .update(payments)
    .set({ status: options.status, completedAt: options.now, nextCheckAt: null })
    .where(and(eq(payments.id, options.paymentId), inArray(payments.status, [...OPEN_PAYMENT_STATUSES])))
    .returning({ id: payments.id });
  return closed.length > 0;
}

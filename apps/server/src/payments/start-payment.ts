import { setTimeout as sleep } from "node:timers/promises";
import { CART_CHANGED } from "@skillshelf/shared/constants.ts";
import { NO_TRANSACTION } from "@skillshelf/shared/coupons.ts";
import { BILLING_MESSAGES, type DeclaredBilling } from "@skillshelf/shared/tax.ts";
import { and, eq, inArray, sql } from "drizzle-orm";
import { holdCouponUse, type Sale } from "../cart/pricing.ts";
import { preparedPerDb } from "../db/prepared.ts";
import {
  type CheckoutHandoff,
  OPEN_PAYMENT_STATUSES,
  type PaymentBilling,
  type PaymentProvider,
  payments,
} from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import { isUniqueViolation } from "../lib/db-errors.ts";
import { resolveBilling, saveBilling } from "../tax/billing.ts";
import { evidenceConflicts, taxEvidence } from "../tax/evidence.ts";
import { closeUnpaidPayment, fulfilPayment } from "./fulfil-payment.ts";
import { type Buyer, type ProviderOutcome, ProviderUnavailableError } from "./gateway.ts";
import type { Payments } from "./gateways.ts";
import { chargedMinor, checkClientView, checkReturnUrl, type Quote, quoteCart } from "./quote.ts";
import { applyOutcome, landing, type PaymentRow } from "./settle-payment.ts";

/** An "opening" row older than this belongs to a start that died mid-way (provider calls time out at 20 s). */
const OPENING_STALE_MS = 60_000;
/** The reconciler first asks about a checkout after this, then again at this interval. */
export const RECHECK_MS = 5 * 60_000;
/** A checkout this close to its provider's expiry is not handed out again. */
const REUSE_MARGIN_MS = 10 * 60_000;
/** How long a start waits for a concurrent start of the same learner to finish. */
const WAIT_FOR_OPENING_MS = 25_000;

export const ALREADY_PAID =
  "This cart has already been paid for: your order is in My orders. Nothing more was charged.";
const PAYMENT_IN_PROGRESS = "Your payment is still being prepared. Please try again in a moment.";

/** The learner's open payment, if any (at most one: a unique index says so). */
const openPaymentQuery = preparedPerDb((db) =>
  db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, sql.placeholder("userId")), inArray(payments.status, [...OPEN_PAYMENT_STATUSES])))
    .prepare("open_payment"),
);

/**
 * Starts paying the learner's cart, so that a cart is never charged twice:
 * a learner has at most one open checkout (a unique index says so). Asked
 * again for the same method and an unchanged cart, the open checkout is
 * handed out again (same id, same url); for another method or a changed cart
 * the open one is first closed at its provider, and money that still reaches
 * it is refunded by the fulfilment. A start racing another waits for it.
 *
 * A cart that costs nothing (credit and coupon cover it) is fulfilled at once
 * by the same fulfilment, without any provider: the handoff leads straight to
 * the order's confirmation. The one open payment a learner may have makes a
 * second start at once wait for the first, then find the cart paid.
 */
export async function startPayment(
  p: Payments,
  options: {
    provider: PaymentProvider;
    buyer: Buyer;
    /** The store's currency and VAT registration at the start (pricing.ts saleAt). */
    sale: Sale;
    /** Who is billed, as the client declared it (each part may be absent), and where the start came from. */
    billing: DeclaredBilling;
    ipAddress: string;
    publicUrl: string;
    client: {
      amount?: number | string | undefined;
      currency?: string | undefined;
      lineItems?: { name: string; price: number; quantity: number }[] | undefined;
      successUrl: string;
      cancelUrl: string;
    };
  },
): Promise<CheckoutHandoff> {
  try {
    return await startOrReuse(p, options);
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    p.log.error({ err: error, provider: options.provider }, "a provider did not answer while starting a payment");
    throw new AppError("provider_unavailable", p.gateways[options.provider].unavailableMessage);
  }
}

async function startOrReuse(p: Payments, options: Parameters<typeof startPayment>[1]): Promise<CheckoutHandoff> {
  const { db } = p;
  const { client, buyer } = options;
  const successUrl = checkReturnUrl(client.successUrl, options.publicUrl, "success_url");
  const cancelUrl = checkReturnUrl(client.cancelUrl, options.publicUrl, "cancel_url");
  const gateway = p.gateways[options.provider];
  const resolved = await resolveBilling({
    db,
    userId: buyer.userId,
    declared: options.billing,
    ipAddress: options.ipAddress,
    seller: options.sale.seller,
    checkVatNumber: p.checkVatNumber,
  });
  await saveBilling(db, buyer.userId, resolved);
  const evidence = await taxEvidence(resolved.billing.country, options.ipAddress);
  // Where the address says another country, a VAT-registered seller asks the buyer to confirm theirs (never refuses).
  if (options.sale.seller.vatNumber !== null && evidenceConflicts(evidence)) {
    if (!options.billing.countryConfirmed) {
      throw new AppError("invalid", BILLING_MESSAGES.confirmCountry, {
        confirm_country: BILLING_MESSAGES.confirmCountry,
      });
    }
    evidence.countryConfirmed = true;
  }
  const waitUntil = Date.now() + WAIT_FOR_OPENING_MS;
  /** The open payment of the learner this start waited for, if any. */
  let waitedFor: number | undefined;

  for (;;) {
    // However the learner's other starts and the providers behave, this start ends.
    if (Date.now() > waitUntil) throw new AppError("conflict", PAYMENT_IN_PROGRESS);
    let quote: Quote;
    try {
      quote = await quoteCart(db, buyer.userId, { ...options.sale, now: p.clock() }, resolved.buyer);
    } catch (error) {
      // The start this one waited for emptied the cart by paying for it (a free cart, fulfilled at once).
      if (waitedFor !== undefined && (await paymentStatus(p, waitedFor)) === "paid") {
        throw new AppError("conflict", ALREADY_PAID);
      }
      throw error;
    }
    checkClientView(quote, client);
    const billing: PaymentBilling = {
      ...resolved.billing,
      // On the payment (and its order) only when it made the reverse charge apply.
      vatNumber: resolved.buyer.vatNumber,
      scheme: quote.scheme,
      sellerVatNumber: options.sale.seller.vatNumber,
      evidence,
    };
    const [open] = await openPaymentQuery(db).execute({ userId: buyer.userId });
    const now = p.clock();

    if (!open) {
      let row: PaymentRow | undefined;
      try {
        [row] = await db.transaction(async (tx) => {
          // The code's use is held by this checkout from now on (COUPON_HOLD_MS), or the cart changed.
          if (quote.couponId !== null) await holdCouponUse(tx, quote.couponId, buyer.userId, now);
          return tx
            .insert(payments)
            .values({
              userId: buyer.userId,
              provider: options.provider,
              status: "opening",
              amountMinor: quote.amountMinor,
              currency: quote.currency,
              lines: quote.lines,
              couponId: quote.couponId,
              billing,
              successUrl,
              cancelUrl,
              createdAt: now,
              nextCheckAt: new Date(now.getTime() + OPENING_STALE_MS),
            })
            .returning();
        });
      } catch (error) {
        // Another start of this learner got in first: wait for it, then reuse or supersede it.
        if (!isUniqueViolation(error)) throw error;
      }
      if (row) return quote.amountMinor === 0 ? fulfilFree(p, row) : openCheckout(p, row, quote, buyer);
    } else if (open.status === "opening" || !open.providerRef) {
      waitedFor = open.id;
      if (now.getTime() - open.createdAt.getTime() > OPENING_STALE_MS) {
        await closeUnpaidPayment(db, { paymentId: open.id, status: "failed", now });
        continue;
      }
    } else {
      const reusable =
        open.provider === options.provider &&
        open.checkout !== null &&
        sameCharge(open, quote, billing) &&
        now.getTime() - open.createdAt.getTime() < gateway.checkoutLifetimeMs - REUSE_MARGIN_MS;
      let outcome: ProviderOutcome;
      if (reusable) {
        // Asked first, so a checkout paid while its confirmation was lost is fulfilled, never handed out again.
        outcome = await gateway.fetchOutcome(open.providerRef);
        if (outcome.state === "open" && open.checkout) {
          // Where the provider returns the learner is ours to say: the latest start's, written only when it changed.
          if (open.successUrl !== successUrl || open.cancelUrl !== cancelUrl) {
            await db.update(payments).set({ successUrl, cancelUrl }).where(eq(payments.id, open.id));
          }
          return open.checkout;
        }
      } else {
        // Superseded before the provider is told, so its own notice of the closed checkout does not name it otherwise.
        if (!(await closeUnpaidPayment(db, { paymentId: open.id, status: "superseded", now }))) continue;
        try {
          outcome = await p.gateways[open.provider].cancel(open.providerRef);
        } catch (error) {
          await reopen(p, open.id);
          throw error;
        }
        // The payer beat the cancel: that payment counts as if never superseded.
        if (outcome.state === "paid") await reopen(p, open.id);
      }
      if (outcome.state === "paid") {
        const settled = await applyOutcome(p, open, outcome);
        if (settled.kind === "order" && sameCharge(open, quote, billing)) throw new AppError("conflict", ALREADY_PAID);
      } else if (outcome.state !== "open") {
        // A superseded payment stays superseded: only an open one is closed here.
        await closeUnpaidPayment(db, { paymentId: open.id, status: outcome.state, now });
      }
      continue;
    }
    await sleep(100);
  }
}

/** The provider's side of a claimed payment; when the provider fails, the claim goes and nothing is recorded. */
async function openCheckout(p: Payments, row: PaymentRow, quote: Quote, buyer: Buyer): Promise<CheckoutHandoff> {
  const gateway = p.gateways[row.provider];
  let created: Awaited<ReturnType<typeof gateway.createCheckout>>;
  try {
    created = await gateway.createCheckout({
      // Ours, shown in the provider's dashboard: who paid, and which payment row it is.
      reference: `skillshelf-u${buyer.userId}-p${row.id}`,
      quote,
      buyer,
      now: p.clock(),
    });
  } catch (error) {
    await p.db.delete(payments).where(and(eq(payments.id, row.id), eq(payments.status, "opening")));
    throw error;
  }
  await p.db
    .update(payments)
    .set({
      status: "pending",
      providerRef: created.providerRef,
      checkout: created.checkout,
      nextCheckAt: new Date(p.clock().getTime() + RECHECK_MS),
    })
    .where(eq(payments.id, row.id));
  return created.checkout;
}

/**
 * A claimed payment of nothing, fulfilled at once as a paid one is (same
 * order, entitlements, coupon use, mail and notification), with no provider.
 */
async function fulfilFree(p: Payments, row: PaymentRow): Promise<CheckoutHandoff> {
  let fulfilment: Awaited<ReturnType<typeof fulfilPayment>>;
  try {
    fulfilment = await fulfilPayment(p.db, {
      paymentId: row.id,
      amountMinor: 0,
      currency: row.currency,
      transactionId: NO_TRANSACTION,
      now: p.clock(),
    });
  } catch (error) {
    // As when a provider fails: the claim goes, the cart stays.
    await p.db.delete(payments).where(and(eq(payments.id, row.id), eq(payments.status, "opening")));
    throw error;
  }
  // The credit or the code's last use went to another order between the quote and the claim.
  if (fulfilment.kind !== "order") throw new AppError("conflict", CART_CHANGED);
  return { kind: "redirect", id: `free-${row.id}`, url: landing(row, { kind: "order", orderId: fulfilment.orderId }) };
}

async function paymentStatus(p: Payments, paymentId: number) {
  const [row] = await p.db.select({ status: payments.status }).from(payments).where(eq(payments.id, paymentId));
  return row?.status;
}

/** A superseded payment open again, when closing it at its provider failed or lost a race with the payer. */
async function reopen(p: Payments, paymentId: number): Promise<void> {
  try {
    await p.db
      .update(payments)
      .set({ status: "pending", completedAt: null })
      .where(and(eq(payments.id, paymentId), eq(payments.status, "superseded")));
  } catch (error) {
    // A newer start of the learner holds the one open slot: it stays superseded, and its money is refunded.
    if (!isUniqueViolation(error)) throw error;
  }
}

/**
 * Whether an open payment charges exactly what the cart costs now, to the
 * same buyer: the same lines at the same prices, credits, discounts and VAT,
 * billed to the same name, country and VAT number.
 */
function sameCharge(payment: PaymentRow, quote: Quote, billing: PaymentBilling): boolean {
  const key = (lines: Quote["lines"]) =>
    lines
      .map(
        (l) =>
          `${l.categoryId}:${l.groupId ?? ""}:${l.seats ?? ""}:${l.teamId ?? ""}:${l.priceMinor}:${chargedMinor(l)}:${l.tax?.vatMinor ?? ""}`,
      )
      .sort()
      .join(",");
  const billed = (b: PaymentBilling | null) => b && `${b.country}:${b.companyName ?? ""}:${b.vatNumber ?? ""}`;
  return (
    payment.amountMinor === quote.amountMinor &&
    payment.couponId === quote.couponId &&
    payment.currency === quote.currency &&
    key(payment.lines) === key(quote.lines) &&
    billed(payment.billing) === billed(billing)
  );
}

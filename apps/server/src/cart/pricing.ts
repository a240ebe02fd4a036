import { CART_CHANGED } from "@skillshelf/shared/constants.ts";
import { COUPON_MESSAGES } from "@skillshelf/shared/coupons.ts";
import { minorStep } from "@skillshelf/shared/money-rules.ts";
import { volumePercent } from "@skillshelf/shared/teams.ts";
import { and, count, eq, gt, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { preparedPerDb } from "../db/prepared.ts";
import {
  cartCoupons,
  couponRedemptions,
  coupons,
  entitlements,
  OPEN_PAYMENT_STATUSES,
  orderLines,
  orders,
  payments,
} from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import { savedBillingOf } from "../tax/billing.ts";
import {
  type Billing,
  type BuyerTax,
  type LineTax,
  type RateTable,
  type SellerTax,
  type TaxTreatment,
  taxLine,
  taxTreatment,
} from "../tax/vat.ts";
import { readVolumeTiers } from "../teams/volume-tiers.ts";
import { type CartLine, loadCartLines } from "./cart-lines.ts";

export type Coupon = typeof coupons.$inferSelect;

/** A cart line with what comes off it, paid = price - credit - discount, and the VAT inside what is paid. */
interface PricedLine extends CartLine {
  creditMinor: number;
  creditedLineIds: number[];
  discountMinor: number;
  tax: LineTax;
}

/** Who sells in what currency, at which VAT rates, and when: what every price of the store depends on besides the cart. */
export interface Sale {
  currency: string;
  seller: SellerTax;
  rates: RateTable;
  now: Date;
}

/** The store's terms of sale now: its currency and VAT registration (config.ts), and its VAT rates. */
export const saleAt = (store: {
  config: { storeCurrency: string; tax: SellerTax };
  vatRates: RateTable;
  clock: () => Date;
}): Sale => ({
  currency: store.config.storeCurrency,
  seller: store.config.tax,
  rates: store.vatRates,
  now: store.clock(),
});

export interface CartPricing {
  lines: PricedLine[];
  subtotalMinor: number;
  creditMinor: number;
  discountMinor: number;
  totalMinor: number;
  /** Who the lines are taxed for (the learner's last billing details, or `options.buyer`), how, and the VAT inside the total. */
  billing: Billing | null;
  buyer: BuyerTax;
  treatment: TaxTreatment;
  vatMinor: number;
  /** The code kept with the cart; `problem` says why it takes nothing off now (null: it applies). */
  coupon: { id: number; code: string; problem: string | null } | null;
}

const sum = <T>(items: T[], of: (item: T) => number) => items.reduce((total, item) => total + of(item), 0);
const due = (line: PricedLine) => line.priceMinor - line.creditMinor;
const paidFor = (line: PricedLine) => due(line) - line.discountMinor;
/** A line's tax until the lines' prices are settled. */
const untaxed: LineTax = { taxClass: "standard", country: "", ratePercent: 0, netMinor: 0, vatMinor: 0 };

const groupPaymentsQuery = preparedPerDb((db) =>
  db
    .select({
      categoryId: entitlements.categoryId,
      lineId: orderLines.id,
      paidMinor: sql<number>`(${orderLines.priceMinor} - ${orderLines.creditMinor} - ${orderLines.discountMinor})::int`,
    })
    .from(entitlements)
    .innerJoin(
      orderLines,
      and(eq(orderLines.orderId, entitlements.orderId), eq(orderLines.groupId, entitlements.groupId)),
    )
    .innerJoin(orders, eq(orders.id, entitlements.orderId))
    .where(
      and(
        eq(entitlements.userId, sql.placeholder("userId")),
        // One statement for any number of artefacts: the ids travel as one array.
        sql`${entitlements.categoryId} = any(${sql.placeholder("categoryIds")}::int[])`,
        isNotNull(entitlements.groupId),
        isNull(entitlements.revokedAt),
        isNull(orders.refundState),
        isNull(orderLines.creditedToOrderId),
        // A team seat's access, and a team's seats, are no credit: the learner paid nothing for them as theirs.
        isNull(entitlements.seatId),
        isNull(orderLines.seats),
      ),
    )
    .prepare("group_payments"),
);

/**
 * What the learner paid for the groups they own in each of `categoryIds`
 * (orders neither refunded nor being refunded, lines not yet credited to a
 * whole artefact): the upgrade credit of buying the whole artefact.
 */
async function groupPayments(db: DbOrTx, userId: number, categoryIds: number[]) {
  const credits = new Map<number, { paidMinor: number; lineIds: number[] }>();
  if (categoryIds.length === 0) return credits;
  const rows = await groupPaymentsQuery(db).execute({ userId, categoryIds });
  for (const row of rows) {
    const credit = credits.get(row.categoryId) ?? { paidMinor: 0, lineIds: [] };
    credit.paidMinor += row.paidMinor;
    credit.lineIds.push(row.lineId);
    credits.set(row.categoryId, credit);
  }
  return credits;
}

/** The upgrade credit of a whole artefact priced `priceMinor`: what was paid for its groups, never more than the price. */
const creditOf = (priceMinor: number, paidMinor = 0) => Math.min(priceMinor, paidMinor);

/**
 * What the cart will take off the whole of `artefactId` for this learner, for the groups of it
 * they own (as priceCart does): what the listing shows beside its price.
 */
export async function upgradeCreditMinor(db: DbOrTx, userId: number, artefactId: number, priceMinor: number) {
  return creditOf(priceMinor, (await groupPayments(db, userId, [artefactId])).get(artefactId)?.paidMinor);
}

/**
 * How long a checkout that has not been paid yet holds a use of its code: the
 * last use of a code goes to one learner at a time, who is told at checkout,
 * not after paying. A checkout paid later still gets the use if one is left
 * (fulfilment counts only paid orders), or its money back.
 */
export const COUPON_HOLD_MS = 30 * 60_000;

/**
 * Why no more orders may use the code, in all or for this learner; null while
 * uses are left. With `heldAt` (the cart and the start of a checkout), the
 * other learners' checkouts of the last COUPON_HOLD_MS count as uses; the
 * fulfilment of a payment leaves it out: money that arrived first is served first.
 */
async function couponUsedUp(db: DbOrTx, coupon: Coupon, userId: number, heldAt?: Date): Promise<string | null> {
  if (coupon.maxUses !== null) {
    const held = heldAt ? await heldUses(db, coupon.id, userId, heldAt) : 0;
    if (coupon.uses + held >= coupon.maxUses) return COUPON_MESSAGES.usedUp;
  }
  if (coupon.maxUsesPerLearner !== null) {
    const [mine] = await db
      .select({ uses: count() })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, coupon.id), eq(couponRedemptions.userId, userId)));
    if ((mine?.uses ?? 0) >= coupon.maxUsesPerLearner) return COUPON_MESSAGES.usedByYou;
  }
  return null;
}

/** Uses of a code held by other learners' checkouts not yet paid, started in the last COUPON_HOLD_MS. */
async function heldUses(db: DbOrTx, couponId: number, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ held: count() })
    .from(payments)
    .where(
      and(
        eq(payments.couponId, couponId),
        inArray(payments.status, [...OPEN_PAYMENT_STATUSES]),
        ne(payments.userId, userId),
        gt(payments.createdAt, new Date(now.getTime() - COUPON_HOLD_MS)),
      ),
    );
  return row?.held ?? 0;
}

/**
 * The code, its row locked within `tx` until the transaction ends, while it
 * has a use left for this learner (couponUsedUp, with `heldAt` as there); null
 * when it is gone or used up. Fulfilment claims a use under this lock, and
 * checkouts started at once take a code's last use one at a time.
 */
export async function lockUsableCoupon(
  tx: DbOrTx,
  couponId: number,
  userId: number,
  heldAt?: Date,
): Promise<Coupon | null> {
  const [coupon] = await tx.select().from(coupons).where(eq(coupons.id, couponId)).for("update");
  if (!coupon || (await couponUsedUp(tx, coupon, userId, heldAt))) return null;
  return coupon;
}

/** Holds a use of the code for a checkout about to be made, within `tx`: a code used up meanwhile changes the cart (409). */
export async function holdCouponUse(tx: DbOrTx, couponId: number, userId: number, now: Date): Promise<void> {
  if (!(await lockUsableCoupon(tx, couponId, userId, now))) throw new AppError("conflict", CART_CHANGED);
}

/**
 * Takes the coupon off the lines it applies to, shared in proportion to what
 * each costs after credit (the odd steps to the largest remainders), so
 * every order line records what was paid for it. Returns why it cannot apply.
 * The discount and each share are whole steps of the currency (minorStep: a
 * tenth of a KWD cent is never taken off), so what each line costs stays one.
 */
function discountLines(coupon: Coupon, lines: PricedLine[], step: number): string | null {
  const restricted = coupon.artefactIds !== null && coupon.artefactIds.length > 0;
  const eligible = lines.filter((l) => due(l) > 0 && (!restricted || coupon.artefactIds?.includes(l.categoryId)));
  const base = sum(eligible, due);
  if (base === 0) return COUPON_MESSAGES.notApplicable;
  // Never more than the lines it applies to cost: a 100% code makes them free, and checkout fulfils a free cart at once.
  const wanted = coupon.kind === "percent" ? (base * coupon.value) / 100 : coupon.value;
  const steps = Math.min(Math.round(wanted / step), Math.floor(base / step));
  const exact = eligible.map((line) => (steps * due(line)) / base);
  const shares = exact.map(Math.floor);
  let left = steps - sum(shares, (share) => share);
  const byRemainder = exact.map((e, i) => ({ i, rest: e - Math.floor(e) })).sort((a, b) => b.rest - a.rest);
  for (const { i } of byRemainder) {
    if (left === 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left -= 1;
  }
  eligible.forEach((line, i) => {
    line.discountMinor = (shares[i] ?? 0) * step;
  });
  return null;
}

const cartCouponQuery = preparedPerDb((db) =>
  db
    .select({ coupon: coupons })
    .from(cartCoupons)
    .innerJoin(coupons, eq(coupons.id, cartCoupons.couponId))
    .where(eq(cartCoupons.userId, sql.placeholder("userId")))
    .prepare("cart_coupon"),
);

async function cartCouponOf(db: DbOrTx, userId: number): Promise<Coupon | undefined> {
  const [row] = await cartCouponQuery(db).execute({ userId });
  return row?.coupon;
}

/**
 * Who the learner's cart is taxed for when checkout has not said: the billing
 * details they gave last (a VAT number counts once it was found valid), else
 * a buyer in `located` (the country they connect from), else in the seller's country.
 */
async function savedBilling(
  db: DbOrTx,
  userId: number,
  seller: SellerTax,
  located = seller.country,
): Promise<{ billing: Billing; buyer: BuyerTax }> {
  const saved = await savedBillingOf(db, userId);
  if (!saved)
    return {
      billing: { country: located, companyName: null, vatNumber: null },
      buyer: { country: located, vatNumber: null },
    };
  const { vatNumberValid, ...billing } = saved;
  return { billing, buyer: { country: saved.country, vatNumber: vatNumberValid ? saved.vatNumber : null } };
}

/**
 * The price of each team line of a cart: its seats at its unit price (the catalogue's, or for more
 * seats of a purchase, what one of its seats cost), less the volume discount of the operator's tier
 * that the seats reach (none for more seats: their unit price already had it), in whole steps of the
 * currency. A learner's own lines stay as they are.
 */
export async function priceSeatLines(db: DbOrTx, lines: CartLine[], currency: string): Promise<CartLine[]> {
  if (!lines.some((line) => line.seats !== undefined)) return lines;
  const tiers = await readVolumeTiers(db);
  const step = minorStep(currency);
  return lines.map((line) => {
    if (line.seats === undefined) return line;
    const unitPriceMinor = line.unitPriceMinor ?? line.priceMinor;
    const grossMinor = unitPriceMinor * line.seats;
    const percent = line.teamId === undefined ? volumePercent(tiers, line.seats) : 0;
    const volumeDiscountMinor = Math.round((grossMinor * percent) / 100 / step) * step;
    return { ...line, unitPriceMinor, volumeDiscountMinor, priceMinor: grossMinor - volumeDiscountMinor };
  });
}

/**
 * What the learner's cart costs now, from the database only: the catalogue's
 * prices, less the upgrade credit of each whole artefact whose groups they
 * own, less the cart's coupon (or `options.coupon`, a code being tried) when
 * it is valid for them and applies. Never below zero. Prices include VAT:
 * the total is the same wherever the buyer is, and each line's VAT is taken
 * out of what is paid for it, for `options.buyer` (else the learner's last
 * billing details, else a buyer in `options.located`).
 */
export async function priceCart(
  db: DbOrTx,
  userId: number,
  sale: Sale,
  options: { coupon?: Coupon; buyer?: BuyerTax; located?: string } = {},
): Promise<CartPricing> {
  const { currency, now } = sale;
  const cart = await priceSeatLines(db, await loadCartLines(db, userId), currency);
  // Upgrade credit is for the learner's own whole artefact, never a team's seats.
  const ownWhole = (line: CartLine) => line.groupId === null && line.seats === undefined;
  const wholes = cart.filter(ownWhole).map((line) => line.categoryId);
  const owned = await groupPayments(db, userId, wholes);
  const lines: PricedLine[] = cart.map((line) => {
    const paid = ownWhole(line) ? owned.get(line.categoryId) : undefined;
    const creditMinor = creditOf(line.priceMinor, paid?.paidMinor);
    const creditedLineIds = creditMinor > 0 ? (paid?.lineIds ?? []) : [];
    return { ...line, creditMinor, creditedLineIds, discountMinor: 0, tax: untaxed };
  });
  const coupon = options.coupon ?? (await cartCouponOf(db, userId));
  let applied: CartPricing["coupon"] = null;
  if (coupon) {
    const expired = coupon.expiresAt !== null && coupon.expiresAt <= now ? COUPON_MESSAGES.expired : null;
    const problem =
      expired ?? (await couponUsedUp(db, coupon, userId, now)) ?? discountLines(coupon, lines, minorStep(currency));
    applied = { id: coupon.id, code: coupon.code, problem };
  }
  const { billing, buyer } = options.buyer
    ? { billing: null, buyer: options.buyer }
    : await savedBilling(db, userId, sale.seller, options.located);
  const treatment = taxTreatment(sale.seller, buyer);
  for (const line of lines) line.tax = taxLine(treatment, line.taxClass, paidFor(line), now, sale.rates);
  const subtotalMinor = sum(lines, (l) => l.priceMinor);
  const creditMinor = sum(lines, (l) => l.creditMinor);
  const discountMinor = sum(lines, (l) => l.discountMinor);
  return {
    lines,
    subtotalMinor,
    creditMinor,
    discountMinor,
    totalMinor: subtotalMinor - creditMinor - discountMinor,
    coupon: applied,
    billing,
    buyer,
    treatment,
    vatMinor: sum(lines, (l) => l.tax.vatMinor),
  };
}

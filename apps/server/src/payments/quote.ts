import { CART_CHANGED } from "@skillshelf/shared/constants.ts";
import { toMinor } from "@skillshelf/shared/money.ts";
import { minorOfClientAmount } from "@skillshelf/shared/money-rules.ts";
import { priceCart, type Sale } from "../cart/pricing.ts";
import type { DbOrTx } from "../db/client.ts";
import type { PaymentLine } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import type { BuyerTax, TaxScheme } from "../tax/vat.ts";

/** What a provider is asked to charge: lines (each at what is paid for it) that sum to the amount. */
export interface Charge {
  lines: PaymentLine[];
  amountMinor: number;
  currency: string;
}

export interface Quote extends Charge {
  /** The lines at the catalogue's prices, before credit and discount. */
  subtotalMinor: number;
  /** The coupon whose discount is in the lines: fulfilment claims one use of it. */
  couponId: number | null;
  /** How the lines' tax was worked out, and the VAT inside the amount. */
  scheme: TaxScheme;
  vatMinor: number;
}

/** What is paid for one line: its price less its credit and its share of the discount. */
export const chargedMinor = (line: PaymentLine) =>
  line.priceMinor - (line.creditMinor ?? 0) - (line.discountMinor ?? 0);

/**
 * What the cart costs now, from the database's prices, credits and the
 * cart's coupon (priceCart): the only amount ever charged, with the VAT
 * inside it for `buyer` (else the learner's last billing details). A quote of
 * 0 (credit and coupon cover everything) is fulfilled at once, never sent to a provider.
 */
export async function quoteCart(db: DbOrTx, userId: number, sale: Sale, buyer?: BuyerTax): Promise<Quote> {
  const pricing = await priceCart(db, userId, sale, buyer ? { buyer } : {});
  if (pricing.lines.length === 0) throw new AppError("conflict", "Your cart is empty.");
  const lines = pricing.lines.map((l) => ({
    categoryId: l.categoryId,
    groupId: l.groupId,
    name: l.name,
    groupName: l.groupName,
    priceMinor: l.priceMinor,
    creditMinor: l.creditMinor,
    creditedLineIds: l.creditedLineIds,
    discountMinor: l.discountMinor,
    tax: l.tax,
    ...(l.seats === undefined
      ? {}
      : {
          seats: l.seats,
          unitPriceMinor: l.unitPriceMinor ?? l.priceMinor,
          volumeDiscountMinor: l.volumeDiscountMinor ?? 0,
          ...(l.teamId === undefined ? {} : { teamId: l.teamId }),
        }),
  }));
  const { coupon } = pricing;
  return {
    lines,
    subtotalMinor: pricing.subtotalMinor,
    amountMinor: pricing.totalMinor,
    currency: sale.currency,
    couponId: coupon && coupon.problem === null ? coupon.id : null,
    scheme: pricing.treatment.scheme,
    vatMinor: pricing.vatMinor,
  };
}

/**
 * Checks what the client believes it is paying against the quote: a different
 * amount, currency or set of lines means the cart changed under it.
 */
export function checkClientView(
  quote: Quote,
  client: {
    amount?: number | string | undefined;
    currency?: string | undefined;
    lineItems?: { name: string; price: number; quantity: number }[] | undefined;
  },
): void {
  const mismatch = () => new AppError("conflict", CART_CHANGED);
  if (client.amount !== undefined) {
    if (minorOfClientAmount(client.amount, quote.currency) !== quote.amountMinor) throw mismatch();
  }
  if (client.currency !== undefined && client.currency.toUpperCase() !== quote.currency) throw mismatch();
  if (client.lineItems !== undefined) {
    // Lines at the prices the cart lists them, or at what is paid for each: either sums to what the server says.
    const sum = client.lineItems.reduce((s, l) => s + toMinor(l.price, quote.currency) * l.quantity, 0);
    const known = sum === quote.subtotalMinor || sum === quote.amountMinor;
    if (client.lineItems.length !== quote.lines.length || !known) throw mismatch();
  }
}

/** A name for the whole purchase, as providers that take one string want it. */
export function describeLines(lines: PaymentLine[]): string {
  return lines.map(lineName).join(" AND ");
}

export function lineName(line: Pick<PaymentLine, "name" | "groupName">): string {
  return line.groupName ? `${line.name}: ${line.groupName}` : line.name;
}

/** Return URLs must lead back to this store. */
export function checkReturnUrl(url: string, publicUrl: string, field: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url, publicUrl);
  } catch {
    throw new AppError("invalid", "Return URLs must point to this store.", {
      [field]: "Return URLs must point to this store.",
    });
  }
  if (parsed.origin !== new URL(publicUrl).origin) {
    throw new AppError("invalid", "Return URLs must point to this store.", {
      [field]: "Return URLs must point to this store.",
    });
  }
  return parsed.toString();
}

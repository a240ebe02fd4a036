import { CART_CHANGED } from "@skillshelf/shared/constants.ts";
import { minorOfClientAmount, toMinor } from "@skillshelf/shared/money.ts";
import { loadCartLines } from "../cart/cart-lines.ts";
import type { DbOrTx } from "../db/client.ts";
import type { PaymentLine } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";

export interface Quote {
  lines: PaymentLine[];
  amountMinor: number;
  currency: string;
}

/** What the cart costs now, from the database's prices: the only amount ever charged. */
export async function quoteCart(db: DbOrTx, userId: number, currency: string): Promise<Quote> {
  const lines = (await loadCartLines(db, userId)).map(({ categoryId, groupId, name, groupName, priceMinor }) => ({
    categoryId,
    groupId,
    name,
    groupName,
    priceMinor,
  }));
  if (lines.length === 0) throw new AppError("conflict", "Your cart is empty.");
  return { lines, amountMinor: lines.reduce((sum, l) => sum + l.priceMinor, 0), currency };
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
    if (minorOfClientAmount(client.amount) !== quote.amountMinor) throw mismatch();
  }
  if (client.currency !== undefined && client.currency.toUpperCase() !== quote.currency) throw mismatch();
  if (client.lineItems !== undefined) {
    const sum = client.lineItems.reduce((s, l) => s + toMinor(l.price) * l.quantity, 0);
    if (client.lineItems.length !== quote.lines.length || sum !== quote.amountMinor) throw mismatch();
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

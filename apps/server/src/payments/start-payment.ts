import type { Db } from "../db/client.ts";
import { type PaymentProvider, payments } from "../db/schema/index.ts";
import { checkClientView, checkReturnUrl, type Quote, quoteCart } from "./quote.ts";

/**
 * The common start of every checkout: price the cart from the database, check
 * what the client believes it pays and where it wants to land, let the
 * provider create its side, then record the pending payment under the
 * provider's reference.
 */
export async function startPayment<T>(options: {
  db: Db;
  userId: number;
  provider: PaymentProvider;
  storeCurrency: string;
  publicUrl: string;
  client: {
    amount?: number | string | undefined;
    currency?: string | undefined;
    lineItems?: { name: string; price: number; quantity: number }[] | undefined;
    successUrl: string;
    cancelUrl: string;
  };
  now: Date;
  create: (quote: Quote) => Promise<{ providerRef: string; result: T }>;
}): Promise<T> {
  const { db, client } = options;
  const successUrl = checkReturnUrl(client.successUrl, options.publicUrl, "success_url");
  const cancelUrl = checkReturnUrl(client.cancelUrl, options.publicUrl, "cancel_url");
  const quote = await quoteCart(db, options.userId, options.storeCurrency);
  checkClientView(quote, client);
  const { providerRef, result } = await options.create(quote);
  await db.insert(payments).values({
    userId: options.userId,
    provider: options.provider,
    providerRef,
    amountMinor: quote.amountMinor,
    currency: quote.currency,
    lines: quote.lines,
    successUrl,
    cancelUrl,
    createdAt: options.now,
  });
  return result;
}

import { randomInt } from "node:crypto";
import type { UserRecord } from "@skillshelf/shared/api.ts";
import type { Db } from "../../db/client.ts";
import { describeLines } from "../quote.ts";
import { startPayment } from "../start-payment.ts";
import { payuAmount } from "./payu-amount.ts";
import { payuRequestHash } from "./payu-hash.ts";
import type { PayuSettings } from "./payu-settings.ts";

let sequence = 0;

/**
 * "TXN" and the timestamp in milliseconds (SPEC section 9), then six digits:
 * a counter keeps two checkouts of one millisecond in this process apart, and
 * random digits those of two instances. 22 characters, under PayU's 25.
 */
export function newTxnid(now: Date): string {
  sequence = (sequence + 1) % 1000;
  return `TXN${now.getTime()}${String(sequence).padStart(3, "0")}${String(randomInt(1000)).padStart(3, "0")}`;
}

/**
 * Prices the cart and returns the hosted-checkout form the browser posts to
 * PayU. Every field is the server's: the amount from the database, the
 * product info from the cart's lines, the payer from the account.
 */
export async function startPayuPayment(options: {
  db: Db;
  settings: PayuSettings;
  userId: number;
  user: Pick<UserRecord, "name" | "email" | "mobile_number">;
  storeCurrency: string;
  publicUrl: string;
  client: { amount: number | string; currency: string; successUrl: string; cancelUrl: string };
  now: Date;
}): Promise<{ action: string; params: Record<string, string> }> {
  const { settings, user, publicUrl } = options;
  return startPayment({
    db: options.db,
    userId: options.userId,
    provider: "payu",
    storeCurrency: options.storeCurrency,
    publicUrl,
    client: options.client,
    now: options.now,
    create: async (quote) => {
      const fields = {
        key: settings.key,
        txnid: newTxnid(options.now),
        amount: payuAmount(quote.amountMinor),
        productinfo: describeLines(quote.lines),
        firstname: user.name,
        email: user.email,
      };
      // PayU posts back to the store, which checks the reverse hash before sending the learner on.
      const returnUrl = `${publicUrl}/api/payu/return`;
      const params = {
        ...fields,
        phone: user.mobile_number,
        surl: returnUrl,
        furl: returnUrl,
        hash: payuRequestHash(fields, settings.salt),
      };
      return { providerRef: fields.txnid, result: { action: settings.actionUrl, params } };
    },
  });
}

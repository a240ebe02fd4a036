import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { payments } from "../../db/schema/index.ts";
import { closeUnpaidPayment, fulfilPayment } from "../fulfil-payment.ts";
import { minorOfPayuAmount } from "./payu-amount.ts";
import { payuHashMatches, payuResponseHash } from "./payu-hash.ts";
import type { PayuSettings } from "./payu-settings.ts";

export type PostbackResult = { status: 303; location: string } | { status: 400; reason: string };

/**
 * PayU's POST-back (surl or furl) arrives through the learner's browser, so
 * every field may be forged: nothing is written until the reverse hash,
 * computed with the salt only PayU and the store know, matches. A success
 * then makes the order only for the payment's own amount, and the one
 * fulfilment makes repeated or racing POST-backs one order.
 */
export async function receivePayuPostback(options: {
  db: Db;
  settings: PayuSettings;
  fields: Record<string, string>;
  now: Date;
  log: FastifyBaseLogger;
}): Promise<PostbackResult> {
  const { db, settings, fields: f, log } = options;
  const txnid = f.txnid ?? "";
  const refused = (reason: string): PostbackResult => {
    log.warn({ txnid, reason }, "PayU POST-back refused");
    return { status: 400, reason };
  };
  if (!txnid || !f.status || f.key !== settings.key) return refused("missing fields or another merchant key");
  const expected = payuResponseHash(
    {
      key: f.key,
      txnid,
      amount: f.amount ?? "",
      productinfo: f.productinfo ?? "",
      firstname: f.firstname ?? "",
      email: f.email ?? "",
      udf1: f.udf1,
      udf2: f.udf2,
      udf3: f.udf3,
      udf4: f.udf4,
      udf5: f.udf5,
      status: f.status,
      additionalCharges: f.additionalCharges,
    },
    settings.salt,
  );
  if (!payuHashMatches(expected, f.hash)) return refused("reverse hash mismatch");
  const [payment] = await db
    .select({
      amountMinor: payments.amountMinor,
      currency: payments.currency,
      successUrl: payments.successUrl,
      cancelUrl: payments.cancelUrl,
    })
    .from(payments)
    .where(and(eq(payments.provider, "payu"), eq(payments.providerRef, txnid)));
  if (!payment) return refused("unknown txnid");
  const close = async (status: "failed" | "cancelled"): Promise<PostbackResult> => {
    await closeUnpaidPayment(db, { provider: "payu", providerRef: txnid, status, now: options.now });
    return { status: 303, location: payment.cancelUrl };
  };

  if (f.status === "success") {
    const paid = minorOfPayuAmount(f.amount);
    if (paid !== payment.amountMinor || !f.mihpayid) {
      log.error({ txnid, amount: f.amount, mihpayid: f.mihpayid }, "PayU success for another amount: no order");
      return close("failed");
    }
    const made = await fulfilPayment(db, {
      provider: "payu",
      providerRef: txnid,
      amountMinor: paid,
      currency: payment.currency,
      transactionId: f.mihpayid,
      now: options.now,
    });
    const location = new URL(payment.successUrl);
    location.searchParams.set("order", String(made.orderId));
    return { status: 303, location: location.toString() };
  }
  // PayU settles a pending payment later; leave it open rather than call it failed.
  if (f.status === "pending") return { status: 303, location: payment.cancelUrl };
  // PayU reports a payer's cancel as a failure whose unmapped status says so.
  return close(f.status === "cancel" || f.unmappedstatus === "userCancelled" ? "cancelled" : "failed");
}

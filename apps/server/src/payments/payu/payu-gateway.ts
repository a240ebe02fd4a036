import { createHash, randomInt } from "node:crypto";
import { SETTING_OF_CODE } from "@skillshelf/shared/i18n/languages.ts";
import { decimalAmount } from "@skillshelf/shared/money.ts";
import { minorOfDecimalAmount } from "@skillshelf/shared/money-rules.ts";
import { payuHashMatches, payuRequestHash, payuResponseHash } from "@skillshelf/shared/payu-hash.ts";
import { z } from "zod";
import type { PaymentGateway, ProviderOutcome, WebhookResult } from "../gateway.ts";
import { ProviderUnavailableError } from "../gateway.ts";
import type { PayuSettings } from "../provider-settings.ts";
import { describeLines } from "../quote.ts";
import { payuCommand } from "./payu-postservice.ts";

const PAYU_UNAVAILABLE = "PayU is not available right now. Please try again or choose another payment method.";

/** A PayU form nobody posted within this long is taken as abandoned. */
const FORM_LIFETIME_MS = 3600_000;

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

const transactionSchema = z.looseObject({
  status: z.string(),
  unmappedstatus: z.string().optional(),
  mihpayid: z.union([z.string(), z.number()]).optional(),
  amt: z.string().optional(),
});

/** PayU's word for a transaction, as the POST-back and verify_payment both give it. */
function outcomeOf(
  t: { status: string; unmappedstatus?: string | undefined; amount?: string | undefined; mihpayid?: string },
  currency: string,
): ProviderOutcome {
  const status = t.status.toLowerCase();
  // A success without PayU's payment id cannot be refunded or matched: verify_payment will tell it later.
  if (status === "success" && t.mihpayid) {
    return {
      state: "paid",
      amountMinor: minorOfDecimalAmount(t.amount, currency, { trailingZeros: true }) ?? -1,
      currency,
      transactionId: t.mihpayid,
    };
  }
  // PayU settles a pending payment later; an unknown txnid is a form not posted yet.
  if (status === "success" || status === "pending" || status === "not found") return { state: "open" };
  // PayU reports a payer's cancel as a failure whose unmapped status says so.
  return status === "cancel" || t.unmappedstatus === "userCancelled" ? { state: "cancelled" } : { state: "failed" };
}

/** PayU hosted checkout: a signed form the browser posts, a hashed POST-back, the postservice API. */
export function payuGateway(
  settings: PayuSettings,
  { publicUrl, storeCurrency }: { publicUrl: string; storeCurrency: string },
) {
  const fetchOutcome = async (txnid: string): Promise<ProviderOutcome> => {
    const answer = await payuCommand(settings, "verify_payment", [txnid]);
    const details = z.record(z.string(), transactionSchema).safeParse(answer.transaction_details);
    const t = details.success ? details.data[txnid] : undefined;
    if (!t) throw new ProviderUnavailableError(`PayU's verify_payment did not describe ${txnid}`);
    const mihpayid = t.mihpayid === undefined || t.mihpayid === "Not Found" ? undefined : String(t.mihpayid);
    return outcomeOf(
      { status: t.status, unmappedstatus: t.unmappedstatus, amount: t.amt, ...(mihpayid ? { mihpayid } : {}) },
      storeCurrency,
    );
  };

  const gateway = {
    provider: "payu",
    unavailableMessage: PAYU_UNAVAILABLE,
    checkoutLifetimeMs: FORM_LIFETIME_MS,

    async createCheckout({ quote, buyer, now }) {
      // Every field is the server's: the amount from the database, the product info from the cart, the payer from the account.
      const fields = {
        key: settings.key,
        txnid: newTxnid(now),
        amount: decimalAmount(quote.amountMinor, quote.currency),
        productinfo: describeLines(quote.lines),
        firstname: buyer.name,
        email: buyer.email,
      };
      // PayU posts back to the store, which checks the reverse hash before sending the learner on.
      const returnUrl = `${publicUrl}/api/payu/return`;
      const params = {
        ...fields,
        phone: buyer.phone,
        // PayU's page in the learner's language ("Spanish"); outside the hash, as PayU has it.
        display_lang: SETTING_OF_CODE[buyer.language],
        surl: returnUrl,
        furl: returnUrl,
        hash: payuRequestHash(fields, settings.salt),
      };
      return { providerRef: fields.txnid, checkout: { kind: "form", action: settings.actionUrl, params } };
    },

    fetchOutcome,

    async cancel(txnid) {
      // Nothing stops a form the browser already has: the attempt is only marked superseded,
      // and money that still arrives for it is refunded.
      const outcome = await fetchOutcome(txnid);
      return outcome.state === "paid" ? outcome : { state: "cancelled" };
    },

    async refund({ transactionId, amountMinor, key }) {
      // PayU's token (at most 23 characters) names the refund: PayU refuses one it has seen.
      const token = `R${createHash("sha256").update(key).digest("hex").slice(0, 22)}`;
      const answer = await payuCommand(settings, "cancel_refund_transaction", [
        transactionId,
        token,
        decimalAmount(amountMinor, storeCurrency),
      ]);
      if (Number(answer.status) !== 1) throw new ProviderUnavailableError(`PayU refused the refund: ${answer.msg}`);
      return String(answer.request_id ?? answer.txn_update_id ?? token);
    },
  } satisfies PaymentGateway;

  /**
   * PayU's POST-back (surl or furl) comes through the learner's browser, so
   * every field may be forged: it says nothing until the reverse hash,
   * computed with the salt only PayU and the store know, matches.
   */
  const readPostback = (f: Record<string, string>): WebhookResult => {
    const txnid = f.txnid ?? "";
    if (!txnid || !f.status || f.key !== settings.key) return { kind: "unverified" };
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
    if (!payuHashMatches(expected, f.hash)) return { kind: "unverified" };
    const outcome = outcomeOf(
      {
        status: f.status,
        unmappedstatus: f.unmappedstatus,
        amount: f.amount,
        ...(f.mihpayid ? { mihpayid: f.mihpayid } : {}),
      },
      storeCurrency,
    );
    return { kind: "outcome", providerRef: txnid, outcome, note: `POST-back ${f.status}` };
  };

  return { gateway, readPostback };
}

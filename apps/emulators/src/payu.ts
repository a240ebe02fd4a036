import { randomInt } from "node:crypto";
import { acceptFormBodies, formFields } from "@skillshelf/shared/form-body.ts";
import { minorOfDecimalAmount } from "@skillshelf/shared/money-rules.ts";
import { PAYU_EMULATOR_PATH as BASE, PAYU_EMULATOR_CREDENTIALS } from "@skillshelf/shared/payment-emulators.ts";
import {
  type PayuHashFields,
  payuCommandHash,
  payuHashMatches,
  payuRequestHash,
  payuResponseHash,
} from "@skillshelf/shared/payu-hash.ts";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { type EmulatorLanguage, emulatorLanguage, type PageContent, sendPage } from "./page.ts";
import type { EmulatorOptions } from "./plugin-options.ts";

interface Transaction {
  /** The payment form as posted, less its hash. */
  fields: Record<string, string>;
  status: "pending" | "success" | "failure";
  mihpayid: string | null;
  /** The POST-back, fixed at the payer's first decision so a repeated click re-sends the same answer. */
  postback: Record<string, string> | null;
  refunds: { token: string; amountMinor: number; requestId: string }[];
}

type Outcome = "success" | "cancel" | "failure";

const P = "payu";
const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join("");
const REQUIRED = ["key", "txnid", "amount", "productinfo", "firstname", "email", "surl", "furl", "hash"] as const;

/**
 * The built-in PayU (PAYMENTS=emulator): the hosted checkout's form POST with
 * its request hash, a payment page, the POST-back with its reverse hash, and
 * the postservice refund command. The merchant account's currency is the
 * store's (`currency`): the form's amounts are in it.
 */
export const payuEmulator: FastifyPluginAsync<EmulatorOptions> = async (app, { records, currency }) => {
  const { key, salt } = PAYU_EMULATOR_CREDENTIALS;
  acceptFormBodies(app);
  // PayU writes amounts with the currency's decimals, padded ("1999.00", "1200.00" for JPY).
  const minorOfPayuAmount = (text: string | undefined) => minorOfDecimalAmount(text, currency, { trailingZeros: true });
  const money = (i18n: EmulatorLanguage, amount: string | undefined) =>
    i18n.money(minorOfPayuAmount(amount) ?? 0, currency);
  /** PayU's error page; the reason is PayU's own words, as its page gives them. */
  const errorPage = (request: FastifyRequest, reply: FastifyReply, status: number, reason: string) => {
    const i18n = emulatorLanguage(request, formFields(request.body).display_lang);
    const note = i18n.t("Error Reason: {{reason}}", { reason });
    const title = i18n.t("Payment error");
    return sendPage(reply, { i18n, provider: "PayU", title, lines: [], total: "—", actions: [], note }, { status });
  };

  const postbackOf = (t: Transaction, mihpayid: string, outcome: Outcome): Record<string, string> => {
    const f = t.fields;
    const status = outcome === "success" ? "success" : "failure";
    const hashed = {
      key: f.key ?? "",
      txnid: f.txnid ?? "",
      amount: f.amount ?? "",
      productinfo: f.productinfo ?? "",
      firstname: f.firstname ?? "",
      email: f.email ?? "",
      udf1: f.udf1 ?? "",
      udf2: f.udf2 ?? "",
      udf3: f.udf3 ?? "",
      udf4: f.udf4 ?? "",
      udf5: f.udf5 ?? "",
    } satisfies PayuHashFields;
    return {
      mihpayid,
      mode: outcome === "cancel" ? "" : "CC",
      status,
      unmappedstatus: { success: "captured", cancel: "userCancelled", failure: "failed" }[outcome],
      ...hashed,
      discount: "0.00",
      net_amount_debit: status === "success" ? (f.amount ?? "") : "0",
      addedon: new Date().toISOString().replace("T", " ").slice(0, 19),
      lastname: f.lastname ?? "",
      phone: f.phone ?? "",
      PG_TYPE: "CC-PG",
      bankcode: "CC",
      bank_ref_num: digits(12),
      cardnum: "512345XXXXXX2346",
      error: status === "success" ? "E000" : "E500",
      error_Message: {
        success: "No Error",
        cancel: "Transaction cancelled by user",
        failure: "Bank declined the payment",
      }[outcome],
      hash: payuResponseHash({ ...hashed, status }, salt),
    };
  };

  app.post(`${BASE}/_payment`, async (request, reply) => {
    const f = formFields(request.body);
    const missing = REQUIRED.find((name) => !f[name]);
    if (missing) return errorPage(request, reply, 400, `Mandatory parameter ${missing} is missing.`);
    if (f.key !== key) return errorPage(request, reply, 400, "Invalid merchant key.");
    if (minorOfPayuAmount(f.amount) === null) return errorPage(request, reply, 400, "Invalid amount.");
    const hashed = f as unknown as PayuHashFields;
    if (!payuHashMatches(payuRequestHash(hashed, salt), f.hash)) {
      return errorPage(request, reply, 400, "Transaction failed due to incorrectly calculated hash parameter.");
    }
    const txnid = f.txnid ?? "";
    const existing = records.read<Transaction>(P, `txn:${txnid}`);
    if (existing && existing.status !== "pending") return errorPage(request, reply, 409, "Duplicate transaction id.");
    const { hash: _hash, ...fields } = f;
    records.write(P, `txn:${txnid}`, {
      fields,
      status: "pending",
      mihpayid: null,
      postback: null,
      refunds: [],
    } satisfies Transaction);
    const choice = (outcome: Outcome) => ({ txnid, outcome });
    const i18n = emulatorLanguage(request, f.display_lang);
    const { t } = i18n;
    return sendPage(
      reply,
      {
        i18n,
        provider: "PayU",
        title: f.firstname ? t("Pay as {{name}}", { name: f.firstname }) : t("Pay"),
        lines: [{ name: f.productinfo ?? "", price: money(i18n, f.amount) }],
        total: money(i18n, f.amount),
        actions: [
          { label: t("Pay"), action: `${BASE}/complete`, fields: choice("success"), tone: "primary" },
          { label: t("Cancel"), action: `${BASE}/complete`, fields: choice("cancel") },
          { label: t("Fail payment"), action: `${BASE}/complete`, fields: choice("failure") },
        ],
        note: t("Transaction {{id}}", { id: txnid }),
      },
      { remember: true },
    );
  });

  app.post(`${BASE}/complete`, async (request, reply) => {
    const { txnid = "", outcome = "" } = formFields(request.body);
    const chosen: Outcome = outcome === "success" || outcome === "cancel" ? outcome : "failure";
    const txn = records.change<Transaction>(P, `txn:${txnid}`, (t) => {
      if (t.status !== "pending") return false;
      const mihpayid = `40399${digits(13)}`;
      t.status = chosen === "success" ? "success" : "failure";
      t.mihpayid = mihpayid;
      t.postback = postbackOf(t, mihpayid, chosen);
      records.write(P, `mihpayid:${mihpayid}`, { txnid });
      return true;
    })?.record;
    if (!txn?.postback) return errorPage(request, reply, 404, "Unknown transaction.");
    const target = txn.status === "success" ? txn.fields.surl : txn.fields.furl;
    const i18n = emulatorLanguage(request, txn.fields.display_lang);
    const { t } = i18n;
    const view: PageContent = {
      i18n,
      provider: "PayU",
      title: txn.status === "success" ? t("Payment successful") : t("Payment not completed"),
      lines: [{ name: txn.fields.productinfo ?? "", price: money(i18n, txn.fields.amount) }],
      total: money(i18n, txn.fields.amount),
      actions: [{ label: t("Return to the store"), action: target ?? "/", fields: txn.postback, tone: "primary" }],
      note: t("Taking you back to the store…"),
    };
    // PayU posts the answer through the browser: a script with this reply's nonce submits the form.
    return sendPage(reply, view, { script: "document.forms[0].submit()", remember: true });
  });

  // The postservice API; the emulator knows verify_payment and the refund command.
  app.post(`${BASE}/merchant/postservice.php`, async (request) => {
    const f = formFields(request.body);
    const command = f.command ?? "";
    const var1 = f.var1 ?? "";
    if (f.key !== key || !payuHashMatches(payuCommandHash({ key, command, var1 }, salt), f.hash)) {
      return { status: 0, msg: "Invalid Hash." };
    }
    if (command === "verify_payment") {
      // var1 is one txnid or several joined by "|"; an unknown one is "Not Found", as PayU answers.
      const txnids = var1.split("|").filter(Boolean);
      const details: Record<string, Record<string, string>> = {};
      for (const txnid of txnids) {
        const t = records.read<Transaction>(P, `txn:${txnid}`);
        details[txnid] =
          t && t.status !== "pending" && t.postback
            ? {
                mihpayid: t.mihpayid ?? "",
                txnid,
                amt: t.fields.amount ?? "",
                transaction_amount: t.fields.amount ?? "",
                productinfo: t.fields.productinfo ?? "",
                status: t.status,
                unmappedstatus: t.postback.unmappedstatus ?? "",
                error_Message: t.postback.error_Message ?? "",
              }
            : t
              ? { mihpayid: "", txnid, status: "pending", unmappedstatus: "pending" }
              : { mihpayid: "Not Found", status: "Not Found" };
      }
      const found = Object.values(details).filter((d) => d.status !== "Not Found").length;
      return {
        status: found > 0 ? 1 : 0,
        msg: `${found} out of ${txnids.length} Transactions Fetched Successfully`,
        transaction_details: details,
      };
    }
    if (command !== "cancel_refund_transaction") return { status: 0, msg: `The emulator does not offer ${command}.` };
    {
      const pointer = records.read<{ txnid: string }>(P, `mihpayid:${var1}`);
      const t = pointer ? records.read<Transaction>(P, `txn:${pointer.txnid}`) : null;
      if (!pointer || t?.status !== "success") return { status: 0, msg: "Invalid payuid." };
      const token = f.var2 ?? "";
      if (!token || token.length > 23) return { status: 0, msg: "Invalid token id." };
      if (t.refunds.some((r) => r.token === token)) return { status: 0, msg: "Duplicate token id." };
      const amount = minorOfPayuAmount(f.var3);
      const refunded = t.refunds.reduce((s, r) => s + r.amountMinor, 0);
      if (!amount || refunded + amount > (minorOfPayuAmount(t.fields.amount) ?? 0)) {
        return { status: 0, msg: "Refund amount is greater than the amount left to refund." };
      }
      const requestId = digits(10);
      t.refunds.push({ token, amountMinor: amount, requestId });
      records.write(P, `txn:${pointer.txnid}`, t);
      return {
        status: 1,
        msg: "Refund Request Queued",
        request_id: requestId,
        bank_ref_num: digits(12),
        mihpayid: var1,
      };
    }
  });
};

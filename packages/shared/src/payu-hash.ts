import { createHash, timingSafeEqual } from "node:crypto";

/** The fields PayU hashes, as posted (amount exactly as sent, e.g. "19.99"). */
export interface PayuHashFields {
  key: string;
  txnid: string;
  amount: string;
  productinfo: string;
  firstname: string;
  email: string;
  udf1?: string | undefined;
  udf2?: string | undefined;
  udf3?: string | undefined;
  udf4?: string | undefined;
  udf5?: string | undefined;
}

const sha512 = (parts: string[]) => createHash("sha512").update(parts.join("|")).digest("hex");
const udfs = (f: PayuHashFields) => [f.udf1 ?? "", f.udf2 ?? "", f.udf3 ?? "", f.udf4 ?? "", f.udf5 ?? ""];
// udf6 to udf10 are never sent, so their places stay empty in both hashes.
const UNUSED = ["", "", "", "", ""];

/** The request hash: sha512(key|txnid|amount|productinfo|firstname|email|udf1|…|udf5||||||SALT). */
export function payuRequestHash(f: PayuHashFields, salt: string): string {
  return sha512([f.key, f.txnid, f.amount, f.productinfo, f.firstname, f.email, ...udfs(f), ...UNUSED, salt]);
}

/**
 * The reverse hash of a POST-back: sha512([additionalCharges|]SALT|status||||||udf5|…|udf1|email|firstname|productinfo|amount|txnid|key),
 * with additionalCharges in front only when PayU posts it.
 */
export function payuResponseHash(
  f: PayuHashFields & { status: string; additionalCharges?: string | undefined },
  salt: string,
): string {
  const head = f.additionalCharges ? [f.additionalCharges, salt] : [salt];
  return sha512([
    ...head,
    f.status,
    ...UNUSED,
    ...udfs(f).reverse(),
    f.email,
    f.firstname,
    f.productinfo,
    f.amount,
    f.txnid,
    f.key,
  ]);
}

/** The hash of a postservice API call: sha512(key|command|var1|SALT). */
export function payuCommandHash(f: { key: string; command: string; var1: string }, salt: string): string {
  return sha512([f.key, f.command, f.var1, salt]);
}

/** Compares hex digests in constant time, so a forged hash cannot be guessed byte by byte. */
export function payuHashMatches(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected.toLowerCase());
  const b = Buffer.from(given.toLowerCase());
  return a.length === b.length && timingSafeEqual(a, b);
}

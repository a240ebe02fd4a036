import { z } from "zod";
import { payuAmount } from "./payu-amount.ts";
import { payuCommandHash } from "./payu-hash.ts";
import type { PayuSettings } from "./payu-settings.ts";

export class PayuError extends Error {}

const answerSchema = z.object({
  status: z.union([z.number(), z.string()]),
  msg: z.string().optional(),
  request_id: z.union([z.string(), z.number()]).optional(),
  txn_update_id: z.union([z.string(), z.number()]).optional(),
});

/**
 * Refunds a captured PayU transaction (postservice cancel_refund_transaction).
 * `token` is the store's id of this refund request (at most 23 characters):
 * PayU refuses a token it has seen, so a retried refund is not paid twice.
 */
export async function refundPayuPayment(options: {
  settings: PayuSettings;
  mihpayid: string;
  amountMinor: number;
  token: string;
}): Promise<{ requestId: string }> {
  const { settings } = options;
  const command = "cancel_refund_transaction";
  const body = new URLSearchParams({
    key: settings.key,
    command,
    var1: options.mihpayid,
    var2: options.token,
    var3: payuAmount(options.amountMinor),
    hash: payuCommandHash({ key: settings.key, command, var1: options.mihpayid }, settings.salt),
  });
  let response: Response;
  try {
    response = await fetch(settings.postserviceUrl(), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body,
      signal: AbortSignal.timeout(20_000),
    });
  } catch (error) {
    throw new PayuError(`PayU could not be reached: ${(error as Error).message}`);
  }
  const answer = answerSchema.safeParse(await response.json().catch(() => null));
  if (!response.ok || !answer.success || Number(answer.data.status) !== 1) {
    throw new PayuError(`PayU refused the refund: ${(answer.success && answer.data.msg) || response.status}`);
  }
  return { requestId: String(answer.data.request_id ?? answer.data.txn_update_id ?? "") };
}

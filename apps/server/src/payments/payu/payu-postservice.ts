import { payuCommandHash } from "@skillshelf/shared/payu-hash.ts";
import { z } from "zod";
import { ProviderUnavailableError } from "../gateway.ts";
import type { PayuSettings } from "../provider-settings.ts";

const answerSchema = z.looseObject({
  status: z.union([z.number(), z.string()]),
  msg: z.string().optional(),
});

/**
 * One call of PayU's merchant postservice API: form-encoded, signed with
 * sha512(key|command|var1|SALT), answering JSON whose `status` is 1 on success.
 */
export async function payuCommand(
  settings: PayuSettings,
  command: string,
  vars: [string, ...string[]],
): Promise<z.infer<typeof answerSchema>> {
  const [var1] = vars;
  const body = new URLSearchParams({
    key: settings.key,
    command,
    ...Object.fromEntries(vars.map((value, i) => [`var${i + 1}`, value])),
    hash: payuCommandHash({ key: settings.key, command, var1 }, settings.salt),
  });
  let response: Response;
  try {
    response = await fetch(settings.postserviceUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body,
      signal: AbortSignal.timeout(20_000),
    });
  } catch (error) {
    throw new ProviderUnavailableError(`PayU could not be reached: ${(error as Error).message}`);
  }
  const answer = answerSchema.safeParse(await response.json().catch(() => null));
  if (!response.ok || !answer.success) {
    throw new ProviderUnavailableError(`PayU answered ${command} with ${response.status} and no readable body`);
  }
  return answer.data;
}

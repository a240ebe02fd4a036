import type { FastifyBaseLogger } from "fastify";
import type { VatNumberCheck } from "./billing.ts";

/** How long a checkout waits for VIES before charging VAT as to a consumer. */
const VIES_TIMEOUT_MS = 8_000;

/** VIES's answers that say it could not look the number up now, not that the number is unknown. */
const UNAVAILABLE = new Set([
  "MS_UNAVAILABLE",
  "SERVICE_UNAVAILABLE",
  "TIMEOUT",
  "GLOBAL_MAX_CONCURRENT_REQ",
  "MS_MAX_CONCURRENT_REQ",
]);

interface ViesAnswer {
  valid?: boolean;
  userError?: string;
  errorWrappers?: { error?: string }[];
}

/**
 * Asks the EU's VIES REST API (`POST {apiBase}/check-vat-number`, or its
 * emulator) whether a VAT number is registered. A network failure, a
 * timeout, a 5xx or an answer that says a Member State's system is down is
 * "unavailable": the checkout then charges VAT and says why.
 */
export function viesClient(apiBase: string, log: FastifyBaseLogger): VatNumberCheck {
  return async (number) => {
    let answer: ViesAnswer;
    let status: number;
    try {
      const response = await fetch(`${apiBase}/check-vat-number`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        // The number's own prefix (EL for Greece), then the rest.
        body: JSON.stringify({ countryCode: number.slice(0, 2), vatNumber: number.slice(2) }),
        signal: AbortSignal.timeout(VIES_TIMEOUT_MS),
      });
      status = response.status;
      answer = (await response.json().catch(() => ({}))) as ViesAnswer;
    } catch (error) {
      log.warn({ err: error }, "VIES did not answer a VAT-number check");
      return "unavailable";
    }
    if (answer.valid === true) return "valid";
    const errors = [answer.userError, ...(answer.errorWrappers ?? []).map((e) => e.error)];
    if (status >= 500 || errors.some((error) => error !== undefined && UNAVAILABLE.has(error))) {
      log.warn({ status, errors }, "VIES could not check a VAT number");
      return "unavailable";
    }
    return status < 300 && answer.valid === false ? "invalid" : "unavailable";
  };
}

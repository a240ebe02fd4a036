import type { ActionOutcome, PaymentHandoff, PaymentMethod } from "@skillshelf/shared/api.ts";
import type { TFunction } from "../../lib/i18n";
import { UNSENT_STATUS } from "../../lib/unsent-action";

/** What the checkout does with the action's answer: leave for the provider, or say why not. */
export type PaymentStep =
  | { kind: "handoff"; handoff: PaymentHandoff }
  /**
   * The toast to show (SPEC.md section 8); reload when the session ended under the page. After a 409 (the
   * cart changed) the router reads the page again by itself (revalidateUnlessUnsent).
   */
  | { kind: "failed"; message: string; reload: boolean; errors?: Record<string, string> };

const failed = (message: string, reload = false): PaymentStep => ({ kind: "failed", message, reload });

/** The checkout's own fields a start may refuse (422): shown beside them, not as the provider's error. */
const BILLING_FIELDS = ["billing_country", "company_name", "vat_number", "confirm_country"];

/**
 * The checkout action's outcome as SPEC.md section 8 words each provider's
 * failure. 409 (the cart changed since the page loaded), 401 (the session
 * ended) and a refusal of the billing details (422, with the fields' errors
 * for the form to show) are the server's own message, and the page shows the cart as it is
 * now (the router reads it again after a 409), or the sign-in page (reloaded
 * here after a 401). Worded in the page's language (`t`); the toast shows the
 * words as they come.
 */
export function paymentStep(method: PaymentMethod, outcome: ActionOutcome<PaymentHandoff>, t: TFunction): PaymentStep {
  if (!outcome.ok && (outcome.status === 409 || outcome.status === 401)) {
    return failed(t(outcome.message), outcome.status === 401);
  }
  // The billing details need a change (or the buyer's word on their country): nothing was asked of the provider.
  const { errors } = outcome.ok ? {} : outcome;
  if (errors && Object.keys(errors).some((field) => BILLING_FIELDS.includes(field))) {
    return { kind: "failed", message: t(outcome.message), reload: false, errors };
  }
  // The store was not reached at all: the request itself failed.
  const unsent = !outcome.ok && outcome.status === UNSENT_STATUS;
  const handoff = outcome.ok ? outcome.data : null;
  const to = (next: PaymentHandoff): PaymentStep => ({ kind: "handoff", handoff: next });
  switch (method) {
    case "card":
      if (!outcome.ok) return failed(t("Stripe Error: {{message}}", { message: t(outcome.message) }));
      return handoff?.kind === "redirect" && handoff.url
        ? to(handoff)
        : failed(t("Stripe Error: {{message}}", { message: t("The secure payment page could not be opened.") }));
    case "wallet":
      if (unsent) return failed(t("PayPal error occurred"));
      if (!outcome.ok) {
        return failed(t("PayPal Error: {{message}}", { message: t(outcome.message || "PayPal error occurred") }));
      }
      return handoff?.kind === "redirect" && handoff.url
        ? to(handoff)
        : failed(t("PayPal Error: {{message}}", { message: t("Approval URL missing") }));
    case "regional":
      if (unsent) return failed(t("PayU error occurred"));
      if (handoff?.kind === "form" && handoff.action) return to(handoff);
      return failed(t("PayU Error: {{message}}", { message: t(outcome.message || "Unknown error") }));
  }
}

/** SPEC.md section 8: what an unexpected failure in the browser says, per provider. */
export function unexpectedPaymentError(method: PaymentMethod, error: unknown, t: TFunction): string {
  if (method === "wallet") return t("Unexpected PayPal Error");
  if (method === "regional") return t("Unexpected PayU Error");
  return t("Stripe Error: {{message}}", {
    message: error instanceof Error && error.message ? error.message : String(error),
  });
}

/** Sends the browser to the provider: its hosted page, or (PayU) a form posted to it. */
export function leaveForProvider(handoff: PaymentHandoff): void {
  if (handoff.kind === "redirect") {
    window.location.assign(handoff.url);
    return;
  }
  const form = document.createElement("form");
  form.method = "POST";
  form.action = handoff.action;
  form.hidden = true;
  for (const [name, value] of Object.entries(handoff.params)) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

import type { PaymentMethod } from "@skillshelf/shared/api.ts";
import type { ApiResult } from "../../lib/api-client";
import { createCardSession } from "./api/create-card-session";
import { createRegionalPayment } from "./api/create-regional-payment";
import { createWalletPayment } from "./api/create-wallet-payment";
import type { PaymentRequest } from "./payment-request";

export type PaymentOutcome =
  /** The browser is on its way to the provider's hosted page. */
  | { kind: "redirected" }
  /** The toast to show; reload when the cart or the session changed under the page. */
  | { kind: "failed"; message: string; reload: boolean };

const redirected: PaymentOutcome = { kind: "redirected" };
const failed = (message: string, reload = false): PaymentOutcome => ({ kind: "failed", message, reload });

/**
 * 409: the cart changed (or emptied) since the page loaded; 401: the session
 * ended. Either way the server's message is the one to read, and the page
 * reloads: a fresh cart, or the sign-in page.
 */
function staleView(result: ApiResult<unknown>): PaymentOutcome | null {
  if (result.httpStatus === 409 || result.httpStatus === 401) return failed(result.message, true);
  return null;
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : String(error));

/** Card: Stripe's hosted Checkout (no Stripe.js: the session's URL is enough). */
async function payByCard(request: PaymentRequest): Promise<PaymentOutcome> {
  try {
    const result = await createCardSession(request);
    const stale = staleView(result);
    if (stale) return stale;
    if (!result.ok || !result.body) return failed(`Stripe Error: ${result.message}`);
    if (!result.body.url) return failed("Stripe Error: The secure payment page could not be opened.");
    window.location.assign(result.body.url);
    return redirected;
  } catch (error) {
    return failed(`Stripe Error: ${messageOf(error)}`);
  }
}

/** Wallet: PayPal's approval page (SPEC.md section 8 for each message). */
async function payByWallet(request: PaymentRequest): Promise<PaymentOutcome> {
  try {
    const result = await createWalletPayment(request);
    const stale = staleView(result);
    if (stale) return stale;
    // No answer from the store at all: the request itself failed.
    if (!result.body) return failed("PayPal error occurred");
    if (!result.ok || result.body.message !== "success") {
      return failed(`PayPal Error: ${result.body.message || "PayPal error occurred"}`);
    }
    const approval = result.body.links?.find((link) => link.rel === "approval_url")?.href;
    if (!approval) return failed("PayPal Error: Approval URL missing");
    window.location.assign(approval);
    return redirected;
  } catch {
    return failed("Unexpected PayPal Error");
  }
}

/** Regional: PayU's hosted page takes a form POST, built here from action and params. */
async function payByRegional(request: PaymentRequest): Promise<PaymentOutcome> {
  try {
    const result = await createRegionalPayment(request);
    const stale = staleView(result);
    if (stale) return stale;
    if (!result.body) return failed("PayU error occurred");
    const { action, params } = result.body;
    if (!result.ok || !action || !params) return failed(`PayU Error: ${result.body.message || "Unknown error"}`);
    postForm(action, params);
    return redirected;
  } catch {
    return failed("Unexpected PayU Error");
  }
}

function postForm(action: string, params: Record<string, string>): void {
  const form = document.createElement("form");
  form.method = "POST";
  form.action = action;
  form.hidden = true;
  for (const [name, value] of Object.entries(params)) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

export const startPayment: Record<PaymentMethod, (request: PaymentRequest) => Promise<PaymentOutcome>> = {
  card: payByCard,
  wallet: payByWallet,
  regional: payByRegional,
};

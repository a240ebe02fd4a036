import { apiCall } from "../../../lib/api-client";
import type { PaymentRequest } from "../payment-request";

/** POST /api/payu/payment: the form (action and fields) the browser posts to PayU. */
export function createRegionalPayment(request: PaymentRequest) {
  return apiCall<{ action?: string; params?: Record<string, string> }>("/api/payu/payment", {
    body: {
      // SPEC.md section 9; the server makes and keeps its own transaction id.
      txnid: `TXN${Date.now()}`,
      amount: request.amount,
      currency: request.currency,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      productinfo: request.description,
    },
  });
}

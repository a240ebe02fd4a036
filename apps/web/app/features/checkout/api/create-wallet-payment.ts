import { apiCall } from "../../../lib/api-client";
import type { PaymentRequest } from "../payment-request";

/** POST /api/paypal/payment: PayPal's approval page is the link whose rel is approval_url. */
export function createWalletPayment(request: PaymentRequest) {
  return apiCall<{ links?: { rel: string; href: string }[] }>("/api/paypal/payment", {
    body: {
      final_amount: request.amount,
      currency_code: request.currency,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      item_name: request.description,
      custom: "",
    },
  });
}

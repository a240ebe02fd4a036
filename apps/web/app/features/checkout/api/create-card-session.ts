import { apiCall } from "../../../lib/api-client";
import type { PaymentRequest } from "../payment-request";

/** POST /api/stripe/create-checkout-session: the hosted Checkout page to send the learner to. */
export function createCardSession(request: PaymentRequest) {
  return apiCall<{ id: string; url: string | null }>("/api/stripe/create-checkout-session", {
    body: {
      final_amount: request.amount,
      currency: request.currency,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      line_items: request.lines.map((line) => ({ name: line.name, price: line.price, quantity: 1 })),
    },
  });
}

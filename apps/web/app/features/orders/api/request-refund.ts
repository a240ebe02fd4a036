import { apiCall, type Notifier } from "../../../lib/api-client";

/** POST /api/orders/{id}/refund: the learner's own refund within the money-back guarantee. */
export function requestRefund(orderId: number, notify: Notifier) {
  return apiCall<{ data: { refund_ref: string } }>(`/api/orders/${orderId}/refund`, { notify });
}

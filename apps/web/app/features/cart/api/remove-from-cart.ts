import { apiCall, type Notifier } from "../../../lib/api-client";

/** POST /api/cart/delete: removes one line of the learner's cart. */
export function removeFromCart(lineId: number, notify: Notifier) {
  return apiCall("/api/cart/delete", { body: { delete_id: lineId }, notify });
}

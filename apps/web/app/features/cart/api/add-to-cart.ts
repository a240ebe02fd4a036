import type { CartItem } from "@skillshelf/shared/api.ts";
import { apiCall, type Notifier } from "../../../lib/api-client";

/** A whole sub-category (group_id null) or one of its groups. */
export interface AddToCartInput {
  sub_category_id: number;
  group_id: number | null;
}

/** POST /api/cart/add: 201 with the cart line, or 409 saying what conflicts (meant for the learner). */
export function addToCart(input: AddToCartInput, notify: Notifier) {
  return apiCall<{ data: CartItem }>("/api/cart/add", { body: input, notify });
}

import { rowId } from "./ids.ts";
import { paymentBillingFields } from "./tax.ts";
import { teamSeatsField } from "./teams.ts";
import { z } from "./zod.ts";

/** Add a whole sub-category (no group_id, or null) or one of its groups: the API's body and the pages' form. */
export const addToCartSchema = z.object({
  sub_category_id: rowId("sub_category_id is required"),
  group_id: z.union([rowId("group_id must be an id"), z.null()]).optional(),
  /** For a team: 2 to 500 seats (omitted: one, for the learner). */
  seats: teamSeatsField,
});

/** Remove one line of the cart. */
export const removeFromCartSchema = z.object({ delete_id: rowId("delete_id is required") });

/**
 * The checkout's form: how to pay, who is billed, and the total and currency
 * the learner saw (the server prices the cart itself and refuses a different view, 409).
 */
export const startPaymentSchema = z.object({
  method: z.enum(["card", "wallet", "regional"], { error: "Choose how to pay" }),
  amount: z.string({ error: "amount is required" }).trim().min(1, "amount is required"),
  currency: z.string({ error: "currency is required" }).trim().min(1, "currency is required"),
  ...paymentBillingFields,
});

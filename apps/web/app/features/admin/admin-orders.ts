import type { AdminOrderRow } from "@skillshelf/shared/admin-forms.ts";

export function refundLabel(state: AdminOrderRow["refund_state"]): string {
  if (state === "refunded") return "Refunded";
  if (state === "pending") return "Refund pending";
  return "Paid";
}

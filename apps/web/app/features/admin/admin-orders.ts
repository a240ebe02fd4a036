/** One row of GET /api/admin/orders. */
export interface AdminOrderRow {
  id: number;
  order_id: string;
  created_at: string;
  amount: number;
  currency: string;
  payment_method: string;
  refund_state: "pending" | "refunded" | null;
  customer: { name: string; email: string };
}

export function refundLabel(state: AdminOrderRow["refund_state"]): string {
  if (state === "refunded") return "Refunded";
  if (state === "pending") return "Refund pending";
  return "Paid";
}

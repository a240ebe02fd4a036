import type { CartResponse } from "@skillshelf/shared/api.ts";

/** What every provider is told about the cart; the server checks it against its own pricing. */
export interface PaymentRequest {
  amount: number;
  currency: string;
  lines: { name: string; price: number }[];
  /** The line names joined with ' AND ' (SPEC.md section 9). */
  description: string;
  successUrl: string;
  cancelUrl: string;
}

/** The store's own pages, on this origin: the server refuses return URLs elsewhere. */
export function paymentRequest(cart: CartResponse["data"], origin: string): PaymentRequest {
  const lines = cart.rows.map((row) => ({
    name: row.groups ? `${row.category.name}: ${row.groups.name}` : row.category.name,
    price: row.price,
  }));
  return {
    amount: cart.total,
    currency: cart.currency,
    lines,
    description: lines.map((line) => line.name).join(" AND "),
    successUrl: `${origin}/payment-confirmation`,
    cancelUrl: `${origin}/payment-cancelled`,
  };
}

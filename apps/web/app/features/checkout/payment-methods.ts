import type { PaymentMethod } from "@skillshelf/shared/api.ts";

export interface PaymentMethodOption {
  value: PaymentMethod;
  label: string;
  /** The provider that takes the payment, named in error messages (SPEC.md section 8). */
  provider: string;
  hint: string;
  /** What the method is for: card takes every currency, the regional method INR. */
  scope: string;
}

/** Card first: it is the default (SPEC.md section 4). */
export const PAYMENT_METHODS: readonly PaymentMethodOption[] = [
  {
    value: "card",
    label: "Credit or debit card",
    provider: "Stripe",
    hint: "Visa, Mastercard and American Express, on Stripe's secure page.",
    scope: "All currencies",
  },
  {
    value: "wallet",
    label: "PayPal",
    provider: "PayPal",
    hint: "Pay with your PayPal balance or a card saved in PayPal.",
    scope: "Wallet",
  },
  {
    value: "regional",
    label: "PayU",
    provider: "PayU",
    hint: "UPI, net banking, cards and wallets popular in India.",
    scope: "INR payments",
  },
];

export const DEFAULT_PAYMENT_METHOD: PaymentMethod = "card";

/** The method named in a URL (?method=), or the default. */
export function parsePaymentMethod(value: string | null | undefined): PaymentMethod {
  return PAYMENT_METHODS.find((m) => m.value === value)?.value ?? DEFAULT_PAYMENT_METHOD;
}

import { PAYMENT_METHOD_LABELS } from "@skillshelf/shared/constants.ts";

/** 'Card', 'PayPal' or 'PayU' for the provider recorded on an order. */
export function paymentMethodLabel(method: string): string {
  return (PAYMENT_METHOD_LABELS as Record<string, string>)[method] ?? method;
}

import { MONEY_BACK_DAYS } from "@skillshelf/shared/constants.ts";

export const REFUND_WINDOW_MS = MONEY_BACK_DAYS * 24 * 3600_000;

/** When the money-back guarantee of an order paid at `paidAt` ends. */
export function refundDeadline(paidAt: Date): Date {
  return new Date(paidAt.getTime() + REFUND_WINDOW_MS);
}

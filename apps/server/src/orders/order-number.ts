import { randomBytes } from "node:crypto";

/** An order number as learners see and quote it: SS-<yyyymmdd>-<8 hex digits>, e.g. SS-20261121-4F0A9C12. */
export function newOrderNumber(now: Date): string {
  return `SS-${now.toISOString().slice(0, 10).replaceAll("-", "")}-${randomBytes(4).toString("hex").toUpperCase()}`;
}

/** A whole order number, in any case: it names at most one order (orders_number_key). */
export const WHOLE_ORDER_NUMBER = /^ss-\d{8}-[0-9a-f]{8}$/i;

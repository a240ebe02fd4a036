import type { OrderRow } from "@skillshelf/shared/api.ts";

export function OrderStatusBadge({ status }: { status: OrderRow["status"] }) {
  return <span className={`status-badge status-badge--${status.toLowerCase()}`}>{status}</span>;
}

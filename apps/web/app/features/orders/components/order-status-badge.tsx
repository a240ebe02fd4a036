import type { OrderRow } from "@skillshelf/shared/api.ts";
import { useT } from "../../../lib/i18n";

export function OrderStatusBadge({ status }: { status: OrderRow["status"] }) {
  const t = useT();
  return <span className={`status-badge status-badge--${status.toLowerCase()}`}>{t(status)}</span>;
}

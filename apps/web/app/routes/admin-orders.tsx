import { Link } from "react-router";
import { formatMoney, formatWhen } from "../features/admin/admin-api";
import { type AdminOrderRow, refundLabel } from "../features/admin/admin-orders";
import { AdminListPage } from "../features/admin/components/admin-list-page";
import { useAdminList } from "../features/admin/use-admin-list";

export default function AdminOrders() {
  const { search, list, failed, go, pageHref } = useAdminList<AdminOrderRow>("/api/admin/orders");
  return (
    <AdminListPage
      id="admin-orders"
      title="Orders"
      lead="Every order, newest first. Open one to see its lines or refund it."
      searchLabel="Search orders"
      placeholder="Order number, transaction, name or e-mail"
      noun="orders"
      columns={["Order", "Date", "Customer", "Method", "Amount", "Status"]}
      search={search}
      list={list}
      failed={failed}
      go={go}
      pageHref={pageHref}
      renderRow={(order) => (
        <tr key={order.id}>
          <td>
            <Link to={`/admin/orders/${order.id}`}>{order.order_id}</Link>
          </td>
          <td>{formatWhen(order.created_at)}</td>
          <td>
            {order.customer.name}
            <br />
            <span className="admin-muted">{order.customer.email}</span>
          </td>
          <td>{order.payment_method}</td>
          <td>{formatMoney(order.amount, order.currency)}</td>
          <td>
            <span className={`admin-badge admin-badge--${order.refund_state ?? "paid"}`}>
              {refundLabel(order.refund_state)}
            </span>
          </td>
        </tr>
      )}
    />
  );
}

import type { OrderDetail } from "@skillshelf/shared/api.ts";
import { useCallback, useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import { adminCall, confirmAction, formatMoney, formatWhen } from "../features/admin/admin-api";
import { type AdminOrderRow, refundLabel } from "../features/admin/admin-orders";
import { AdminLoading } from "../features/admin/components/admin-bits";
import { useToast } from "../features/toast/toast-context";

type AdminOrderDetail = OrderDetail & {
  provider: string;
  refund_state: AdminOrderRow["refund_state"];
  refunded_at: string | null;
  refund_ref: string | null;
  customer: { name: string; email: string };
};

export default function AdminOrder() {
  const { id } = useParams();
  const toast = useToast();
  const [order, setOrder] = useState<AdminOrderDetail | null>(null);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const result = await adminCall<{ data: AdminOrderDetail }>(`/api/admin/orders/${id}`, { notify: toast });
    if (result.ok && result.body) setOrder(result.body.data);
    else setMissing(true);
  }, [id, toast]);
  useEffect(() => {
    void load();
  }, [load]);

  const refund = async () => {
    if (!order || !confirmAction("Are you sure?")) return;
    setBusy(true);
    await adminCall(`/api/admin/orders/${order.id}/refund`, { method: "POST", notify: toast });
    setBusy(false);
    await load();
  };

  return (
    <section className="admin-page" aria-labelledby="admin-order-title">
      <p>
        <Link to="/admin/orders">← Back to orders</Link>
      </p>
      {!order ? (
        missing ? (
          <h1 id="admin-order-title">Order not found</h1>
        ) : (
          <>
            <h1 id="admin-order-title">Order</h1>
            <AdminLoading label="Loading the order…" />
          </>
        )
      ) : (
        <>
          <header className="admin-page__header">
            <h1 id="admin-order-title">Order {order.order_id}</h1>
          </header>
          <div className="admin-panel">
            <dl className="admin-facts">
              <dt>Order number</dt>
              <dd>{order.order_id}</dd>
              <dt>Date</dt>
              <dd>{formatWhen(order.created_at)}</dd>
              <dt>Customer</dt>
              <dd>
                {order.customer.name} ({order.customer.email})
              </dd>
              <dt>Provider</dt>
              <dd>{order.provider}</dd>
              <dt>Payment method</dt>
              <dd>{order.payment_method}</dd>
              <dt>Transaction ID</dt>
              <dd className="admin-mono">{order.transaction_id}</dd>
              <dt>Amount</dt>
              <dd>{formatMoney(order.amount, order.currency)}</dd>
              <dt>Refund</dt>
              <dd>
                {refundLabel(order.refund_state)}
                {order.refunded_at ? ` on ${formatWhen(order.refunded_at)}` : ""}
                {order.refund_ref ? ` (ref. ${order.refund_ref})` : ""}
              </dd>
            </dl>
          </div>
          <h2 className="admin-subtitle">Lines</h2>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">Scope</th>
                  <th scope="col">Price</th>
                </tr>
              </thead>
              <tbody>
                {order.orders.map((line) => (
                  <tr key={line.id}>
                    <td>
                      {line.category.icon} {line.category.name}
                    </td>
                    <td>{line.groups ? line.groups.name : "Whole artefact"}</td>
                    <td>{formatMoney(line.price, line.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {order.refund_state === null && (
            <div className="admin-actions">
              <button type="button" className="button button--danger" disabled={busy} onClick={refund}>
                Refund
              </button>
              <p className="admin-muted">
                Within the 6-day money-back guarantee, through the provider that took the payment.
              </p>
            </div>
          )}
        </>
      )}
    </section>
  );
}

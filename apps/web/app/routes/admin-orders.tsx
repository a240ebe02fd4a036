import { useCallback, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { type AdminPage, adminCall, formatMoney, formatWhen } from "../features/admin/admin-api";
import { type AdminOrderRow, refundLabel } from "../features/admin/admin-orders";
import { AdminLoading, AdminPager, AdminSearch } from "../features/admin/components/admin-bits";
import { useToast } from "../features/toast/toast-context";

export default function AdminOrders() {
  const [params, setParams] = useSearchParams();
  const search = params.get("search") ?? "";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const toast = useToast();
  const [list, setList] = useState<AdminPage<AdminOrderRow> | null>(null);

  const load = useCallback(async () => {
    setList(null);
    const query = new URLSearchParams({ page: String(page), ...(search ? { search } : {}) });
    const result = await adminCall<{ data: AdminPage<AdminOrderRow> }>(`/api/admin/orders?${query}`, { notify: toast });
    if (result.ok && result.body) setList(result.body.data);
  }, [page, search, toast]);
  useEffect(() => {
    void load();
  }, [load]);

  const go = (next: { search?: string; page?: number }) => {
    const s = next.search ?? search;
    const p = next.page ?? 1;
    setParams({ ...(s ? { search: s } : {}), ...(p > 1 ? { page: String(p) } : {}) });
  };

  return (
    <section className="admin-page" aria-labelledby="admin-orders-title">
      <header className="admin-page__header">
        <h1 id="admin-orders-title">Orders</h1>
        <p className="admin-page__lead">Every order, newest first. Open one to see its lines or refund it.</p>
      </header>
      <AdminSearch
        key={search}
        label="Search orders"
        placeholder="Order number, transaction, name or e-mail"
        initial={search}
        onSearch={(term) => go({ search: term })}
      />
      {!list ? (
        <AdminLoading label="Loading orders…" />
      ) : list.rows.length === 0 ? (
        <p className="admin-empty">No orders found.</p>
      ) : (
        <>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption className="sr-only">Orders</caption>
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Date</th>
                  <th scope="col">Customer</th>
                  <th scope="col">Method</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {list.rows.map((order) => (
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
                ))}
              </tbody>
            </table>
          </div>
          <AdminPager page={list.page} pageSize={list.page_size} total={list.total} onPage={(p) => go({ page: p })} />
        </>
      )}
    </section>
  );
}

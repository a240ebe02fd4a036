import { formattingOf } from "@skillshelf/shared/formatting.ts";
import { Link } from "react-router";
import { formatMoney, formatWhen } from "../features/admin/admin-api";
import { adminListQuery, useAdminListUrl } from "../features/admin/admin-list";
import { refundLabel } from "../features/admin/admin-orders";
import { AdminListError } from "../features/admin/components/admin-bits";
import { AdminListPage } from "../features/admin/components/admin-list-page";
import { requireAdmin } from "../features/admin/require-admin";
import { recentQuarters, TaxReturnsForm } from "../features/admin/tax-returns";
import { useT } from "../lib/i18n";
import { storeContext } from "../load-context";
import type { Route } from "./+types/admin-orders";

export async function loader({ context, url }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  const operator = requireAdmin(store, url);
  return {
    list: await store.admin.orders(adminListQuery(url)),
    formatting: formattingOf(operator.user),
    // The tax returns' quarters, as of this request (UTC).
    quarters: recentQuarters(new Date()),
    currency: store.storeCurrency,
  };
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { list, formatting, quarters, currency } = loaderData;
  const { search, loading, pageHref } = useAdminListUrl();
  const t = useT();
  return (
    <AdminListPage
      id="admin-orders"
      title="Orders"
      lead="Every order, newest first. Open one to see its lines or refund it."
      searchLabel="Search orders"
      placeholder="Order or invoice number, transaction, name or e-mail"
      loadingText="Loading orders…"
      emptyText="No orders found."
      columns={["Order", "Date", "Customer", "Method", "Amount", "Status"]}
      search={search}
      list={list}
      loading={loading}
      pageHref={pageHref}
      before={<TaxReturnsForm quarters={quarters} currency={currency} />}
      renderRow={(order) => (
        <tr key={order.id}>
          <td>
            <Link to={`/admin/orders/${order.id}`}>{order.order_id}</Link>
            {order.seats && (
              <>
                <br />
                <span className="admin-muted">
                  {t("{{count}} seats, {{claimed}} claimed", {
                    count: order.seats.seats,
                    claimed: order.seats.claimed,
                  })}
                </span>
              </>
            )}
          </td>
          <td>{formatWhen(order.created_at, formatting)}</td>
          <td>
            {order.customer.name}
            <br />
            <span className="admin-muted">{order.customer.email}</span>
          </td>
          <td>{order.payment_method}</td>
          <td>{t(formatMoney(order.amount, order.currency, formatting))}</td>
          <td>
            <span className={`admin-badge admin-badge--${order.refund_state ?? "paid"}`}>
              {t(refundLabel(order.refund_state))}
            </span>
          </td>
        </tr>
      )}
    />
  );
}

export function ErrorBoundary() {
  return <AdminListError title="Orders" />;
}

import { orderRefundSchema } from "@skillshelf/shared/admin-forms.ts";
import { CREDIT_LABEL } from "@skillshelf/shared/coupons.ts";
import { formattingOf } from "@skillshelf/shared/formatting.ts";
import { data, isRouteErrorResponse, Link, useActionData } from "react-router";
import { FormNotice } from "../components/form/form-notice";
import { formatMoney, formatWhen } from "../features/admin/admin-api";
import { refundLabel } from "../features/admin/admin-orders";
import { AdminForbidden } from "../features/admin/components/admin-bits";
import { requireAdmin } from "../features/admin/require-admin";
import { useAdminForm } from "../features/admin/use-admin-form";
import { ErrorPage } from "../features/errors/components/error-page";
import { serverActionOrFailure } from "../lib/client-action";
import { answerForm, parseFormPost } from "../lib/form-action";
import { revalidateUnlessUnsent } from "../lib/unsent-action";
import type { Route } from "./+types/admin-order";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const operator = requireAdmin(context, request);
  const id = Number(params.id);
  const order = Number.isSafeInteger(id) && id > 0 ? await context.admin.order(id) : null;
  if (!order) throw data({ message: "Order not found" }, { status: 404 });
  return { order, formatting: formattingOf(operator.user) };
}

/** Refund: through the provider that took the payment, by the API's own step; a plain form post comes back here (303). */
export async function action({ context, request, params }: Route.ActionArgs) {
  requireAdmin(context, request);
  const checked = await parseFormPost(request, orderRefundSchema, { extra: { id: params.id } });
  const outcome = checked.ok ? await context.adminWrites.refundOrder(checked.data.id) : checked.outcome;
  return answerForm(context, outcome, `/admin/orders/${params.id}`);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => serverActionOrFailure(serverAction);
export const shouldRevalidate = revalidateUnlessUnsent;

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  const { order, formatting } = loaderData;
  // The refund's state shows once the order is read again (after the action).
  const refund = useAdminForm({ confirm: () => "Are you sure?" });
  const posted = useActionData<typeof action>();

  return (
    <section className="admin-page" aria-labelledby="admin-order-title">
      <p>
        <Link to="/admin/orders">← Back to orders</Link>
      </p>
      <header className="admin-page__header">
        <h1 id="admin-order-title">Order {order.order_id}</h1>
      </header>
      <FormNotice outcome={posted} fieldless />
      <div className="admin-panel">
        <dl className="admin-facts">
          <dt>Order number</dt>
          <dd>{order.order_id}</dd>
          <dt>Date</dt>
          <dd>{formatWhen(order.created_at, formatting)}</dd>
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
          {order.credit > 0 && (
            <>
              <dt>{CREDIT_LABEL}</dt>
              <dd>{formatMoney(order.credit, order.currency)}</dd>
            </>
          )}
          {order.coupon_code && (
            <>
              <dt>Discount</dt>
              <dd>
                {formatMoney(order.discount, order.currency)} (code{" "}
                <span className="admin-mono">{order.coupon_code}</span>)
              </dd>
            </>
          )}
          <dt>Amount</dt>
          <dd>{formatMoney(order.amount, order.currency)}</dd>
          <dt>Refund</dt>
          <dd>
            {refundLabel(order.refund_state)}
            {order.refunded_at ? ` on ${formatWhen(order.refunded_at, formatting)}` : ""}
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
        <form className="admin-actions" {...refund.formProps}>
          <button type="submit" className="button button--danger" disabled={refund.busy}>
            Refund
          </button>
          <p className="admin-muted">
            Within the 6-day money-back guarantee, through the provider that took the payment.
          </p>
        </form>
      )}
    </section>
  );
}

/** An order that does not exist: its own heading under the admin bar; a learner's 403 as everywhere in /admin. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 403) return <AdminForbidden />;
  if (!isRouteErrorResponse(error) || error.status !== 404) return <ErrorPage />;
  return (
    <section className="admin-page" aria-labelledby="admin-order-title">
      <p>
        <Link to="/admin/orders">← Back to orders</Link>
      </p>
      <h1 id="admin-order-title">Order not found</h1>
    </section>
  );
}

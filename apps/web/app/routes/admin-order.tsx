import { orderRefundSchema } from "@skillshelf/shared/admin-forms.ts";
import { CREDIT_LABEL } from "@skillshelf/shared/coupons.ts";
import { formattingOf, takenOff } from "@skillshelf/shared/formatting.ts";
import { countryName, TAX_SCHEME_LABELS } from "@skillshelf/shared/tax.ts";
import { data, isRouteErrorResponse, Link, useActionData } from "react-router";
import { FormNotice } from "../components/form/form-notice";
import { CatalogueIcon } from "../components/icons/catalogue-icon";
import { formatMoney, formatWhen } from "../features/admin/admin-api";
import { refundLabel } from "../features/admin/admin-orders";
import { AdminForbidden } from "../features/admin/components/admin-bits";
import { requireAdmin } from "../features/admin/require-admin";
import { useAdminForm } from "../features/admin/use-admin-form";
import { ErrorPage } from "../features/errors/components/error-page";
import { serverActionOrFailure } from "../lib/client-action";
import { answerForm, parseFormPost } from "../lib/form-action";
import { useT } from "../lib/i18n";
import { revalidateUnlessUnsent } from "../lib/unsent-action";
import { storeContext } from "../load-context";
import type { Route } from "./+types/admin-order";

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  const operator = requireAdmin(store, url);
  const id = Number(params.id);
  const order = Number.isSafeInteger(id) && id > 0 ? await store.admin.order(id) : null;
  if (!order) throw data({ message: "Order not found" }, { status: 404 });
  const formatting = formattingOf(operator.user);
  // Named by the server: a browser's own names may differ, which would not hydrate.
  const named = (code: string | null | undefined) => (code ? countryName(code, formatting.locale) : null);
  const evidence = order.tax_evidence;
  return {
    order,
    formatting,
    icons: store.icons(order.orders.map((line) => line.category.icon)),
    countries: {
      billing: named(order.billing_country),
      address: named(evidence?.ip_country),
      payer: named(evidence?.payer_country),
    },
  };
}

/** Refund: through the provider that took the payment, by the API's own step; a plain form post comes back here (303). */
export async function action({ context, request, params, url }: Route.ActionArgs) {
  const store = context.get(storeContext);
  requireAdmin(store, url);
  const checked = await parseFormPost(request, orderRefundSchema, { extra: { id: params.id } });
  const outcome = checked.ok ? await store.adminWrites.refundOrder(checked.data.id) : checked.outcome;
  return answerForm(store, outcome, `/admin/orders/${params.id}`);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => serverActionOrFailure(serverAction);
export const shouldRevalidate = revalidateUnlessUnsent;

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  const { order, formatting, countries } = loaderData;
  const evidence = order.tax_evidence;
  const taxed = order.tax_scheme !== null && order.tax_scheme !== "not_registered";
  // The refund's state shows once the order is read again (after the action).
  const refund = useAdminForm({ confirm: () => "Are you sure?" });
  const posted = useActionData<typeof action>();
  const t = useT();
  const money = (amount: number | null, currency: string) => t(formatMoney(amount, currency, formatting));

  return (
    <section className="admin-page" aria-labelledby="admin-order-title">
      <p>
        <Link to="/admin/orders">← {t("Back to orders")}</Link>
      </p>
      <header className="admin-page__header">
        <h1 id="admin-order-title">{t("Order {{number}}", { number: order.order_id })}</h1>
      </header>
      <FormNotice outcome={posted} fieldless />
      <div className="admin-panel">
        <dl className="admin-facts">
          <dt>{t("Order number")}</dt>
          <dd>{order.order_id}</dd>
          {order.invoice_number && (
            <>
              <dt>{t("Invoice number")}</dt>
              <dd className="admin-mono">{order.invoice_number}</dd>
            </>
          )}
          {order.credit_notes.length > 0 && (
            <>
              <dt>{t("Credit note number")}</dt>
              <dd className="admin-mono">{order.credit_notes.join(", ")}</dd>
            </>
          )}
          <dt>{t("Date")}</dt>
          <dd>{formatWhen(order.created_at, formatting)}</dd>
          <dt>{t("Customer")}</dt>
          <dd>
            {order.customer.name} ({order.customer.email})
          </dd>
          <dt>{t("Provider")}</dt>
          <dd>{order.provider}</dd>
          <dt>{t("Payment method")}</dt>
          <dd>{order.payment_method}</dd>
          <dt>{t("Transaction ID")}</dt>
          <dd className="admin-mono">{order.transaction_id}</dd>
          {order.credit > 0 && (
            <>
              <dt>{t(CREDIT_LABEL)}</dt>
              <dd>{money(takenOff(order.credit), order.currency)}</dd>
            </>
          )}
          {order.coupon_code && (
            <>
              <dt>{t("Discount")}</dt>
              <dd>
                {money(takenOff(order.discount), order.currency)} ({t("code")}{" "}
                <span className="admin-mono">{order.coupon_code}</span>)
              </dd>
            </>
          )}
          <dt>{t("Amount")}</dt>
          <dd>{money(order.amount, order.currency)}</dd>
          <dt>{t("Refund", { context: "noun" })}</dt>
          <dd>
            {t(refundLabel(order.refund_state))}
            {order.refunded_at ? ` ${t("on {{date}}", { date: formatWhen(order.refunded_at, formatting) })}` : ""}
            {order.refund_ref ? ` (${t("ref. {{ref}}", { ref: order.refund_ref })})` : ""}
          </dd>
        </dl>
      </div>
      {order.tax_scheme !== null && (
        <>
          <h2 className="admin-subtitle">{t("VAT")}</h2>
          <div className="admin-panel">
            <dl className="admin-facts">
              <dt>{t("Tax scheme")}</dt>
              <dd>{t(TAX_SCHEME_LABELS[order.tax_scheme])}</dd>
              <dt>{t("Country")}</dt>
              <dd>
                {countries.billing}
                {evidence?.country_confirmed ? ` (${t("confirmed by the buyer at checkout")})` : ""}
              </dd>
              {order.company_name && (
                <>
                  <dt>{t("Company name")}</dt>
                  <dd>{order.company_name}</dd>
                </>
              )}
              {order.vat_number && (
                <>
                  <dt>{t("VAT number")}</dt>
                  <dd className="admin-mono">{order.vat_number}</dd>
                </>
              )}
              <dt>{t("Total VAT")}</dt>
              <dd>{money(order.vat_total, order.currency)}</dd>
              {evidence && (
                <>
                  <dt>{t("Address at checkout")}</dt>
                  <dd>
                    <span className="admin-mono">{evidence.ip_address}</span> ({countries.address ?? t("unknown")})
                  </dd>
                  <dt>{t("Country at the provider")}</dt>
                  <dd>{countries.payer ?? t("not given")}</dd>
                </>
              )}
            </dl>
            {evidence?.conflicts && (
              <p className="notice notice--error" role="note">
                {t(
                  "The evidence does not place the buyer in the country they declared: check it before the OSS return.",
                )}
              </p>
            )}
          </div>
        </>
      )}
      <h2 className="admin-subtitle">{t("Lines")}</h2>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t("Item")}</th>
              <th scope="col">{t("Scope")}</th>
              <th scope="col">{t("Price")}</th>
              {taxed && (
                <>
                  <th scope="col">{t("VAT rate")}</th>
                  <th scope="col">{t("VAT")}</th>
                </>
              )}
            </tr>
          </thead>
          <tbody>
            {order.orders.map((line) => (
              <tr key={line.id}>
                <td>
                  <CatalogueIcon value={line.category.icon} /> {line.category.name}
                </td>
                <td>{line.groups ? line.groups.name : t("Whole artefact")}</td>
                <td>{money(line.price, line.currency)}</td>
                {taxed && (
                  <>
                    <td>{line.vat_rate === null ? "" : `${line.vat_rate} %`}</td>
                    <td>{money(line.vat, line.currency)}</td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {order.refund_state === null && (
        <form
          className="admin-actions"
          data-confirm-detail={`${order.order_id}, ${money(order.amount, order.currency)}`}
          {...refund.formProps}
        >
          <button type="submit" className="button button--danger" disabled={refund.busy}>
            {t("Refund")}
          </button>
          <p className="admin-muted">
            {t("Within the 6-day money-back guarantee, through the provider that took the payment.")}
          </p>
        </form>
      )}
    </section>
  );
}

/** An order that does not exist: its own heading under the admin bar; a learner's 403 as everywhere in /admin. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  if (isRouteErrorResponse(error) && error.status === 403) return <AdminForbidden refusal={error.data} />;
  if (!isRouteErrorResponse(error) || error.status !== 404) return <ErrorPage />;
  return (
    <section className="admin-page" aria-labelledby="admin-order-title">
      <p>
        <Link to="/admin/orders">← {t("Back to orders")}</Link>
      </p>
      <h1 id="admin-order-title">{t("Order not found")}</h1>
    </section>
  );
}

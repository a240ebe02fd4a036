import { orderRefundSchema } from "@skillshelf/shared/admin-forms.ts";
import { CREDIT_LABEL } from "@skillshelf/shared/coupons.ts";
import { type Formatting, formattingOf, takenOff } from "@skillshelf/shared/formatting.ts";
import { countryName, TAX_SCHEME_LABELS } from "@skillshelf/shared/tax.ts";
import { type TeamView, teamFormSchema, teamSeatFormSchema } from "@skillshelf/shared/teams.ts";
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
import { answerForm, checkForm } from "../lib/form-action";
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

/**
 * Refund (through the provider that took the payment), release a team's seat, or mail a team's open
 * invitations again: each by the API's own operation; a plain form post comes back here (303).
 */
export async function action({ context, request, params, url }: Route.ActionArgs) {
  const store = context.get(storeContext);
  requireAdmin(store, url);
  const form = await request.formData();
  const back = `/admin/orders/${params.id}`;
  const intent = form.get("intent");
  if (intent === RELEASE_INTENT) {
    const seat = checkForm(form, teamSeatFormSchema);
    const outcome = seat.ok ? await store.adminWrites.releaseSeat(seat.data.team_id, seat.data.seat_id) : seat.outcome;
    return answerForm(store, outcome, back);
  }
  if (intent === RESEND_INTENT) {
    const team = checkForm(form, teamFormSchema);
    const outcome = team.ok ? await store.adminWrites.resendInvitations(team.data.team_id) : team.outcome;
    return answerForm(store, outcome, back);
  }
  const checked = checkForm(form, orderRefundSchema, { extra: { id: params.id } });
  const outcome = checked.ok ? await store.adminWrites.refundOrder(checked.data.id) : checked.outcome;
  return answerForm(store, outcome, back);
}

const RELEASE_INTENT = "release-seat";
const RESEND_INTENT = "resend-invitations";

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
  // What a refund gives back now: the seats' own refunds are not given twice (an order that took no money still has one).
  const refundLeft = order.amount - (order.seats_refunded?.amount ?? 0);

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
          {order.seat_refunds.length > 0 && (
            <>
              <dt>{t("Unclaimed seats refunded")}</dt>
              <dd>
                {order.seat_refunds.map((refund) => (
                  <span key={refund.refunded_at} className="admin-vat-upcoming">
                    {t("{{amount}} for {{count}} seats on {{date}}", {
                      amount: money(refund.amount, order.currency),
                      count: refund.seats,
                      date: formatWhen(refund.refunded_at, formatting),
                    })}
                    {refund.credit_note ? ` (${refund.credit_note})` : ""}
                  </span>
                ))}
              </dd>
            </>
          )}
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
      {order.teams?.map((team) => (
        <TeamPurchase key={team.id} team={team} formatting={formatting} />
      ))}
      {order.refund_state === null && (refundLeft > 0 || order.amount === 0) && (
        <form
          className="admin-actions"
          data-confirm-detail={`${order.order_id}, ${money(refundLeft, order.currency)}`}
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

/**
 * A team purchase the order bought or added seats to: its seats and who holds them since when,
 * with Release on each claimed seat (after "Are you sure?") and Resend invitations.
 */
function TeamPurchase({ team, formatting }: { team: TeamView; formatting: Formatting }) {
  const t = useT();
  const release = useAdminForm({ confirm: () => "Are you sure?" });
  const resend = useAdminForm();
  const releasing = release.sending ? Number(new FormData(release.sending).get("seat_id")) : null;
  const mailed = team.invitations.filter((invitation) => invitation.email !== null).length;
  const title = `admin-team-${team.id}`;
  return (
    <>
      <h2 id={title} className="admin-subtitle">
        {t("Team purchase: {{name}}", { name: team.group_name ? `${team.name} › ${team.group_name}` : team.name })}
      </h2>
      <div className="admin-panel">
        <dl className="admin-facts">
          <dt>{t("Seats")}</dt>
          <dd>{t("{{count}} seats, {{claimed}} claimed", { count: team.seats, claimed: team.claimed })}</dd>
          <dt>{t("Unit price")}</dt>
          <dd>{t(formatMoney(team.unit_price, team.currency, formatting))}</dd>
          <dt>{t("Open invitations")}</dt>
          <dd>{mailed}</dd>
          {team.refunded && (
            <>
              <dt>{t("Refund", { context: "noun" })}</dt>
              <dd>{t("The order is refunded: its seats give no access.")}</dd>
            </>
          )}
        </dl>
        {!team.refunded && (
          <form className="admin-actions" {...resend.formProps}>
            <input type="hidden" name="intent" value={RESEND_INTENT} />
            <input type="hidden" name="team_id" value={team.id} />
            <button type="submit" className="button button--outline" disabled={resend.busy}>
              {t("Resend invitations")}
            </button>
            <span className="admin-muted">{t("Mails each open invitation of this team again.")}</span>
          </form>
        )}
      </div>
      {team.holders.length === 0 ? (
        <p className="admin-hint">{t("No seat of this team purchase is claimed.")}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table" aria-labelledby={title}>
            <thead>
              <tr>
                <th scope="col">{t("Holder")}</th>
                <th scope="col">{t("E-mail")}</th>
                <th scope="col">{t("Claimed")}</th>
                <th scope="col">{t("Progress")}</th>
                <th scope="col">{t("Actions")}</th>
              </tr>
            </thead>
            <tbody>
              {team.holders.map((holder) => (
                <tr key={holder.seat_id} data-seat={holder.seat_id}>
                  <td>{holder.name}</td>
                  <td className="admin-break">{holder.email}</td>
                  <td>{formatWhen(holder.claimed_at, formatting)}</td>
                  <td>{t("{{done}} of {{total}} articles", { done: holder.done, total: holder.total })}</td>
                  <td>
                    <form
                      className="admin-inline-form"
                      data-confirm-detail={`${holder.name} (${holder.email})`}
                      {...release.formProps}
                    >
                      <input type="hidden" name="intent" value={RELEASE_INTENT} />
                      <input type="hidden" name="team_id" value={team.id} />
                      <input type="hidden" name="seat_id" value={holder.seat_id} />
                      <button
                        type="submit"
                        className="button button--small button--outline"
                        disabled={releasing === holder.seat_id}
                        aria-label={t("Release the seat of {{email}}", { email: holder.email })}
                      >
                        {t("Release")}
                      </button>
                    </form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
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

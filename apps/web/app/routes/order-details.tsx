import { orderRefundSchema } from "@skillshelf/shared/admin-forms.ts";
import { CREDIT_LABEL } from "@skillshelf/shared/coupons.ts";
import { formattingOf, takenOff } from "@skillshelf/shared/formatting.ts";
import { formatOrderDate } from "@skillshelf/shared/order-dates.ts";
import { countryName } from "@skillshelf/shared/tax.ts";
import { data, Link, useActionData } from "react-router";
import { FormNotice } from "../components/form/form-notice";
import { ArrowLeftIcon } from "../components/icons/arrow-left-icon";
import { IconsOnce } from "../components/icons/icons-once";
import { Trans } from "../components/trans";
import { OrderLines } from "../features/orders/components/order-lines";
import { OrderStatusBadge } from "../features/orders/components/order-status-badge";
import { RefundRequest, useRefundRequest } from "../features/orders/components/refund-request";
import { paymentMethodLabel } from "../features/orders/payment-labels";
import { serverActionOrFailure } from "../lib/client-action";
import { answerForm, parseFormPost } from "../lib/form-action";
import { usePrice } from "../lib/formatting";
import { requireViewer } from "../lib/guards";
import { metaT, useT } from "../lib/i18n";
import { buildMeta } from "../lib/meta";
import { revalidateUnlessUnsent } from "../lib/unsent-action";
import { storeContext } from "../load-context";
import type { Route } from "./+types/order-details";

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  const viewer = requireViewer(store, url);
  const id = Number(params.id);
  // Another learner's order is as unknown as a missing one.
  const order = Number.isSafeInteger(id) && id > 0 ? await store.order(id) : null;
  if (!order) throw data(null, { status: 404 });
  const formatting = formattingOf(viewer.user);
  const refundUntil = order.refundable_until
    ? { iso: order.refundable_until, text: formatOrderDate(order.refundable_until, formatting) }
    : null;
  return {
    order,
    date: formatOrderDate(order.created_at, formatting),
    seatRefunds: order.seat_refunds.map((refund) => ({
      ...refund,
      date: formatOrderDate(refund.refunded_at, formatting),
    })),
    refundUntil,
    icons: store.icons(order.orders.map((line) => line.category.icon)),
    country: order.billing_country && countryName(order.billing_country, formatting.locale),
  };
}

/**
 * Request refund: the learner's own refund by the API's own step. A plain
 * form post comes back to this page (303), which then shows the order Refunded.
 */
export async function action({ context, request, params, url }: Route.ActionArgs) {
  const store = context.get(storeContext);
  requireViewer(store, url);
  const checked = await parseFormPost(request, orderRefundSchema, { extra: { id: params.id } });
  const outcome = checked.ok ? await store.commerce.refundOrder(checked.data.id) : checked.outcome;
  return answerForm(store, outcome, `/order-details/${params.id}`);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => serverActionOrFailure(serverAction);
export const shouldRevalidate = revalidateUnlessUnsent;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return [
    ...buildMeta({
      t,
      title: t("Order details"),
      description: loaderData
        ? t("Order {{number}}: items, payment and status.", { number: loaderData.order.order_id })
        : t("One of your orders."),
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default function OrderDetails({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const money = usePrice();
  const { order, date, refundUntil, country, seatRefunds } = loaderData;
  const taxed = order.tax_scheme !== null && order.tax_scheme !== "not_registered";
  const amount = money(order.amount, order.currency);
  // A plain form post that was refused (no JavaScript): why, on the page.
  const posted = useActionData<typeof action>();
  const refund = useRefundRequest({ number: order.order_id, amount, unclaimedSeats: order.unclaimed_seats });
  return (
    <div className="account-page">
      <Link to="/my-orders" className="order-back-link">
        <ArrowLeftIcon size={18} />
        {t("Back to My Orders")}
      </Link>
      <header className="account-page__header">
        <div>
          <h1 className="account-page__title">{t("Order {{number}}", { number: order.order_id })}</h1>
          <p className="account-page__lead">
            <Trans
              i18nKey="Placed <time>{{date}}</time>"
              values={{ date }}
              components={{ time: <time dateTime={order.created_at} /> }}
            />
          </p>
        </div>
        <OrderStatusBadge status={order.status} />
      </header>
      <section className="card order-details" aria-labelledby="payment-title">
        <h2 id="payment-title" className="order-details__title">
          {t("Payment")}
        </h2>
        <dl className="order-facts">
          <div>
            <dt>{t("Order number")}</dt>
            <dd>{order.order_id}</dd>
          </div>
          <div>
            <dt>{t("Date")}</dt>
            <dd>
              <time dateTime={order.created_at}>{date}</time>
            </dd>
          </div>
          <div>
            <dt>{t("Status")}</dt>
            <dd>{t(order.status)}</dd>
          </div>
          <div>
            <dt>{t("Payment method")}</dt>
            <dd>{t(paymentMethodLabel(order.payment_method))}</dd>
          </div>
          <div>
            <dt>{t("Transaction ID")}</dt>
            <dd className="order-facts__code">{t(order.transaction_id)}</dd>
          </div>
          <div>
            <dt>{t("Payment status")}</dt>
            <dd>{t(order.payment_status)}</dd>
          </div>
          {order.coupon_code && (
            <div>
              <dt>{t("Coupon code")}</dt>
              <dd className="order-facts__code">{order.coupon_code}</dd>
            </div>
          )}
          {order.invoice_number && (
            <div>
              <dt>{t("Invoice number")}</dt>
              <dd className="order-facts__code">{order.invoice_number}</dd>
            </div>
          )}
          {order.credit_notes.length > 0 && (
            <div>
              <dt>{t("Credit note number")}</dt>
              <dd className="order-facts__code">{order.credit_notes.join(", ")}</dd>
            </div>
          )}
          <div>
            <dt>{t("Amount")}</dt>
            <dd>{amount}</dd>
          </div>
          {order.company_name && (
            <div>
              <dt>{t("Company name")}</dt>
              <dd>{order.company_name}</dd>
            </div>
          )}
          {country && (
            <div>
              <dt>{t("Country")}</dt>
              <dd>{country}</dd>
            </div>
          )}
          {order.vat_number && (
            <div>
              <dt>{t("VAT number")}</dt>
              <dd className="order-facts__code">{order.vat_number}</dd>
            </div>
          )}
        </dl>
      </section>
      <section className="card order-details" aria-labelledby="items-title">
        <h2 id="items-title" className="order-details__title">
          {t("Items")}
        </h2>
        <IconsOnce>
          <OrderLines lines={order.orders} />
        </IconsOnce>
        <dl className="cart-totals">
          <div className="cart-totals__row">
            <dt>{t("Subtotal")}</dt>
            <dd>{money(order.subtotal, order.currency)}</dd>
          </div>
          {order.credit > 0 && (
            <div className="cart-totals__row">
              <dt>{t(CREDIT_LABEL)}</dt>
              <dd>{money(takenOff(order.credit), order.currency)}</dd>
            </div>
          )}
          <div className="cart-totals__row">
            <dt>{t("Discount")}</dt>
            <dd>{money(takenOff(order.discount), order.currency)}</dd>
          </div>
        </dl>
        <p className="order-details__total">
          <span>{t("Total")}</span>
          <span>{amount}</span>
        </p>
        {/* A team order's unclaimed seats refunded: the order stays Completed, and says what went back and when. */}
        {seatRefunds.map((refund) => (
          <p key={refund.refunded_at} className="order-details__vat">
            <span>
              <Trans
                i18nKey="Refunded for {{count}} unclaimed seats on <time>{{date}}</time>"
                values={{ count: refund.seats, date: refund.date }}
                components={{ time: <time dateTime={refund.refunded_at} /> }}
              />
            </span>
            <span>{money(takenOff(refund.amount), order.currency)}</span>
          </p>
        ))}
        {taxed && (
          <p className="order-details__vat">
            <span>{t(order.reverse_charge ? "Reverse charge: no VAT" : "Includes VAT")}</span>
            <span>{money(order.vat_total ?? 0, order.currency)}</span>
          </p>
        )}
        {/* Files the server makes, not pages of the app: the browser downloads them. */}
        {order.invoice_number ? (
          <a href={`/order-details/${order.id}/invoice`} className="button button--outline order-receipt" download>
            {t("Download invoice (PDF)")}
          </a>
        ) : (
          // An order placed before invoices keeps its receipt.
          <a href={`/order-details/${order.id}/receipt`} className="button button--outline order-receipt" download>
            {t("Download receipt (PDF)")}
          </a>
        )}
        {order.credit_notes.map((number) => (
          <a
            key={number}
            href={`/order-details/${order.id}/credit-notes/${number}`}
            className="button button--outline order-receipt"
            download
          >
            {t("Download credit note {{number}} (PDF)", { number })}
          </a>
        ))}
      </section>
      <FormNotice outcome={posted} fieldless />
      {refundUntil && <RefundRequest until={refundUntil} unclaimedSeats={order.unclaimed_seats} {...refund} />}
    </div>
  );
}

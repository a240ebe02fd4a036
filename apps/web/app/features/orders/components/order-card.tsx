import type { OrderRow } from "@skillshelf/shared/api.ts";
import { CREDIT_LABEL } from "@skillshelf/shared/coupons.ts";
import { takenOff } from "@skillshelf/shared/formatting.ts";
import { useId } from "react";
import { Link } from "react-router";
import { Trans } from "../../../components/trans";
import { usePrice } from "../../../lib/formatting";
import { useT } from "../../../lib/i18n";
import { OrderLines, type ShownLine } from "./order-lines";
import { OrderStatusBadge } from "./order-status-badge";

/** An order as /my-orders' loader sends it: its lines as they are shown (shownLine). */
export type ShownOrder = Omit<OrderRow, "orders"> & { orders: ShownLine[] };

/** One order of /my-orders; `date` is already formatted by the loader. */
export function OrderCard({
  order,
  date,
  seatsRefundedDate = null,
}: {
  order: ShownOrder;
  date: string;
  /** When the last refund of the order's unclaimed seats was, formatted by the loader. */
  seatsRefundedDate?: string | null;
}) {
  const t = useT();
  const money = usePrice();
  const titleId = useId();
  const subtotal = order.orders.reduce((sum, line) => sum + line.price, 0);
  return (
    <article className="card order-card" aria-labelledby={titleId}>
      <header className="order-card__header">
        <div>
          <h2 id={titleId} className="order-card__title">
            {t("Order {{number}}", { number: order.order_id })}
          </h2>
          <p className="order-card__date">
            <time dateTime={order.created_at}>{date}</time>
          </p>
        </div>
        <OrderStatusBadge status={order.status} />
      </header>
      <OrderLines lines={order.orders} />
      <footer className="order-card__footer">
        <dl className="order-card__sums">
          <div>
            <dt>{t("Subtotal")}</dt>
            <dd>{money(subtotal, order.currency)}</dd>
          </div>
          {/* What came off, only on orders that had it: SPEC's card is subtotal and total. */}
          {order.credit > 0 && (
            <div>
              <dt>{t(CREDIT_LABEL)}</dt>
              <dd>{money(takenOff(order.credit), order.currency)}</dd>
            </div>
          )}
          {order.discount > 0 && (
            <div>
              <dt>{t("Discount")}</dt>
              <dd>{money(takenOff(order.discount), order.currency)}</dd>
            </div>
          )}
          <div className="order-card__total">
            <dt>{t("Total")}</dt>
            <dd>{money(order.amount, order.currency)}</dd>
          </div>
          {/* A team order whose unclaimed seats were refunded stays Completed: what went back, and when. */}
          {order.seats_refunded && (
            <div>
              <dt>
                <Trans
                  i18nKey="Refunded for unclaimed seats, <time>{{date}}</time>"
                  values={{ date: seatsRefundedDate ?? "" }}
                  components={{ time: <time dateTime={order.seats_refunded.refunded_at} /> }}
                />
              </dt>
              <dd>{money(takenOff(order.seats_refunded.amount), order.currency)}</dd>
            </div>
          )}
        </dl>
        <div className="order-card__actions">
          {/* A file the server makes: the browser downloads it. */}
          {order.invoice_number && (
            <a href={`/order-details/${order.id}/invoice`} className="button button--small button--outline" download>
              {t("Invoice (PDF)")}
              <span className="sr-only">{t(" of order {{number}}", { number: order.order_id })}</span>
            </a>
          )}
          <Link to={`/order-details/${order.id}`} className="button button--small button--outline">
            {t("View Details")}
            <span className="sr-only">{t(" of order {{number}}", { number: order.order_id })}</span>
          </Link>
        </div>
      </footer>
    </article>
  );
}

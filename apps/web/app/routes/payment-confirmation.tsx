import type { OrderDetail } from "@skillshelf/shared/api.ts";
import { Link } from "react-router";
import { CatalogueIcon } from "../components/icons/catalogue-icon";
import { Trans } from "../components/trans";
import { PaymentResult } from "../features/checkout/components/payment-result";
import { usePrice } from "../lib/formatting";
import { requireViewer } from "../lib/guards";
import { metaT, useLanguagePath, useT } from "../lib/i18n";
import { buildMeta } from "../lib/meta";
import { storeContext } from "../load-context";
import type { Route } from "./+types/payment-confirmation";

/** Also /order-confirmation: the same screen (SPEC.md section 2). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  requireViewer(store, url);
  // The provider's return sends ?order=<id>; only the viewer's own order is shown.
  const id = Number(url.searchParams.get("order"));
  const order = Number.isSafeInteger(id) && id > 0 ? await store.order(id) : null;
  const unlocked = order ? unlockedBy(order) : [];
  return {
    order: order && { number: order.order_id, amount: order.amount, currency: order.currency },
    unlocked,
    // Seats for a team give the buyer nothing to read: their team claims them (/my-teams).
    seats: order?.status === "Completed" && order.orders.some((line) => line.seats !== undefined),
    icons: store.icons(unlocked.map((item) => item.icon)),
  };
}

/** What the order opened, each with where to read it (not a team's seats); nothing once it was refunded. */
function unlockedBy(order: OrderDetail) {
  if (order.status !== "Completed") return [];
  return order.orders
    .filter((line) => line.seats === undefined)
    .map((line) => ({
      key: line.id,
      href: `/${line.category.slug}`,
      icon: line.category.icon,
      name: line.groups ? `${line.category.name}: ${line.groups.name}` : line.category.name,
      scope: line.groups ? "Group" : "Whole artefact",
    }));
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return [
    ...buildMeta({
      t,
      title: t("Order Confirmation"),
      description: t("Your payment was successful: thank you for your purchase."),
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default function PaymentConfirmation({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const at = useLanguagePath();
  const money = usePrice();
  const { order, unlocked, seats } = loaderData;
  const [first] = unlocked;
  return (
    <PaymentResult tone="success" title={t("Payment Successful!")} lead={t("Thank you for your purchase")}>
      {order && (
        <dl className="result-card__facts">
          <div>
            <dt>{t("Order number")}</dt>
            <dd>{order.number}</dd>
          </div>
          <div>
            <dt>{t("Amount paid")}</dt>
            <dd>{money(order.amount, order.currency)}</dd>
          </div>
        </dl>
      )}
      <p className="result-card__text">
        <Trans
          i18nKey="A confirmation e-mail with your order details will arrive in your inbox shortly. Your purchases are ready in <items>My Items</items>."
          components={{ items: <Link to="/my-items" /> }}
        />
      </p>
      {seats && (
        <p className="result-card__text">
          <Trans
            i18nKey="Your team's seats are ready: invite your team from <teams>My Teams</teams>."
            components={{ teams: <Link to="/my-teams" /> }}
          />
        </p>
      )}
      {unlocked.length > 0 && (
        <section className="unlocked" aria-labelledby="unlocked-title">
          <h2 id="unlocked-title" className="unlocked__title">
            {t("Unlocked for you")}
          </h2>
          <ul className="unlocked__list">
            {unlocked.map((item) => (
              <li key={item.key}>
                <Link to={at(item.href)} className="unlocked__link">
                  <CatalogueIcon value={item.icon} /> {item.name}
                </Link>
                <span className="unlocked__scope">{t(item.scope)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="button-row result-card__actions">
        {first && (
          <Link to={at(first.href)} className="button">
            {t("Start learning")}
          </Link>
        )}
        {seats && !first && (
          <Link to="/my-teams" className="button">
            {t("Invite your team")}
          </Link>
        )}
        <Link to="/my-orders" className={first || seats ? "button button--outline" : "button"}>
          {t("View My Orders")}
        </Link>
        <Link to={at("/")} className="button button--outline">
          {t("Back to Home")}
        </Link>
      </div>
    </PaymentResult>
  );
}

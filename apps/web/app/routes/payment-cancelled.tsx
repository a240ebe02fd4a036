import { Link } from "react-router";
import { PaymentResult } from "../features/checkout/components/payment-result";
import { requireViewer } from "../lib/guards";
import { metaT, useT } from "../lib/i18n";
import { buildMeta } from "../lib/meta";
import { storeContext } from "../load-context";
import type { Route } from "./+types/payment-cancelled";

export async function loader({ context, url }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  requireViewer(store, url);
  // The store sends back money that made no order (content already owned, a replaced checkout) and says so here.
  return { refunded: url.searchParams.get("refunded") === "1" };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return [
    ...buildMeta({
      t,
      title: t("Order Cancelled"),
      description: t("Your payment was cancelled: no charges have been made."),
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default function PaymentCancelled({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <PaymentResult tone="cancelled" title={t("Payment Cancelled")} lead={t("Your transaction was not completed")}>
      {loaderData.refunded ? (
        <p className="result-card__text" role="status">
          {t("This payment made no order, so it has been refunded in full. An e-mail with the details is on its way.")}
        </p>
      ) : (
        <p className="result-card__text">{t("No charges have been made to your account.")}</p>
      )}
      <p className="result-card__text">
        {t("Your cart still holds your items, so you can try again whenever you are ready.")}
      </p>
      <div className="button-row result-card__actions">
        <Link to="/cart" className="button">
          {t("Try Again")}
        </Link>
        <Link to="/dashboard" className="button button--outline">
          {t("Back to Dashboard")}
        </Link>
      </div>
    </PaymentResult>
  );
}

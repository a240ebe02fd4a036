import { META_DEFAULTS } from "@skillshelf/shared/constants.ts";
import { Link } from "react-router";
import { PaymentResult } from "../features/checkout/components/payment-result";
import { requireViewer } from "../lib/guards";
import { buildMeta } from "../lib/meta";
import type { Route } from "./+types/payment-cancelled";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireViewer(context, request);
  // The store sends back money that made no order (content already owned, a replaced checkout) and says so here.
  return { refunded: new URL(request.url).searchParams.get("refunded") === "1" };
}

export function meta() {
  return [
    ...buildMeta({
      title: `Order Cancelled | ${META_DEFAULTS.siteName}`,
      description: "Your payment was cancelled: no charges have been made.",
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default function PaymentCancelled({ loaderData }: Route.ComponentProps) {
  return (
    <PaymentResult tone="cancelled" title="Payment Cancelled" lead="Your transaction was not completed">
      {loaderData.refunded ? (
        <p className="result-card__text" role="status">
          This payment made no order, so it has been refunded in full. An e-mail with the details is on its way.
        </p>
      ) : (
        <p className="result-card__text">No charges have been made to your account.</p>
      )}
      <p className="result-card__text">
        Your cart still holds your items, so you can try again whenever you are ready.
      </p>
      <div className="button-row result-card__actions">
        <Link to="/cart" className="button">
          Try Again
        </Link>
        <Link to="/dashboard" className="button button--outline">
          Back to Dashboard
        </Link>
      </div>
    </PaymentResult>
  );
}

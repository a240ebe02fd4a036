import { META_DEFAULTS } from "@skillshelf/shared/constants.ts";
import { Link } from "react-router";
import { PaymentResult } from "../features/checkout/components/payment-result";
import { requireViewer } from "../lib/guards";
import { buildMeta } from "../lib/meta";
import type { Route } from "./+types/payment-cancelled";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireViewer(context, request);
  return null;
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

export default function PaymentCancelled() {
  return (
    <PaymentResult tone="cancelled" title="Payment Cancelled" lead="Your transaction was not completed">
      <p className="result-card__text">No charges have been made to your account.</p>
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

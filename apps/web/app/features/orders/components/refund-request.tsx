import { MONEY_BACK_DAYS } from "@skillshelf/shared/constants.ts";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { useToast } from "../../toast/toast-context";
import { requestRefund } from "../api/request-refund";

/** SPEC.md's generic confirmation prompt, as the operator's refund asks it too. */
export const REFUND_CONFIRMATION = "Are you sure?";

/**
 * The money-back guarantee on an order's page, while it runs: the deadline and
 * "Request refund". After the learner confirms, the server refunds through the
 * provider and the page reloads its order (status Refunded, no button).
 */
export function RefundRequest({ orderId, until }: { orderId: number; until: { iso: string; text: string } }) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);

  const onClick = async () => {
    if (busy || !window.confirm(REFUND_CONFIRMATION)) return;
    setBusy(true);
    try {
      await requestRefund(orderId, toast);
      await revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card order-details order-refund" aria-labelledby="refund-title">
      <h2 id="refund-title" className="order-details__title">
        {MONEY_BACK_DAYS}-day money-back guarantee
      </h2>
      <p className="order-refund__text">
        Not what you needed? You can get your money back until <time dateTime={until.iso}>{until.text}</time>. The items
        of this order are locked again at once.
      </p>
      <button type="button" className="button button--outline" onClick={onClick} aria-disabled={busy || undefined}>
        {busy ? "Requesting refund…" : "Request refund"}
      </button>
    </section>
  );
}

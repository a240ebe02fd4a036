import { MONEY_BACK_DAYS } from "@skillshelf/shared/constants.ts";
import { type FormEvent, useState } from "react";
import { Trans } from "../../../components/trans";
import { useActionSubmit } from "../../../hooks/use-action-submit";
import { useT } from "../../../lib/i18n";
import { useConfirm } from "../../confirm/confirm-dialog";
import { useToast } from "../../toast/toast-context";

/**
 * Request refund with JavaScript: after the learner confirms, a fetcher sends
 * the form to the page's action, the toast says how it went and the page
 * reloads its order (status Refunded, no button). Kept by the page itself, as
 * the section leaves the page once the order is refunded.
 */
export function useRefundRequest(order: { number: string; amount: string; unclaimedSeats?: number | null }) {
  const t = useT();
  const toast = useToast();
  const send = useActionSubmit(toast);
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (busy) return;
    // A team order's refund covers its unclaimed seats only: the seats its team holds keep their access.
    const seats = order.unclaimedSeats ?? null;
    const asked = {
      question:
        seats === null
          ? t("Refund order {{number}} of {{amount}}?", order)
          : t("Refund the {{count}} unclaimed seats of order {{number}}?", { count: seats, number: order.number }),
      detail:
        seats === null
          ? t("The money goes back the way you paid, and the items of this order are locked again at once.")
          : t("Their share of what you paid goes back the way you paid. Claimed seats keep their access."),
      confirmLabel: t("Refund"),
    };
    if (!(await confirm(asked))) return;
    setBusy(true);
    try {
      await send(form);
    } finally {
      setBusy(false);
    }
  };
  return { busy, onSubmit };
}

/**
 * The money-back guarantee on an order's page, while it runs: the deadline and
 * "Request refund", a form posted to the page's action (without JavaScript,
 * the page comes back with the order Refunded).
 */
export function RefundRequest({
  until,
  unclaimedSeats = null,
  busy,
  onSubmit,
}: { until: { iso: string; text: string }; unclaimedSeats?: number | null } & ReturnType<typeof useRefundRequest>) {
  const t = useT();
  return (
    <section className="card order-details order-refund" aria-labelledby="refund-title">
      <h2 id="refund-title" className="order-details__title">
        {t("{{days}}-day money-back guarantee", { days: MONEY_BACK_DAYS })}
      </h2>
      <p className="order-refund__text">
        {unclaimedSeats === null ? (
          <Trans
            i18nKey="Not what you needed? You can get your money back until <time>{{date}}</time>. The items of this order are locked again at once."
            values={{ date: until.text }}
            components={{ time: <time dateTime={until.iso} /> }}
          />
        ) : (
          <Trans
            i18nKey="Seats nobody has claimed can be refunded until <time>{{date}}</time> ({{count}} now). Claimed seats keep their access."
            values={{ date: until.text, count: unclaimedSeats }}
            components={{ time: <time dateTime={until.iso} /> }}
          />
        )}
      </p>
      <form method="post" onSubmit={onSubmit}>
        <button type="submit" className="button button--outline" aria-disabled={busy || undefined}>
          {busy ? t("Requesting refund…") : t("Request refund")}
        </button>
      </form>
    </section>
  );
}

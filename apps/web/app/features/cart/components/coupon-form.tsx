import type { CartResponse } from "@skillshelf/shared/api.ts";
import { type FormEvent, useId, useState } from "react";
import { Trans } from "../../../components/trans";
import { useActionSubmit } from "../../../hooks/use-action-submit";
import { useHydrated } from "../../../hooks/use-hydrated";
import { useT } from "../../../lib/i18n";
import { useToast } from "../../toast/toast-context";

/** The cart's form intents for the code field (routes/cart.tsx). */
export const COUPON_INTENTS = { apply: "coupon", remove: "coupon-remove" } as const;

/**
 * The cart's coupon code: a plain form post to the cart's action without
 * JavaScript, with it the same action through a fetcher (a toast, and the
 * cart's figures reloaded). The message under the field is the action's
 * refusal, or why the code kept with the cart takes nothing off now.
 */
export function CouponForm({
  coupon,
  refused,
}: {
  coupon: CartResponse["data"]["coupon"];
  /** A plain form post's refusal of the code (no JavaScript). */
  refused: string | undefined;
}) {
  const t = useT();
  const id = useId();
  const toast = useToast();
  const send = useActionSubmit<unknown>(toast, "/cart");
  const hydrated = useHydrated();
  const [sent, setSent] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // The action's messages come in the page's language; the kept code's is a catalogue key.
  const message = sent ?? refused ?? (coupon?.message ? t(coupon.message) : undefined);
  const errorId = `${id}-error`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      const outcome = await send(event.currentTarget);
      setSent(outcome.ok ? undefined : (outcome.errors?.code ?? outcome.message));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form method="post" action="/cart" className="coupon-form" onSubmit={submit}>
      {coupon ? (
        <div className="coupon-form__row">
          <input type="hidden" name="intent" value={COUPON_INTENTS.remove} />
          <p className="coupon-form__applied">
            <Trans
              i18nKey={coupon.message ? "Code <strong>{{code}}</strong>" : "Code <strong>{{code}}</strong> applied"}
              values={{ code: coupon.code }}
              components={{ strong: <strong /> }}
            />
          </p>
          <button
            type="submit"
            className="link-button"
            data-enhanced={hydrated || undefined}
            disabled={busy}
            aria-describedby={message ? errorId : undefined}
          >
            {t("Remove code")}
          </button>
        </div>
      ) : (
        <>
          <input type="hidden" name="intent" value={COUPON_INTENTS.apply} />
          <label htmlFor={id} className="coupon-form__label">
            {t("Coupon code")}
          </label>
          <div className="coupon-form__row">
            <input
              id={id}
              name="code"
              className="field__control coupon-form__input"
              autoComplete="off"
              maxLength={40}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? errorId : undefined}
            />
            <button
              type="submit"
              className="button button--outline"
              data-enhanced={hydrated || undefined}
              disabled={busy}
              aria-busy={busy || undefined}
            >
              {t("Apply")}
            </button>
          </div>
        </>
      )}
      {message && (
        <p id={errorId} className="field__error">
          {message}
        </p>
      )}
    </form>
  );
}

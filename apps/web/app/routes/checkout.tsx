import { startPaymentSchema } from "@skillshelf/shared/cart-forms.ts";
import { MONEY_BACK_DAYS } from "@skillshelf/shared/constants.ts";
import { NOTHING_TO_PAY } from "@skillshelf/shared/coupons.ts";
import { readerFormatting } from "@skillshelf/shared/formatting.ts";
import { billingSchema } from "@skillshelf/shared/tax.ts";
import { useEffect, useState } from "react";
import {
  data,
  redirect,
  type ShouldRevalidateFunctionArgs,
  useActionData,
  useFetcher,
  useRouteLoaderData,
} from "react-router";
import { FormNotice } from "../components/form/form-notice";
import { IconsOnce } from "../components/icons/icons-once";
import { TransAnchor } from "../components/plain-anchor";
import { Trans } from "../components/trans";
import { CartLine } from "../features/cart/components/cart-line";
import { CartTotals } from "../features/cart/components/cart-totals";
import { BILLING_INTENT, BillingFields, countryOptions } from "../features/checkout/components/billing-fields";
import { CompletePurchaseButton } from "../features/checkout/components/complete-purchase-button";
import { EmulatedPaymentsNote } from "../features/checkout/components/emulated-payments-note";
import { PaymentMethodOptions } from "../features/checkout/components/payment-method-options";
import { parsePaymentMethod } from "../features/checkout/payment-methods";
import { useCheckout } from "../features/checkout/use-checkout";
import { serverActionOrFailure } from "../lib/client-action";
import { checkForm, inPageLanguage } from "../lib/form-action";
import { requireViewer } from "../lib/guards";
import { metaT, useT } from "../lib/i18n";
import { buildMeta } from "../lib/meta";
import { revalidateUnlessUnsent } from "../lib/unsent-action";
import { storeContext } from "../load-context";
import type { loader as rootLoader } from "../root";
import type { Route } from "./+types/checkout";

export async function loader({ context, url }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  requireViewer(store, url);
  const cart = await store.cart();
  // Nothing to pay for: back to the cart, which says it is empty.
  if (cart.rows.length === 0) throw redirect("/cart");
  return {
    cart,
    method: parsePaymentMethod(url.searchParams.get("method")),
    icons: store.icons(cart.rows.map((row) => row.category.icon)),
    countries: countryOptions(readerFormatting(store.i18n.language, store.viewer?.user).locale),
  };
}

/**
 * Starts the payment with the API's own steps. A plain form post (without
 * JavaScript, or before it runs) is sent on to the provider's hosted page
 * with a 303 (card, PayPal), or gets this page again with PayU's form for the
 * learner's browser to post. The page's own fetcher (use-checkout.ts) gets
 * the provider's address or PayU's form as data, and leaves for it itself. A
 * failure is the outcome with its status (the page's message, or a toast).
 */
export async function action({ context, request, url }: Route.ActionArgs) {
  const store = context.get(storeContext);
  requireViewer(store, url);
  const form = await request.formData();
  if (form.get("intent") === BILLING_INTENT) {
    // Update: the billing details are kept and the page shows the cart's VAT for them, nothing is paid.
    const billing = checkForm(form, billingSchema);
    const saved = billing.ok ? await store.commerce.saveBilling(billing.data) : billing.outcome;
    const outcome = saved.ok ? { ...saved, data: { kind: BILLING_INTENT } as const } : saved;
    return data(inPageLanguage(store, outcome), { status: outcome.ok ? 200 : outcome.status });
  }
  const checked = checkForm(form, startPaymentSchema, { checkboxes: ["confirm_country"] });
  const outcome = checked.ok ? await store.commerce.startPayment(checked.data) : checked.outcome;
  if (!outcome.ok) return data(inPageLanguage(store, outcome), { status: outcome.status });
  if (outcome.data.kind === "redirect" && !store.dataRequest) throw redirect(outcome.data.url, 303);
  return inPageLanguage(store, outcome);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => serverActionOrFailure(serverAction);

/**
 * Nothing changed when the store was not reached, or when the payment started (the page is
 * leaving); saved billing details change the cart's VAT.
 */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  const result = args.actionResult as { ok?: unknown; data?: { kind?: string } } | undefined;
  if (result?.ok === true && result.data?.kind !== BILLING_INTENT) return false;
  return revalidateUnlessUnsent(args);
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return [
    ...buildMeta({
      t,
      title: t("Checkout"),
      description: t("Pay for your cart by card, PayPal or PayU."),
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { cart } = loaderData;
  const [method, setMethod] = useState(loaderData.method);
  // Another ?method= in the address (same page, new search): follow it.
  useEffect(() => setMethod(loaderData.method), [loaderData.method]);
  const { pay, processing, errors: refused } = useCheckout();
  const billing = useFetcher<typeof action>();
  const emulated = useRouteLoaderData<typeof rootLoader>("root")?.paymentsEmulated ?? false;
  // A plain form post's answer: PayU's form to post on, or why the payment could not start.
  const posted = useActionData<typeof action>();
  const handoff = posted?.ok && posted.data.kind === "form" ? posted.data : null;
  // The last Update of the billing details: by the page's fetcher, or a plain form post.
  const billed = billing.data ?? (posted?.ok === false || posted?.data.kind === BILLING_INTENT ? posted : undefined);
  const updateBilling = (form: HTMLFormElement, submitter?: HTMLElement | null) => {
    const fields = new FormData(form, submitter ?? undefined);
    fields.set("intent", BILLING_INTENT);
    void billing.submit(fields, { method: "post" });
  };
  // Credit and coupon cover everything: Complete Purchase unlocks it at once, no provider is asked for anything.
  const free = cart.total === 0;

  return (
    <div className="container store-page">
      <header className="store-page__header">
        <h1 className="store-page__title">{t("Complete Your Purchase")}</h1>
        <p className="store-page__lead">{t("Secure checkout with multiple payment options")}</p>
      </header>
      {emulated && <EmulatedPaymentsNote />}
      <FormNotice outcome={posted} fieldless />
      {handoff && (
        <form method="post" action={handoff.action} className="card checkout-handoff">
          {Object.entries(handoff.params).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <p>{t("Your PayU payment is ready: continue on PayU's secure page.")}</p>
          <button type="submit" className="button button--large">
            {t("Continue to PayU")}
          </button>
        </form>
      )}
      <form
        method="post"
        className="checkout-layout"
        onSubmit={(event) => {
          event.preventDefault();
          const { submitter } = event.nativeEvent as SubmitEvent;
          if (submitter?.getAttribute("value") === BILLING_INTENT) updateBilling(event.currentTarget, submitter);
          else void pay(event.currentTarget, free ? "card" : method);
        }}
      >
        <input type="hidden" name="amount" value={cart.total} />
        <input type="hidden" name="currency" value={cart.currency} />
        <div className="checkout-steps">
          <section className="card checkout-panel" aria-labelledby="method-title">
            <h2 id="method-title" className="checkout-panel__title">
              {t("Payment Method")}
            </h2>
            {free ? (
              <>
                {/* Any method starts it; with nothing to pay, none is used. */}
                <input type="hidden" name="method" value="card" />
                <p className="checkout-panel__free">{t(NOTHING_TO_PAY)}</p>
              </>
            ) : (
              <>
                <PaymentMethodOptions
                  value={method}
                  onChange={setMethod}
                  legend="Choose how to pay"
                  legendHidden
                  disabled={processing}
                />
                <p className="checkout-panel__secure">
                  {t(
                    "You finish paying on the provider's secure page; Skillshelf never sees your card or account details.",
                  )}
                </p>
              </>
            )}
          </section>
          <section className="card checkout-panel">
            <BillingFields
              billing={cart.tax}
              countries={loaderData.countries}
              errors={(billed && !billed.ok ? billed.errors : undefined) ?? refused}
              status={billed?.ok ? billed.message : undefined}
              disabled={processing}
              updating={billing.state !== "idle"}
              onCountryChange={(select) => select.form && updateBilling(select.form)}
            />
          </section>
        </div>
        <aside className="card summary-panel" aria-labelledby="summary-title">
          <h2 id="summary-title" className="summary-panel__title">
            {t("Order Summary")}
          </h2>
          <IconsOnce>
            <ul className="cart-lines cart-lines--compact">
              {cart.rows.map((item) => (
                <CartLine key={item.id} item={item} />
              ))}
            </ul>
          </IconsOnce>
          <CartTotals cart={cart} />
          <CompletePurchaseButton processing={processing} />
          {/* Placeholders (SPEC.md section 2): the store has no legal pages yet. */}
          <p className="summary-panel__terms">
            <Trans
              i18nKey="By completing your purchase you agree to our <terms>Terms of Service</terms> and <privacy>Privacy Policy</privacy>."
              components={{
                terms: <TransAnchor href="#terms-of-service" />,
                privacy: <TransAnchor href="#privacy-policy" />,
              }}
            />
          </p>
          <p className="summary-panel__guarantee">
            <Trans
              i18nKey="<strong>{{days}}-day money-back guarantee.</strong> Not what you needed? Ask for a refund within {{days}} days of purchase."
              values={{ days: MONEY_BACK_DAYS }}
              components={{ strong: <strong /> }}
            />
          </p>
        </aside>
      </form>
    </div>
  );
}

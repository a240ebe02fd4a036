import { startPaymentSchema } from "@skillshelf/shared/cart-forms.ts";
import { META_DEFAULTS, MONEY_BACK_DAYS } from "@skillshelf/shared/constants.ts";
import { useEffect, useState } from "react";
import { data, redirect, type ShouldRevalidateFunctionArgs, useActionData, useRouteLoaderData } from "react-router";
import { FormNotice } from "../components/form/form-notice";
import { CartLine } from "../features/cart/components/cart-line";
import { CartTotals } from "../features/cart/components/cart-totals";
import { CompletePurchaseButton } from "../features/checkout/components/complete-purchase-button";
import { EmulatedPaymentsNote } from "../features/checkout/components/emulated-payments-note";
import { PaymentMethodOptions } from "../features/checkout/components/payment-method-options";
import { parsePaymentMethod } from "../features/checkout/payment-methods";
import { useCheckout } from "../features/checkout/use-checkout";
import { serverActionOrFailure } from "../lib/client-action";
import { checkForm } from "../lib/form-action";
import { requireViewer } from "../lib/guards";
import { buildMeta } from "../lib/meta";
import { revalidateUnlessUnsent } from "../lib/unsent-action";
import type { loader as rootLoader } from "../root";
import type { Route } from "./+types/checkout";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireViewer(context, request);
  const cart = await context.cart();
  // Nothing to pay for: back to the cart, which says it is empty.
  if (cart.rows.length === 0) throw redirect("/cart");
  return { cart, method: parsePaymentMethod(new URL(request.url).searchParams.get("method")) };
}

/**
 * Starts the payment with the API's own steps. A plain form post (without
 * JavaScript, or before it runs) is sent on to the provider's hosted page
 * with a 303 (card, PayPal), or gets this page again with PayU's form for the
 * learner's browser to post. The page's own fetcher (use-checkout.ts) gets
 * the provider's address or PayU's form as data, and leaves for it itself. A
 * failure is the outcome with its status (the page's message, or a toast).
 */
export async function action({ context, request }: Route.ActionArgs) {
  requireViewer(context, request);
  const checked = checkForm(await request.formData(), startPaymentSchema);
  const outcome = checked.ok ? await context.commerce.startPayment(checked.data) : checked.outcome;
  if (!outcome.ok) return data(outcome, { status: outcome.status });
  if (outcome.data.kind === "redirect" && !context.dataRequest) throw redirect(outcome.data.url, 303);
  return outcome;
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => serverActionOrFailure(serverAction);

/** Nothing changed when the store was not reached, or when the payment started (the page is leaving). */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  if ((args.actionResult as { ok?: unknown } | undefined)?.ok === true) return false;
  return revalidateUnlessUnsent(args);
}

export function meta() {
  return [
    ...buildMeta({
      title: `Checkout | ${META_DEFAULTS.siteName}`,
      description: "Pay for your cart by card, PayPal or PayU.",
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { cart } = loaderData;
  const [method, setMethod] = useState(loaderData.method);
  // Another ?method= in the address (same page, new search): follow it.
  useEffect(() => setMethod(loaderData.method), [loaderData.method]);
  const { pay, processing } = useCheckout();
  const emulated = useRouteLoaderData<typeof rootLoader>("root")?.paymentsEmulated ?? false;
  // A plain form post's answer: PayU's form to post on, or why the payment could not start.
  const posted = useActionData<typeof action>();
  const handoff = posted?.ok && posted.data.kind === "form" ? posted.data : null;

  return (
    <div className="container store-page">
      <header className="store-page__header">
        <h1 className="store-page__title">Complete Your Purchase</h1>
        <p className="store-page__lead">Secure checkout with multiple payment options</p>
      </header>
      {emulated && <EmulatedPaymentsNote />}
      <FormNotice outcome={posted} fieldless />
      {handoff && (
        <form method="post" action={handoff.action} className="card checkout-handoff">
          {Object.entries(handoff.params).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <p>Your PayU payment is ready: continue on PayU's secure page.</p>
          <button type="submit" className="button button--large">
            Continue to PayU
          </button>
        </form>
      )}
      <form
        method="post"
        className="checkout-layout"
        onSubmit={(event) => {
          event.preventDefault();
          void pay(event.currentTarget, method);
        }}
      >
        <input type="hidden" name="amount" value={cart.total} />
        <input type="hidden" name="currency" value={cart.currency} />
        <section className="card checkout-panel" aria-labelledby="method-title">
          <h2 id="method-title" className="checkout-panel__title">
            Payment Method
          </h2>
          <PaymentMethodOptions
            value={method}
            onChange={setMethod}
            legend="Choose how to pay"
            legendHidden
            disabled={processing}
          />
          <p className="checkout-panel__secure">
            You finish paying on the provider's secure page; Skillshelf never sees your card or account details.
          </p>
        </section>
        <aside className="card summary-panel" aria-labelledby="summary-title">
          <h2 id="summary-title" className="summary-panel__title">
            Order Summary
          </h2>
          <ul className="cart-lines cart-lines--compact">
            {cart.rows.map((item) => (
              <CartLine key={item.id} item={item} />
            ))}
          </ul>
          <CartTotals cart={cart} />
          <CompletePurchaseButton processing={processing} />
          {/* Placeholders (SPEC.md section 2): the store has no legal pages yet. */}
          <p className="summary-panel__terms">
            By completing your purchase you agree to our <a href="#terms-of-service">Terms of Service</a> and{" "}
            <a href="#privacy-policy">Privacy Policy</a>.
          </p>
          <p className="summary-panel__guarantee">
            <strong>{MONEY_BACK_DAYS}-day money-back guarantee.</strong> Not what you needed? Ask for a refund within{" "}
            {MONEY_BACK_DAYS} days of purchase.
          </p>
        </aside>
      </form>
    </div>
  );
}

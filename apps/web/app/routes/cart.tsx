import type { PaymentMethod } from "@skillshelf/shared/api.ts";
import { addToCartSchema, removeFromCartSchema } from "@skillshelf/shared/cart-forms.ts";
import { couponCodeSchema } from "@skillshelf/shared/coupons.ts";
import { languageOfPath, languagePath } from "@skillshelf/shared/i18n/languages.ts";
import { useCallback, useRef, useState } from "react";
import { Form, redirect, useActionData, useNavigate } from "react-router";
import { FormNotice } from "../components/form/form-notice";
import { IconsOnce } from "../components/icons/icons-once";
import { CartLine } from "../features/cart/components/cart-line";
import { CartTotals } from "../features/cart/components/cart-totals";
import { COUPON_INTENTS, CouponForm } from "../features/cart/components/coupon-form";
import { EmptyCart } from "../features/cart/components/empty-cart";
import { useRemoveFromCart } from "../features/cart/use-remove-from-cart";
import { PaymentMethodOptions } from "../features/checkout/components/payment-method-options";
import { DEFAULT_PAYMENT_METHOD } from "../features/checkout/payment-methods";
import { serverActionOrFailure } from "../lib/client-action";
import { answerForm, checkForm } from "../lib/form-action";
import { requireViewer, safeRedirect } from "../lib/guards";
import { metaT, useT } from "../lib/i18n";
import { buildMeta } from "../lib/meta";
import { storeContext } from "../load-context";
import type { Route } from "./+types/cart";

export async function loader({ context, url }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  requireViewer(store, url);
  const cart = await store.cart();
  return { cart, icons: store.icons(cart.rows.map((row) => row.category.icon)) };
}

/** The cart's forms: intent=add (from a listing or an article's locked note), intent=remove, and the coupon code's. */
export const CART_INTENTS = { add: "add", remove: "remove" } as const;

/**
 * Adds a line or removes one with the API's own steps. A visitor (or a
 * session that ended) signs in first and comes back to the page the form was
 * on; a plain form post then lands on the cart, which shows the outcome.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const store = context.get(storeContext);
  const form = await request.formData();
  const back = safeRedirect(String(form.get("redirectTo") ?? ""), "/cart");
  // Signing in in the language of the page the form was on.
  const toLogin = languagePath(languageOfPath(back), `/login?redirectTo=${encodeURIComponent(back)}`);
  if (!store.viewer && !store.dataRequest) throw redirect(toLogin, 303);
  if (form.get("intent") === COUPON_INTENTS.apply) {
    const checked = checkForm(form, couponCodeSchema);
    return answerForm(store, checked.ok ? await store.commerce.applyCoupon(checked.data) : checked.outcome, "/cart");
  }
  if (form.get("intent") === COUPON_INTENTS.remove) {
    return answerForm(store, await store.commerce.removeCoupon(), "/cart");
  }
  if (form.get("intent") === CART_INTENTS.remove) {
    const checked = checkForm(form, removeFromCartSchema);
    return answerForm(store, checked.ok ? await store.commerce.removeFromCart(checked.data) : checked.outcome, "/cart");
  }
  const checked = checkForm(form, addToCartSchema);
  return answerForm(store, checked.ok ? await store.commerce.addToCart(checked.data) : checked.outcome, "/cart");
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => serverActionOrFailure(serverAction);

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return [
    ...buildMeta({
      t,
      title: t("Cart"),
      description: t("Review the artefacts and groups in your cart before checkout."),
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default function Cart({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { cart } = loaderData;
  const { rows } = cart;
  const [method, setMethod] = useState<PaymentMethod>(DEFAULT_PAYMENT_METHOD);
  const navigate = useNavigate();
  const countHeading = useRef<HTMLHeadingElement>(null);
  // The removed line's button is gone: keyboard focus goes to the list's heading.
  const onRemoved = useCallback(() => countHeading.current?.focus(), []);
  const { remove, removing } = useRemoveFromCart(onRemoved);
  const empty = rows.length === 0;
  // A plain form post's failure (no JavaScript): an item already in the cart, or one that is gone.
  const posted = useActionData<typeof action>();
  // A refused code is said under the code field, not above the list.
  const refusedCode = posted && !posted.ok ? posted.errors?.code : undefined;

  const continueShopping = () => {
    // React Router numbers its history entries: with none before this one, back would leave the store.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate("/");
  };

  return (
    <div className="container store-page">
      <header className="store-page__header">
        <h1 className="store-page__title">{t("Your Shopping Cart")}</h1>
        <p className="store-page__lead">{t("Review your selected items before checkout")}</p>
      </header>
      <div className="cart-layout">
        <section className="card cart-panel" aria-labelledby="cart-count">
          <h2 id="cart-count" ref={countHeading} tabIndex={-1} className="cart-panel__title">
            {t("{{count}} Item(s) in Cart", { count: rows.length })}
          </h2>
          <FormNotice outcome={refusedCode ? undefined : posted} fieldless />
          {empty ? (
            <EmptyCart />
          ) : (
            <IconsOnce>
              <ul className="cart-lines">
                {rows.map((item) => (
                  <CartLine key={item.id} item={item} onRemove={remove} removing={removing === item.id} />
                ))}
              </ul>
            </IconsOnce>
          )}
          <div className="cart-panel__footer">
            <button type="button" className="button button--outline" onClick={continueShopping}>
              {t("← Continue Shopping")}
            </button>
          </div>
        </section>
        <aside className="card summary-panel" aria-labelledby="summary-title">
          <h2 id="summary-title" className="summary-panel__title">
            {t("Order Summary")}
          </h2>
          <CouponForm coupon={cart.coupon} refused={refusedCode} />
          <CartTotals cart={cart} />
          <Form method="get" action="/checkout" className="summary-panel__form">
            <PaymentMethodOptions value={method} onChange={setMethod} compact disabled={empty} />
            <button type="submit" className="button button--large summary-panel__cta" disabled={empty}>
              {t("Proceed to Checkout")}
            </button>
          </Form>
        </aside>
      </div>
    </div>
  );
}

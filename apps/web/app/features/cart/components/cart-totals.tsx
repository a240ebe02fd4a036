import type { CartResponse } from "@skillshelf/shared/api.ts";
import { CREDIT_LABEL } from "@skillshelf/shared/coupons.ts";
import { takenOff } from "@skillshelf/shared/formatting.ts";
import { usePrice } from "../../../lib/formatting";
import { useT } from "../../../lib/i18n";

/**
 * Subtotal, the upgrade credit (when the learner owns groups of an artefact
 * bought whole), the coupon's discount (0.00 when no code applies, SPEC.md
 * section 5) and the total checkout charges: all the server's figures.
 */
export function CartTotals({
  cart,
}: {
  cart: Pick<CartResponse["data"], "subtotal" | "credit" | "discount" | "total" | "currency">;
}) {
  const t = useT();
  const money = usePrice();
  const { currency } = cart;
  return (
    <dl className="cart-totals">
      <div className="cart-totals__row">
        <dt>{t("Subtotal")}</dt>
        <dd>{money(cart.subtotal, currency)}</dd>
      </div>
      {cart.credit > 0 && (
        <div className="cart-totals__row">
          <dt>{t(CREDIT_LABEL)}</dt>
          <dd>{money(takenOff(cart.credit), currency)}</dd>
        </div>
      )}
      <div className="cart-totals__row">
        <dt>{t("Discount")}</dt>
        <dd>{money(takenOff(cart.discount), currency)}</dd>
      </div>
      <div className="cart-totals__row cart-totals__row--total">
        <dt>{t("Total")}</dt>
        <dd>{money(cart.total, currency)}</dd>
      </div>
    </dl>
  );
}

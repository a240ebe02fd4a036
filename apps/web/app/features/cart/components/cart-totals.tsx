import type { CartResponse } from "@skillshelf/shared/api.ts";
import { CREDIT_LABEL } from "@skillshelf/shared/coupons.ts";
import { takenOff } from "@skillshelf/shared/formatting.ts";
import { usePrice } from "../../../lib/formatting";
import { useT } from "../../../lib/i18n";

/**
 * Subtotal, the upgrade credit (when the learner owns groups of an artefact
 * bought whole), the coupon's discount (0.00 when no code applies, SPEC.md
 * section 5) and the total checkout charges: all the server's figures. Prices
 * include VAT: a store registered for VAT says how much of the total it is
 * (none under the reverse charge).
 */
export function CartTotals({
  cart,
}: {
  cart: Pick<CartResponse["data"], "subtotal" | "credit" | "discount" | "total" | "currency"> & {
    tax?: Pick<CartResponse["data"]["tax"], "scheme" | "vat_total">;
  };
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
      {cart.tax && cart.tax.scheme !== "not_registered" && (
        <div className="cart-totals__row cart-totals__row--tax">
          <dt>{t(cart.tax.scheme === "reverse_charge" ? "Reverse charge: no VAT" : "Includes VAT")}</dt>
          <dd>{money(cart.tax.vat_total, currency)}</dd>
        </div>
      )}
    </dl>
  );
}

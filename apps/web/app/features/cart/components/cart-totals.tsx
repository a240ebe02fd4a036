import { usePrice } from "../../../lib/formatting";
import { useT } from "../../../lib/i18n";

/** Subtotal, the always-zero discount and the total (SPEC.md section 5). */
export function CartTotals({ total, currency }: { total: number; currency: string }) {
  const t = useT();
  const money = usePrice();
  return (
    <dl className="cart-totals">
      <div className="cart-totals__row">
        <dt>{t("Subtotal")}</dt>
        <dd>{money(total, currency)}</dd>
      </div>
      <div className="cart-totals__row">
        <dt>{t("Discount")}</dt>
        <dd>{money(0, currency)}</dd>
      </div>
      <div className="cart-totals__row cart-totals__row--total">
        <dt>{t("Total")}</dt>
        <dd>{money(total, currency)}</dd>
      </div>
    </dl>
  );
}

import { formatPrice } from "@skillshelf/shared/constants.ts";

/** Subtotal, the always-zero discount and the total (SPEC.md section 5). */
export function CartTotals({ total, currency }: { total: number; currency: string }) {
  return (
    <dl className="cart-totals">
      <div className="cart-totals__row">
        <dt>Subtotal</dt>
        <dd>
          {currency} {formatPrice(total)}
        </dd>
      </div>
      <div className="cart-totals__row">
        <dt>Discount</dt>
        <dd>
          {currency} {formatPrice(0)}
        </dd>
      </div>
      <div className="cart-totals__row cart-totals__row--total">
        <dt>Total</dt>
        <dd>
          {currency} {formatPrice(total)}
        </dd>
      </div>
    </dl>
  );
}

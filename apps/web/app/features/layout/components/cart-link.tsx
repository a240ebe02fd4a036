import { Link } from "react-router";
import { CartIcon } from "../../../components/icons/cart-icon";
import { useT } from "../../../lib/i18n";

/** The cart icon; the badge shows only when something is in the cart. */
export function CartLink({ count }: { count: number }) {
  const t = useT();
  return (
    <Link
      to="/cart"
      className="icon-button cart-link"
      aria-label={count > 0 ? t("Cart, {{count}} items", { count }) : t("Cart")}
    >
      <CartIcon size={22} />
      {count > 0 && (
        <span className="cart-link__badge" aria-hidden="true">
          {count}
        </span>
      )}
    </Link>
  );
}

import { Link } from "react-router";
import { CartIcon } from "../../../components/icons/cart-icon";

/** The cart icon; the badge shows only when something is in the cart. */
export function CartLink({ count }: { count: number }) {
  return (
    <Link to="/cart" className="icon-button cart-link" aria-label={count > 0 ? `Cart, ${count} items` : "Cart"}>
      <CartIcon size={22} />
      {count > 0 && (
        <span className="cart-link__badge" aria-hidden="true">
          {count}
        </span>
      )}
    </Link>
  );
}

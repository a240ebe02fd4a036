import { Link } from "react-router";
import { CartIcon } from "../../../components/icons/cart-icon";

export function EmptyCart() {
  return (
    <div className="empty-panel">
      <span className="empty-panel__icon" aria-hidden="true">
        <CartIcon size={32} />
      </span>
      <h3 className="empty-panel__title">Your cart is empty</h3>
      <p className="empty-panel__text">Browse our artifacts and find something to learn!</p>
      <Link to="/" className="button">
        Explore Artifacts
      </Link>
    </div>
  );
}

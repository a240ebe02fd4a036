import { formatPrice } from "@skillshelf/shared/constants.ts";
import { useId } from "react";
import { CartIcon } from "../../../components/icons/cart-icon";

interface AddToCartButtonProps {
  price: number;
  currency: string;
  /** payment_note, shown as a tooltip on hover and focus. */
  note: string | null;
  /** Show the price inside the button (the hero's whole-sub-category button does). */
  showPrice?: boolean;
  onAdd: () => void;
  className?: string;
  /** Which edge of the button the tooltip lines up with: the end for buttons near the right edge. */
  tooltipAlign?: "start" | "end";
}

export function AddToCartButton({
  price,
  currency,
  note,
  showPrice,
  onAdd,
  className,
  tooltipAlign = "start",
}: AddToCartButtonProps) {
  const noteId = useId();
  return (
    <span className="tooltip-anchor">
      <button
        type="button"
        className={className ?? "button"}
        onClick={onAdd}
        aria-describedby={note ? noteId : undefined}
      >
        <CartIcon size={18} />
        Add To Cart
        {showPrice && (
          <span className="button__price">
            {currency} {formatPrice(price)}
          </span>
        )}
      </button>
      {note && (
        <span role="tooltip" id={noteId} className={`tooltip tooltip--${tooltipAlign}`}>
          {note}
        </span>
      )}
    </span>
  );
}

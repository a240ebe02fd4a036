import { useEffect, useId, useRef } from "react";
import { CartIcon } from "../../../components/icons/cart-icon";
import { usePrice } from "../../../lib/formatting";

interface AddToCartButtonProps {
  price: number;
  currency: string;
  /** payment_note, shown as a tooltip on hover and focus. */
  note: string | null;
  /** Show the price inside the button (the hero's whole-sub-category button does). */
  showPrice?: boolean;
  onAdd: () => void;
  /** True while this button's request runs: a spinner, and the button is disabled. */
  busy?: boolean;
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
  busy = false,
  className,
  tooltipAlign = "start",
}: AddToCartButtonProps) {
  const money = usePrice();
  const noteId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const wasBusy = useRef(false);
  // Disabling the focused button drops keyboard focus to the page: give it back when done.
  useEffect(() => {
    if (wasBusy.current && !busy && (document.activeElement === document.body || !document.activeElement)) {
      button.current?.focus();
    }
    wasBusy.current = busy;
  }, [busy]);
  return (
    <span className="tooltip-anchor">
      <button
        ref={button}
        type="button"
        className={className ?? "button"}
        onClick={onAdd}
        disabled={busy}
        aria-busy={busy || undefined}
        aria-describedby={note ? noteId : undefined}
      >
        {busy ? <span className="spinner button__spinner" aria-hidden="true" /> : <CartIcon size={18} />}
        Add To Cart
        {showPrice && <span className="button__price">{money(price, currency)}</span>}
      </button>
      {note && (
        <span role="tooltip" id={noteId} className={`tooltip tooltip--${tooltipAlign}`}>
          {note}
        </span>
      )}
    </span>
  );
}

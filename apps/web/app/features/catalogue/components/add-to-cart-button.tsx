import { type ReactNode, useEffect, useId, useRef } from "react";
import { useLocation } from "react-router";
import { CartIcon } from "../../../components/icons/cart-icon";
import { useHydrated } from "../../../hooks/use-hydrated";
import { usePrice } from "../../../lib/formatting";
import { useT } from "../../../lib/i18n";

/**
 * The id of the Add To Cart button for `item` (of its "For my team" form with `team`): a visitor who
 * presses it signs in first and comes back to this page at this button (the address's fragment),
 * focused, to press it again.
 */
export const addToCartAnchor = (item: { sub_category_id: number; group_id: number | null; team?: boolean }) =>
  (item.team ? "team-" : "") +
  (item.group_id === null ? `add-to-cart-${item.sub_category_id}` : `add-to-cart-group-${item.group_id}`);

interface AddToCartButtonProps {
  price: number;
  currency: string;
  /** payment_note, shown as a tooltip on hover and focus. */
  note: string | null;
  /** Show the price inside the button (the hero's whole-sub-category button does). */
  showPrice?: boolean;
  /** What the button adds: a whole sub-category (group_id null) or one of its groups. */
  item: { sub_category_id: number; group_id: number | null };
  /** With JavaScript: adds through the cart's action without leaving the page. */
  onAdd: (form: HTMLFormElement) => void;
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
  item,
  onAdd,
  busy = false,
  className,
  tooltipAlign = "start",
}: AddToCartButtonProps) {
  const t = useT();
  const money = usePrice();
  const noteId = useId();
  // The page to come back to after signing in; the same for every visitor of a kept public page.
  const location = useLocation();
  const hydrated = useHydrated();
  const button = useRef<HTMLButtonElement>(null);
  const wasBusy = useRef(false);
  const anchor = addToCartAnchor(item);
  // Back from signing in at this button: focus it, so the next press adds.
  useEffect(() => {
    if (location.hash === `#${anchor}`) button.current?.focus({ preventScroll: true });
  }, [location.hash, anchor]);
  // Disabling the focused button drops keyboard focus to the page: give it back when done.
  useEffect(() => {
    if (wasBusy.current && !busy && (document.activeElement === document.body || !document.activeElement)) {
      button.current?.focus();
    }
    wasBusy.current = busy;
  }, [busy]);
  return (
    <AddToCartForm item={item} anchor={anchor} onAdd={onAdd} className="tooltip-anchor">
      <button
        ref={button}
        id={anchor}
        type="submit"
        className={className ?? "button"}
        disabled={busy}
        aria-busy={busy || undefined}
        // The page's script handles a press from now on (a plain form post before).
        data-enhanced={hydrated || undefined}
        aria-describedby={note ? noteId : undefined}
      >
        {busy ? <span className="spinner button__spinner" aria-hidden="true" /> : <CartIcon size={18} />}
        {t("Add To Cart")}
        {showPrice && <span className="button__price">{money(price, currency)}</span>}
      </button>
      {note && (
        <span role="tooltip" id={noteId} className={`tooltip tooltip--${tooltipAlign}`}>
          {note}
        </span>
      )}
    </AddToCartForm>
  );
}

interface AddToCartFormProps {
  item: { sub_category_id: number; group_id: number | null };
  /** The id of the control to come back to after signing in. */
  anchor: string;
  onAdd: (form: HTMLFormElement) => void;
  className: string;
  /** The form's own fields and its button. */
  children: ReactNode;
}

/**
 * A form that adds `item` to the cart: a plain form post to the cart's action without JavaScript
 * (a visitor is sent to sign in and back to `anchor`); nothing in it is the visitor's own.
 */
export function AddToCartForm({ item, anchor, onAdd, className, children }: AddToCartFormProps) {
  const location = useLocation();
  return (
    <form
      method="post"
      action="/cart"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        onAdd(event.currentTarget);
      }}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="sub_category_id" value={item.sub_category_id} />
      {item.group_id !== null && <input type="hidden" name="group_id" value={item.group_id} />}
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}#${anchor}`} />
      {children}
    </form>
  );
}

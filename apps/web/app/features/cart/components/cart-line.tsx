import type { CartItem } from "@skillshelf/shared/api.ts";
import { CatalogueText, langOf } from "../../../components/catalogue-text";
import { CatalogueIcon } from "../../../components/icons/catalogue-icon";
import { usePrice } from "../../../lib/formatting";
import { useT } from "../../../lib/i18n";
import { SeatsPrice } from "./seats-price";

interface CartLineProps {
  item: CartItem;
  /** Omitted on checkout, where lines are read-only. */
  onRemove?: (form: HTMLFormElement, item: CartItem) => void;
  removing?: boolean;
}

/** A cart line by what it holds: "Kubernetes", or "Kubernetes: Operations" for one group. */
export const cartLineName = (item: CartItem) =>
  item.groups ? `${item.category.name}: ${item.groups.name}` : item.category.name;

/** One line of the cart: a whole artefact or one of its groups. */
export function CartLine({ item, onRemove, removing = false }: CartLineProps) {
  const t = useT();
  const money = usePrice();
  const name = cartLineName(item);
  return (
    <li className="cart-line">
      <span className="cart-line__icon">
        <CatalogueIcon value={item.category.icon} />
      </span>
      <div className="cart-line__body">
        <h3 className="cart-line__name" lang={langOf(item.category, "name")}>
          {item.category.name}
        </h3>
        <p className="cart-line__scope">
          {item.groups ? (
            <>
              <span className="cart-line__tag">{t("Group")}</span>{" "}
              <CatalogueText of={item.groups} name="name">
                {item.groups.name}
              </CatalogueText>
            </>
          ) : (
            <span className="cart-line__tag cart-line__tag--whole">{t("Whole artefact")}</span>
          )}
          {item.seats !== undefined && (
            <>
              {" "}
              <span className="cart-line__tag">{t("For my team")}</span>
            </>
          )}
        </p>
        <SeatsPrice line={item} className="cart-line__seats" />
        {onRemove && (
          <p className="cart-line__text" lang={langOf(item.category, "single_line")}>
            {item.category.single_line}
          </p>
        )}
      </div>
      <div className="cart-line__end">
        <p className="cart-line__price">{money(item.price, item.currency)}</p>
        {onRemove && (
          // A plain form post to the cart's action without JavaScript; with it, after the confirmation.
          <form
            method="post"
            action="/cart"
            onSubmit={(event) => {
              event.preventDefault();
              onRemove(event.currentTarget, item);
            }}
          >
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="delete_id" value={item.id} />
            <button
              type="submit"
              className="link-button cart-line__remove"
              disabled={removing}
              aria-busy={removing || undefined}
            >
              {removing && <span className="spinner button__spinner" aria-hidden="true" />}
              {t("Remove")}
              <span className="sr-only">{t(" {{name}} from the cart", { name })}</span>
            </button>
          </form>
        )}
      </div>
    </li>
  );
}

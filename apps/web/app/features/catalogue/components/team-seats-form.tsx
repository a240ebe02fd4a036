import { MAX_TEAM_SEATS, MIN_TEAM_SEATS } from "@skillshelf/shared/teams.ts";
import { useId } from "react";
import { useT } from "../../../lib/i18n";
import { AddToCartForm, addToCartAnchor } from "./add-to-cart-button";

interface TeamSeatsFormProps {
  /** What the seats are of: a whole sub-category (group_id null) or one of its groups. */
  item: { sub_category_id: number; group_id: number | null };
  /** With JavaScript: adds through the cart's action without leaving the page. */
  onAdd: (form: HTMLFormElement) => void;
  /** True while this form's request runs. */
  busy?: boolean;
  /** On the hero's dark background. */
  onDark?: boolean;
}

/**
 * "For my team" (issue 42): a number of seats (2 to 500) of what its Add To Cart buys, as one team
 * line of the cart. A plain form post to the cart's action without JavaScript, as Add To Cart;
 * nothing in it is the visitor's own, so a kept public page may carry it.
 */
export function TeamSeatsForm({ item, onAdd, busy = false, onDark = false }: TeamSeatsFormProps) {
  const t = useT();
  const seatsId = useId();
  const anchor = addToCartAnchor({ ...item, team: true });
  return (
    <details className={onDark ? "team-seats team-seats--on-dark" : "team-seats"}>
      <summary id={anchor} className="team-seats__summary">
        {t("For my team")}
      </summary>
      <AddToCartForm item={item} anchor={anchor} onAdd={onAdd} className="team-seats__form">
        <label htmlFor={seatsId} className="team-seats__label">
          {t("Seats ({{min}} to {{max}})", { min: MIN_TEAM_SEATS, max: MAX_TEAM_SEATS })}
        </label>
        <input
          id={seatsId}
          className="field__control team-seats__input"
          type="number"
          name="seats"
          min={MIN_TEAM_SEATS}
          max={MAX_TEAM_SEATS}
          step={1}
          defaultValue={5}
          required
        />
        <button type="submit" className="button button--small" disabled={busy} aria-busy={busy || undefined}>
          {busy && <span className="spinner button__spinner" aria-hidden="true" />}
          {t("Add seats to cart")}
        </button>
      </AddToCartForm>
    </details>
  );
}

import { MAX_TEAM_SEATS, MIN_TEAM_SEATS } from "@skillshelf/shared/team-limits.ts";
import { useId } from "react";
import { BusyButton } from "../../../components/form/busy-button";
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
  const anchor = addToCartAnchor({ ...item, team: true });
  return (
    <details className={onDark ? "team-seats team-seats--on-dark" : "team-seats"}>
      <summary id={anchor} className="team-seats__summary">
        {t("For my team")}
      </summary>
      <AddToCartForm item={item} anchor={anchor} onAdd={onAdd} className="team-seats__form">
        <SeatsFields min={MIN_TEAM_SEATS} start={5} busy={busy} />
      </AddToCartForm>
    </details>
  );
}

/** A number of seats (`min` to 500) and the button that adds them to the cart. */
export function SeatsFields({ min, start, busy }: { min: number; start: number; busy: boolean }) {
  const t = useT();
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="team-seats__label">
        {t("Seats ({{min}} to {{max}})", { min, max: MAX_TEAM_SEATS })}
      </label>
      <input
        id={id}
        className="field__control team-seats__input"
        type="number"
        name="seats"
        min={min}
        max={MAX_TEAM_SEATS}
        step={1}
        defaultValue={start}
        required
      />
      <BusyButton busy={busy}>{t("Add seats to cart")}</BusyButton>
    </>
  );
}

import type { AdminChoice } from "@skillshelf/shared/api.ts";
import { useId, useState } from "react";
import { useT } from "../../../lib/i18n";
import { FieldError } from "../catalogue/fields";
import { AdminSearchIn } from "./admin-bits";

/**
 * A searchable choice of several things (a code's artefacts): a box that
 * searches them by name, a checkbox for each, those chosen first and then
 * what the search found, and how many are chosen, by name. The box sends its
 * own GET form, `search.form` (forms cannot nest), live with JavaScript; what
 * is chosen stays while other searches change the rest, so choices from
 * several searches are sent together. The form posts `name` once per chosen
 * id, as a multiple select would, with or without JavaScript. The page has the
 * one scroll: past the first SHOWN, what the search found is folded under
 * "Show N more", which opens without JavaScript too.
 */
/** Choices listed before the rest fold away: a screen's worth at 375 px. */
const SHOWN = 12;

export function ChoiceChecklist({
  id,
  legend,
  name,
  chosen: chosenIds,
  choices,
  hint,
  empty,
  error,
  search,
}: {
  /** The field's id: its message under it is `${id}-error`. */
  id: string;
  legend: string;
  name: string;
  chosen: readonly number[];
  choices: AdminChoice[];
  hint: string;
  /** What the list says when the search found nothing and nothing is chosen. */
  empty: string;
  error: string | undefined;
  search: { form: string; name: string; label: string; placeholder: string; hint: string };
}) {
  const t = useT();
  const own = useId();
  const [chosen, setChosen] = useState(() => choices.filter((c) => chosenIds.includes(c.id)));
  const ids = new Set(chosen.map((c) => c.id));
  const options = [...chosen, ...choices.filter((c) => !ids.has(c.id))];
  const shown = Math.max(SHOWN, chosen.length);
  const item = (choice: AdminChoice) => (
    <li key={choice.id}>
      <label className="admin-check">
        <input
          type="checkbox"
          name={name}
          value={choice.id}
          checked={ids.has(choice.id)}
          onChange={(event) => toggle(choice, event.currentTarget.checked)}
        />
        <span>{choice.label}</span>
      </label>
    </li>
  );
  const toggle = (choice: AdminChoice, on: boolean) =>
    setChosen((now) =>
      on ? [...now.filter((c) => c.id !== choice.id), choice] : now.filter((c) => c.id !== choice.id),
    );
  const describedBy = [`${own}-hint`, error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <fieldset className="admin-field admin-picker" aria-describedby={describedBy}>
      <legend className="admin-label">{t(legend)}</legend>
      <AdminSearchIn {...search} live />
      <p className="admin-picker__chosen" role="status">
        {chosen.length === 0
          ? t("None chosen")
          : t("Chosen ({{count}}): {{names}}", { count: chosen.length, names: chosen.map((c) => c.label).join(", ") })}
      </p>
      {options.length === 0 ? (
        <p className="admin-muted">{t(empty)}</p>
      ) : (
        <>
          <ul className="admin-picker__list">{options.slice(0, shown).map(item)}</ul>
          {options.length > shown && (
            <details className="admin-picker__more">
              <summary>{t("Show {{count}} more", { count: options.length - shown })}</summary>
              <ul className="admin-picker__list">{options.slice(shown).map(item)}</ul>
            </details>
          )}
        </>
      )}
      <p id={`${own}-hint`} className="admin-hint">
        {t(hint)}
      </p>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

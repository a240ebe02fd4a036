import type { IconChoice } from "@skillshelf/shared/icons.ts";
import { useId, useState } from "react";
import { DrawnIcon } from "../../../components/icons/catalogue-icon";
import { useT } from "../../../lib/i18n";
import { AdminSearchForm, AdminSearchIn } from "../components/admin-bits";
import { ICON_SEARCH } from "./catalogue-intents";
import { FieldError } from "./fields";

/** The id of the GET form the icon search sends (it stands outside the category's form: forms cannot nest). */
const ICON_SEARCH_FORM = "category-icon-search";

/**
 * The category form's icon: a radio per icon, each drawn beside its name, in a group named
 * Icon, so it is chosen with the keyboard (Tab into the group, arrows between icons) and
 * read out by name, with a large preview of the one chosen. Its search (?icons=) asks the
 * server's icon sets (apps/server/src/catalogue/icon-sets.ts) for a page of names with their
 * drawings: a GET form without JavaScript, a search as typing pauses with it. The page never
 * carries a whole set. The icon it had, and the one picked, stay in the list while searches come and go.
 */
export function IconPicker({
  chosen,
  found,
  searched,
  posted,
  error,
}: {
  /** The category's icon now (the default icon for a new one). */
  chosen: IconChoice;
  /** What the search found, or the suggestions. */
  found: IconChoice[];
  /** Whether `found` answers a search (else it is the suggestions). */
  searched: boolean;
  /** The icon a plain form post that failed had chosen. */
  posted?: string | undefined;
  error?: string | undefined;
}) {
  const t = useT();
  const id = useId();
  const [picked, setPicked] = useState<IconChoice>(() => found.find((c) => c.name === posted) ?? chosen);
  // The icon it had first, the one picked when the list lacks it, then the list: picking never moves a radio (nor focus).
  const [first] = useState(chosen);
  const listed = (choice: IconChoice) => found.some((other) => other.name === choice.name);
  const shown = [first, ...(listed(picked) ? [] : [picked]), ...found].filter(
    (choice, index, all) => all.findIndex((other) => other.name === choice.name) === index,
  );
  return (
    <fieldset className="admin-field icon-picker" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="admin-label">{t("Icon")}</legend>
      <p className="icon-picker__preview">
        <DrawnIcon svg={picked.svg} className="icon-picker__large" />
        <span>{t("Chosen icon: {{name}}", { name: picked.name })}</span>
      </p>
      <AdminSearchIn
        form={ICON_SEARCH_FORM}
        name={ICON_SEARCH}
        label="Find an icon"
        placeholder="Icon name"
        hint="Brand logos and drawings. Without a search, the list shows suggestions."
        live
      />
      {searched && found.length === 0 && <p className="admin-muted">{t("No icon has this name.")}</p>}
      <ul className="icon-picker__choices">
        {shown.map((choice) => {
          const [set, slug] = choice.name.split(":");
          return (
            <li key={choice.name}>
              <label className="icon-picker__choice" title={choice.name}>
                <input
                  type="radio"
                  name="icon"
                  value={choice.name}
                  checked={choice.name === picked.name}
                  onChange={() => setPicked(choice)}
                />
                <DrawnIcon svg={choice.svg} className="icon-picker__icon" />
                <span className="icon-picker__name">
                  {slug} <small>{t(set === "simple-icons" ? "brand" : "drawing")}</small>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

/** The icon search's own GET form, which the category form renders after itself. */
export const IconSearchForm = () => <AdminSearchForm id={ICON_SEARCH_FORM} name={ICON_SEARCH} />;

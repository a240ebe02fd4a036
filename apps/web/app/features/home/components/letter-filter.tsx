import { useNavigate } from "react-router";
import { useLanguagePath, useT } from "../../../lib/i18n";
import { CATEGORIES_ID } from "../../../lib/scroll-to-categories";
import { homeHref } from "../home-href";

const LETTERS = Array.from({ length: 26 }, (_, i) => String.fromCharCode(65 + i));

/**
 * A-Z toggle buttons: each asks home for its letter's artefacts (/?letter=D), the active one
 * for all of them again. A plain GET form, so it works without JavaScript; with it, the page
 * changes in place and stays where it is scrolled.
 */
export function LetterFilter({ active }: { active: string | null }) {
  const t = useT();
  const at = useLanguagePath();
  const navigate = useNavigate();
  return (
    <form method="get" action={at(`/#${CATEGORIES_ID}`)}>
      <fieldset className="letter-filter">
        <legend className="sr-only">{t("Filter artefacts by first letter")}</legend>
        {LETTERS.map((letter) => {
          const next = active === letter ? null : letter;
          return (
            <button
              key={letter}
              type="submit"
              name="letter"
              value={next ?? ""}
              className="letter-filter__button"
              aria-pressed={active === letter}
              onClick={(event) => {
                event.preventDefault();
                void navigate(at(homeHref(next)), { preventScrollReset: true });
              }}
            >
              {letter}
            </button>
          );
        })}
      </fieldset>
    </form>
  );
}

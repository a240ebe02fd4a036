import type { HomeTiles } from "@skillshelf/shared/api.ts";
import { englishPath } from "@skillshelf/shared/i18n/languages.ts";
import { useNavigation } from "react-router";
import { Pager } from "../../../components/pager";
import { useFormatting } from "../../../lib/formatting";
import { useLanguagePath, useT } from "../../../lib/i18n";
import { CATEGORIES_ID } from "../../../lib/scroll-to-categories";
import { homeHref } from "../home-href";
import { ArtefactGroups } from "./artefact-groups";
import { NEW_TAB_NOTE_ID } from "./artefact-tile";
import { LetterFilter } from "./letter-filter";

/** The letter a navigation home is on its way to (null: none), or undefined when none is. */
function pendingLetter(location: { pathname: string; search: string } | undefined): string | null | undefined {
  if (!location || englishPath(location.pathname) !== "/") return undefined;
  return new URLSearchParams(location.search).get("letter")?.toUpperCase() || null;
}

/**
 * 'Browse eLearning Artifacts': a page of the artefacts (of a letter), each under its parent,
 * with the A-Z filter and Previous/Next. Home shows a page at a time, so it weighs the same
 * however large the catalogue grows; the demo's artefacts fit on one.
 */
export function ArtefactBrowser({ tiles, owned }: { tiles: HomeTiles; owned: number[] }) {
  const t = useT();
  const at = useLanguagePath();
  const formatting = useFormatting();
  const { letter, page, pages, total } = tiles;
  // The button pressed shows at once, while its page loads.
  const active = pendingLetter(useNavigation().location) ?? letter;

  return (
    <section id={CATEGORIES_ID} tabIndex={-1} className="section section--tinted" aria-labelledby="categories-title">
      <div className="container">
        <div className="section__header">
          <h2 id="categories-title">{t("Browse eLearning Artifacts")}</h2>
          <p>{t("Every artefact opens in a new tab, so you can keep your place here.")}</p>
          <span id={NEW_TAB_NOTE_ID} hidden>
            {t("Opens in a new tab")}
          </span>
        </div>
        <LetterFilter active={active} />
        <p className="sr-only" aria-live="polite">
          {letter ? t("{{count}} artefacts starting with {{letter}}", { count: total, letter }) : ""}
        </p>
        <div id="artefact-groups">
          <ArtefactGroups home={tiles} owned={owned} formatting={formatting} />
        </div>
        {total === 0 && <p className="empty-state">{t("There is no category related to this Alphabate")}</p>}
        <Pager
          prev={page > 1 ? String(page - 1) : null}
          next={page < pages ? String(page + 1) : null}
          href={(to) => at(homeHref(letter, Number(to), `#${CATEGORIES_ID}`))}
          label={t("Artefact pages")}
        />
      </div>
    </section>
  );
}

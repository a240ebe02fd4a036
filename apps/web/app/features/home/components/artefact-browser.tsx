import type { HomeCatalogue } from "@skillshelf/shared/api.ts";
import { GENERIC_ERROR } from "@skillshelf/shared/constants.ts";
import { useContext, useEffect, useRef, useState } from "react";
import { useFormatting } from "../../../lib/formatting";
import { useT } from "../../../lib/i18n";
import { CATEGORIES_ID } from "../../../lib/scroll-to-categories";
import { getHomeCatalogue } from "../api/get-home-catalogue";
import { firstLetter } from "../first-letter";
import { ArtefactGroups, ServerTilesHtml } from "./artefact-groups";
import { NEW_TAB_NOTE_ID } from "./artefact-tile";
import { LetterFilter } from "./letter-filter";

const ISLAND_ID = "artefact-groups";

/** Per parent, the first letters of its artefacts' names in order: all the filter needs to count. */
export interface ParentLetters {
  id: number;
  letters: string;
}

/**
 * 'Browse eLearning Artifacts': every parent with its artefacts, filtered by first letter.
 * A page load gets the tiles as server HTML (ServerTilesHtml) that React leaves alone, and
 * the filter detaches and restores their list items; a client-side navigation home has no
 * such HTML, so it fetches the tiles and renders them, marking what `owned` names as Owned.
 */
export function ArtefactBrowser({ parents, owned }: { parents: ParentLetters[]; owned: number[] }) {
  const t = useT();
  const formatting = useFormatting();
  const [letter, setLetter] = useState<string | null>(null);
  const serverHtml = useContext(ServerTilesHtml);
  const [fromServer] = useState(
    () => serverHtml !== null || typeof document === "undefined" || !!document.getElementById(ISLAND_ID)?.firstChild,
  );
  const [fetched, setFetched] = useState<HomeCatalogue | null>(null);
  const [failed, setFailed] = useState(false);
  const island = useRef<HTMLDivElement>(null);
  const items = useRef<{ group: HTMLElement; list: HTMLElement; items: HTMLElement[] }[] | null>(null);

  useEffect(() => {
    if (fromServer) return;
    let live = true;
    void getHomeCatalogue().then((home) => {
      if (!live) return;
      if (home) setFetched(home);
      else setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [fromServer]);

  // The server's tiles are not React's: filter them in the DOM, keeping every item to put back.
  useEffect(() => {
    const root = island.current;
    if (!fromServer || !root) return;
    items.current ??= [...root.querySelectorAll<HTMLElement>(".artefact-group")].flatMap((group) => {
      const list = group.querySelector<HTMLElement>(".artefact-grid");
      return list ? [{ group, list, items: [...list.querySelectorAll<HTMLElement>(":scope > li")] }] : [];
    });
    for (const { group, list, items: all } of items.current) {
      const kept = all.filter((li) => {
        const name = li.querySelector(".artefact-tile__name")?.firstChild?.textContent ?? "";
        return !letter || firstLetter(name) === letter;
      });
      list.replaceChildren(...kept);
      group.hidden = kept.length === 0;
    }
  }, [fromServer, letter]);

  const matches = (name: string) => !letter || firstLetter(name) === letter;
  const shown = parents.reduce((sum, p) => sum + [...p.letters].filter((l) => !letter || l === letter).length, 0);

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
        <LetterFilter active={letter} onSelect={(next) => setLetter(next === letter ? null : next)} />
        <p className="sr-only" aria-live="polite">
          {letter ? t("{{count}} artefacts starting with {{letter}}", { count: shown, letter }) : ""}
        </p>
        {fromServer ? (
          // React does not compare or replace this HTML when hydrating (production), and
          // never touches it afterwards: the __html string never changes.
          <div
            ref={island}
            id={ISLAND_ID}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own renderToStaticMarkup of ArtefactGroups in entry.server, escaped as any render.
            dangerouslySetInnerHTML={{ __html: serverHtml ?? "" }}
            suppressHydrationWarning
          />
        ) : fetched ? (
          <div id={ISLAND_ID}>
            <ArtefactGroups
              home={{
                ...fetched,
                parents: fetched.parents.map((p) => ({ ...p, artefacts: p.artefacts.filter((a) => matches(a.name)) })),
              }}
              owned={owned}
              formatting={formatting}
            />
          </div>
        ) : failed ? (
          <p className="empty-state">{t(GENERIC_ERROR)}</p>
        ) : null}
        {shown === 0 && <p className="empty-state">{t("There is no category related to this Alphabate")}</p>}
      </div>
    </section>
  );
}

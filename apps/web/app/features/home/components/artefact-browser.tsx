import { useState } from "react";
import { CATEGORIES_ID } from "../../../lib/scroll-to-categories";
import { type PackedParent, unpackTile } from "../packed-tiles";
import { ArtefactTile, NEW_TAB_NOTE_ID } from "./artefact-tile";
import { LetterFilter } from "./letter-filter";

/** 'Browse eLearning Artifacts': every parent with its artefacts, filtered by first letter. */
export function ArtefactBrowser({ parents }: { parents: PackedParent[] }) {
  const [letter, setLetter] = useState<string | null>(null);
  const groups = parents
    .map((parent) => ({
      parent,
      artefacts: parent.tiles
        .map(unpackTile)
        .filter((artefact) => !letter || artefact.name.charAt(0).toUpperCase() === letter),
    }))
    .filter((group) => group.artefacts.length > 0);
  const shown = groups.reduce((sum, group) => sum + group.artefacts.length, 0);

  return (
    <section id={CATEGORIES_ID} tabIndex={-1} className="section section--tinted" aria-labelledby="categories-title">
      <div className="container">
        <div className="section__header">
          <h2 id="categories-title">Browse eLearning Artifacts</h2>
          <p>Every artefact opens in a new tab, so you can keep your place here.</p>
          <span id={NEW_TAB_NOTE_ID} hidden>
            Opens in a new tab
          </span>
        </div>
        <LetterFilter active={letter} onSelect={(next) => setLetter(next === letter ? null : next)} />
        <p className="sr-only" aria-live="polite">
          {letter ? `${shown} artefacts starting with ${letter}` : ""}
        </p>
        {groups.length === 0 ? (
          <p className="empty-state">There is no category related to this Alphabate</p>
        ) : (
          groups.map(({ parent, artefacts }) => (
            <div key={parent.id} className="artefact-group">
              <h3 className="artefact-group__title">
                <span aria-hidden="true">{parent.icon}</span> {parent.name}
              </h3>
              <ul className="artefact-grid">
                {artefacts.map((artefact) => (
                  <li key={artefact.slug}>
                    <ArtefactTile artefact={artefact} />
                  </li>
                ))}
              </ul>
            </div>
          ))
        )}
      </div>
    </section>
  );
}

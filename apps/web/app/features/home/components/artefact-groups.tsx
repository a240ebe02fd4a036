import type { ArtefactTileData, HomeCatalogue } from "@skillshelf/shared/api.ts";
import type { Formatting } from "@skillshelf/shared/formatting.ts";
import { createContext } from "react";
import { ArtefactTile } from "./artefact-tile";

/**
 * The HTML of every artefact group, rendered by entry.server for the home page only.
 * Home lists every artefact (SPEC.md), so its tiles are sent once, as HTML, instead of
 * also as hydration data: the page's script keeps that HTML as it is.
 */
export const ServerTilesHtml = createContext<string | null>(null);

/** Each parent with artefacts: its heading and its tiles, each saying what it costs or that the viewer owns it. */
export function ArtefactGroups({
  home,
  owned,
  formatting,
  offer,
}: {
  home: HomeCatalogue;
  owned: number[];
  formatting: Formatting;
  /** What each tile's offer says instead of its own (the kept tiles' markers: tiles-html.tsx). */
  offer?: ((artefact: ArtefactTileData) => string) | undefined;
}) {
  const { parents, currency } = home;
  return parents
    .filter((parent) => parent.artefacts.length > 0)
    .map((parent) => (
      <div key={parent.id} className="artefact-group">
        <h3 className="artefact-group__title">
          <span aria-hidden="true">{parent.icon}</span> {parent.name}
        </h3>
        <ul className="artefact-grid">
          {parent.artefacts.map((artefact) => (
            <li key={artefact.slug}>
              <ArtefactTile
                artefact={artefact}
                currency={currency}
                owned={owned.includes(artefact.id)}
                formatting={formatting}
                offer={offer?.(artefact)}
              />
            </li>
          ))}
        </ul>
      </div>
    ));
}

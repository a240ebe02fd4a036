import type { ArtefactTileData, HomeCatalogue } from "@skillshelf/shared/api.ts";
import type { Formatting } from "@skillshelf/shared/formatting.ts";
import { createContext } from "react";
import { SpriteIcon } from "../../../components/icons/catalogue-icon";
import { IconSprite, spriteIds } from "../../../components/icons/icon-sprite";
import { ArtefactTile } from "./artefact-tile";

/**
 * The HTML of every artefact group, rendered by entry.server for the home page only.
 * Home lists every artefact (SPEC.md), so its tiles are sent once, as HTML, instead of
 * also as hydration data: the page's script keeps that HTML as it is.
 */
export const ServerTilesHtml = createContext<string | null>(null);

/**
 * Each parent with artefacts: its heading and its tiles, each saying what it costs or that the
 * viewer owns it. Each icon shown is drawn once, in a sprite before them, that they use by id.
 */
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
  const { currency, icons } = home;
  const parents = home.parents.filter((parent) => parent.artefacts.length > 0);
  const ids = spriteIds(
    parents.flatMap((parent) => [parent.icon, ...parent.artefacts.map((artefact) => artefact.icon)]),
    "ti",
  );
  const idOf = (value: string) => ids.get(value) ?? "";
  return (
    <>
      <IconSprite icons={icons} ids={ids} />
      {parents.map((parent) => (
        <div key={parent.id} className="artefact-group">
          <h3 className="artefact-group__title">
            <SpriteIcon id={idOf(parent.icon)} /> {parent.name}
          </h3>
          <ul className="artefact-grid">
            {parent.artefacts.map((artefact) => (
              <li key={artefact.slug}>
                <ArtefactTile
                  artefact={artefact}
                  iconId={idOf(artefact.icon)}
                  currency={currency}
                  owned={owned.includes(artefact.id)}
                  formatting={formatting}
                  offer={offer?.(artefact)}
                />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}

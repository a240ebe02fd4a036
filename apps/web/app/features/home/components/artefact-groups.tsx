import type { HomeTiles } from "@skillshelf/shared/api.ts";
import type { Formatting } from "@skillshelf/shared/formatting.ts";
import { CatalogueText } from "../../../components/catalogue-text";
import { SpriteIcon } from "../../../components/icons/catalogue-icon";
import { IconSprite, spriteIds } from "../../../components/icons/icon-sprite";
import { ArtefactTile } from "./artefact-tile";

/**
 * Each parent with artefacts: its heading and its tiles, each saying what it costs or that the
 * viewer owns it. Each icon shown is drawn once, in a sprite before them, that they use by id.
 */
export function ArtefactGroups({
  home,
  owned,
  formatting,
}: {
  home: Pick<HomeTiles, "parents" | "currency" | "icons">;
  owned: readonly number[];
  formatting: Formatting;
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
            <SpriteIcon id={idOf(parent.icon)} />{" "}
            <CatalogueText of={parent} name="name">
              {parent.name}
            </CatalogueText>
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
                />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}

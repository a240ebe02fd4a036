import type { ArtefactTileData } from "@skillshelf/shared/api.ts";
import type { Formatting } from "@skillshelf/shared/formatting.ts";
import { CatalogueText, langOf } from "../../../components/catalogue-text";
import { CountBadge } from "../../../components/count-badge";
import { SpriteIcon } from "../../../components/icons/catalogue-icon";
import { useLanguagePath, useT } from "../../../lib/i18n";
import { offerText } from "../../catalogue/offer-text";

/** The id of the one hidden note every tile points to with aria-describedby. */
export const NEW_TAB_NOTE_ID = "new-tab";

/**
 * One artefact in the home list; opens its listing in a new tab. Home repeats this for
 * each artefact of its page, so the markup is lean: the card style comes from the class's own
 * rule, the decorative icon uses a symbol of the groups' sprite, the line is styled
 * by position rather than by class, and one shared "opens in a new tab" note stands in
 * for one per tile.
 */
export function ArtefactTile({
  artefact,
  iconId,
  currency,
  owned,
  formatting,
}: {
  artefact: ArtefactTileData;
  /** Its icon's symbol in the sprite (artefact-groups.tsx). */
  iconId: string;
  currency: string;
  owned: boolean;
  formatting: Formatting;
}) {
  const t = useT();
  const at = useLanguagePath();
  return (
    <a
      href={at(`/${artefact.slug}`)}
      target="_blank"
      rel="noopener"
      className="artefact-tile"
      aria-describedby={NEW_TAB_NOTE_ID}
    >
      <SpriteIcon id={iconId} />
      <span className="artefact-tile__name">
        <CatalogueText of={artefact} name="name">
          {artefact.name}
        </CatalogueText>
        <CountBadge count={artefact.count} />
        <b>{offerText(artefact.offer, currency, owned, t, formatting)}</b>
      </span>
      <span lang={langOf(artefact, "single_line")}>{artefact.single_line}</span>
    </a>
  );
}

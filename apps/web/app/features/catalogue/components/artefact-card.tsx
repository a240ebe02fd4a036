import type { ChildCategory } from "@skillshelf/shared/api.ts";
import { Link } from "react-router";
import { CatalogueText } from "../../../components/catalogue-text";
import { CountBadge } from "../../../components/count-badge";
import { CatalogueIcon } from "../../../components/icons/catalogue-icon";
import { useFormatting } from "../../../lib/formatting";
import { useLanguagePath, useT } from "../../../lib/i18n";
import { offerText } from "../offer-text";

/** What a card shows: the category without its entries, only how many it has. */
export type ArtefactCardData = Omit<ChildCategory, "content"> & { count: number };

/** An artefact on its parent's page, linking to the artefact's listing, with what it costs or Owned. */
export function ArtefactCard({
  artefact,
  currency,
  owned,
}: {
  artefact: ArtefactCardData;
  currency: string;
  owned: boolean;
}) {
  const t = useT();
  const at = useLanguagePath();
  const formatting = useFormatting();
  return (
    <Link to={at(`/${artefact.slug}`)} className="card artefact-card">
      <span className="artefact-card__icon">
        <CatalogueIcon value={artefact.icon} />
      </span>
      <span className="artefact-card__name">
        <CatalogueText of={artefact} name="name">
          {artefact.name}
        </CatalogueText>
        <CountBadge count={artefact.count} />
      </span>
      <span className="artefact-card__line">{artefact.single_line}</span>
      <span className={`pill artefact-card__offer${owned || artefact.offer.price === null ? " pill--free" : ""}`}>
        {offerText(artefact.offer, currency, owned, t, formatting)}
      </span>
      <span className="artefact-card__more" aria-hidden="true">
        {t("Open →")}
      </span>
    </Link>
  );
}

import type { Category } from "@skillshelf/shared/api.ts";
import { Link } from "react-router";
import { CountBadge } from "../../../components/count-badge";

/** What a card shows: the category without its entries, only how many it has. */
export type ArtefactCardData = Omit<Category, "content"> & { count: number };

/** An artefact on its parent's page, linking to the artefact's listing. */
export function ArtefactCard({ artefact }: { artefact: ArtefactCardData }) {
  return (
    <Link to={`/${artefact.slug}`} className="card artefact-card">
      <span className="artefact-card__icon" aria-hidden="true">
        {artefact.icon}
      </span>
      <span className="artefact-card__name">
        {artefact.name}
        <CountBadge count={artefact.count} />
      </span>
      <span className="artefact-card__line">{artefact.single_line}</span>
      <span className="artefact-card__more" aria-hidden="true">
        Open →
      </span>
    </Link>
  );
}

import type { Category } from "@skillshelf/shared/api.ts";
import { CountBadge } from "../../../components/count-badge";

/** One artefact in the home list; opens its listing in a new tab. */
export function ArtefactTile({ artefact }: { artefact: Category }) {
  return (
    <a href={`/${artefact.slug}`} target="_blank" rel="noopener noreferrer" className="card artefact-tile">
      <span className="artefact-tile__icon" aria-hidden="true">
        {artefact.icon}
      </span>
      <span className="artefact-tile__body">
        <span className="artefact-tile__name">
          {artefact.name}
          <CountBadge count={artefact.content.length} />
        </span>
        <span className="artefact-tile__line">{artefact.single_line}</span>
      </span>
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

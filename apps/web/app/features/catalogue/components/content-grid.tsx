import type { ContentSummary } from "@skillshelf/shared/api.ts";
import { ContentCard } from "./content-card";

export function ContentGrid({ categorySlug, contents }: { categorySlug: string; contents: ContentSummary[] }) {
  return (
    <ul className="content-grid">
      {contents.map((content) => (
        <li key={content.id}>
          <ContentCard categorySlug={categorySlug} content={content} />
        </li>
      ))}
    </ul>
  );
}

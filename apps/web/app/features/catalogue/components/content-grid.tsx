import type { ContentSummary } from "@skillshelf/shared/api.ts";
import { ContentCard } from "./content-card";

/** Articles as cards; `free` marks them free to read (nothing that covers them has a price). */
export function ContentGrid({
  categorySlug,
  contents,
  free = false,
}: {
  categorySlug: string;
  contents: ContentSummary[];
  free?: boolean;
}) {
  return (
    <ul className="content-grid">
      {contents.map((content) => (
        <li key={content.id}>
          <ContentCard categorySlug={categorySlug} content={content} free={free} />
        </li>
      ))}
    </ul>
  );
}

import type { ContentSummary } from "@skillshelf/shared/api.ts";
import { ContentCard } from "./content-card";

/**
 * Articles as cards; `free` marks them free to read (nothing that covers them
 * has a price), `done` holds the ids of those the signed-in owner has done.
 */
export function ContentGrid({
  categorySlug,
  contents,
  free = false,
  done,
}: {
  categorySlug: string;
  contents: ContentSummary[];
  free?: boolean;
  done?: ReadonlySet<number>;
}) {
  return (
    <ul className="content-grid">
      {contents.map((content) => (
        <li key={content.id}>
          <ContentCard categorySlug={categorySlug} content={content} free={free} done={done?.has(content.id)} />
        </li>
      ))}
    </ul>
  );
}

import type { RelatedContent as RelatedItem } from "@skillshelf/shared/api.ts";
import { Link } from "react-router";

export function RelatedContent({ items }: { items: RelatedItem[] }) {
  return (
    <aside className="related" aria-labelledby="related-title">
      <h2 id="related-title" className="related__title">
        Related Content
      </h2>
      {items.length === 0 ? (
        <p className="related__empty">No related data found.</p>
      ) : (
        <ol className="related__list">
          {items.map((item) => (
            <li key={`${item.category_slug}/${item.slug}`}>
              <Link to={`/${item.category_slug}/${item.slug}`}>{item.title}</Link>
            </li>
          ))}
        </ol>
      )}
    </aside>
  );
}

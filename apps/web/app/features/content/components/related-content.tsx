import type { RelatedContent as RelatedItem } from "@skillshelf/shared/api.ts";
import { Link } from "react-router";
import { langOf } from "../../../components/catalogue-text";
import { useLanguagePath, useT } from "../../../lib/i18n";

export function RelatedContent({ items }: { items: RelatedItem[] }) {
  const t = useT();
  const at = useLanguagePath();
  return (
    <aside className="related" aria-labelledby="related-title">
      <h2 id="related-title" className="related__title">
        {t("Related Content")}
      </h2>
      {items.length === 0 ? (
        <p className="related__empty">{t("No related data found.")}</p>
      ) : (
        <ol className="related__list">
          {items.map((item) => (
            <li key={`${item.category_slug}/${item.slug}`}>
              <Link to={at(`/${item.category_slug}/${item.slug}`)} lang={langOf(item, "title")}>
                {item.title}
              </Link>
            </li>
          ))}
        </ol>
      )}
    </aside>
  );
}

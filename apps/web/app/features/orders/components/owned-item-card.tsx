import type { OwnedItem } from "@skillshelf/shared/api.ts";
import { useId } from "react";
import { Link } from "react-router";
import { CatalogueIcon } from "../../../components/icons/catalogue-icon";
import { useLanguagePath, useT } from "../../../lib/i18n";

/**
 * A purchased artefact or group: how far the learner has read it, and
 * 'Continue' to the next article they have not done (the first when none
 * is), or 'Read again' from the first once all are done. Its name leads to
 * its listing.
 */
export function OwnedItemCard({ item }: { item: OwnedItem }) {
  const t = useT();
  const countId = useId();
  const name = item.groups ? `${item.category.name}: ${item.groups.name}` : item.category.name;
  const { done, total, next } = item.progress;
  const finished = total > 0 && done === total;
  const listing = useLanguagePath()(`/${item.category.slug}`);
  return (
    <article className="card owned-item">
      <span className="owned-item__icon">
        <CatalogueIcon value={item.category.icon} />
      </span>
      <h2 className="owned-item__name">
        <Link to={listing}>{item.category.name}</Link>
      </h2>
      <p className="owned-item__scope">
        {item.groups ? t("Group: {{name}}", { name: item.groups.name }) : t("Whole artefact")}
      </p>
      <p className="owned-item__text">{item.category.single_line}</p>
      {total > 0 && (
        <div className="owned-item__progress">
          <progress className="owned-item__bar" max={total} value={done} aria-labelledby={countId} />
          <p id={countId} className="owned-item__count">
            {t("{{done}} of {{count}} articles done", { done, count: total })}
          </p>
        </div>
      )}
      {next && !finished && <p className="owned-item__next">{t("Next: {{title}}", { title: next.title })}</p>}
      <Link to={next ? `${listing}/${next.slug}` : listing} className="button button--small owned-item__continue">
        {finished ? t("Read again") : t("Continue")}
        <span className="sr-only">{t(" with {{name}}", { name })}</span>
      </Link>
    </article>
  );
}

import type { ContentSummary } from "@skillshelf/shared/api.ts";
import { truncate } from "@skillshelf/shared/constants.ts";
import { useId } from "react";
import { CatalogueText, langOf } from "../../../components/catalogue-text";
import { CheckIcon } from "../../../components/icons/check-icon";
import { useLanguagePath, useT } from "../../../lib/i18n";

interface ContentCardProps {
  categorySlug: string;
  content: ContentSummary;
  free: boolean;
  /** The signed-in owner has done it (never on a visitor's page). */
  done?: boolean;
}

/**
 * Title, the description cut at 90 characters, and 'See Details' opening the
 * article in a new tab; a check (read as "Done") when the owner has done it.
 */
export function ContentCard({ categorySlug, content, free, done = false }: ContentCardProps) {
  const t = useT();
  const at = useLanguagePath();
  const titleId = useId();
  return (
    <article className="card content-card">
      <h3 id={titleId} className="content-card__title">
        <CatalogueText of={content} name="title">
          {content.title}
        </CatalogueText>
        {done && (
          <span className="content-card__done">
            <CheckIcon size={16} />
            <span className="sr-only"> Done</span>
          </span>
        )}
      </h3>
      {free && <span className="pill pill--free content-card__free">{t("Free to read")}</span>}
      <p className="content-card__text" lang={langOf(content, "short_description")}>
        {truncate(content.short_description)}
      </p>
      <a
        href={at(`/${categorySlug}/${content.slug}`)}
        target="_blank"
        rel="noopener noreferrer"
        className="content-card__link"
        aria-describedby={titleId}
      >
        {t("See Details")}
        <span className="sr-only">{t(" (opens in a new tab)")}</span>
      </a>
    </article>
  );
}

import { COURSES_URL } from "@skillshelf/shared/constants.ts";
import { Link } from "react-router";
import { langOf } from "../../../components/catalogue-text";
import { ExternalLink } from "../../../components/external-link";
import { ArrowLeftIcon } from "../../../components/icons/arrow-left-icon";
import { useLanguagePath, useT } from "../../../lib/i18n";
import type { ShareLink } from "../share-links";
import { ShareMenu } from "./share-menu";

interface ContentBannerProps {
  title: string;
  shortDescription: string;
  /** The article's texts shown in English on a page in another language. */
  untranslated?: string[] | undefined;
  category: { slug: string; name: string };
  share: ShareLink[];
}

export function ContentBanner({ title, shortDescription, untranslated, category, share }: ContentBannerProps) {
  const t = useT();
  const at = useLanguagePath();
  return (
    <section className="page-hero page-hero--content">
      <div className="container page-hero__inner">
        <Link to={at(`/${category.slug}`)} className="back-link">
          <ArrowLeftIcon size={18} />
          {t("Back to {{name}}", { name: category.name })}
        </Link>
        <h1 className="page-hero__title" lang={langOf({ untranslated }, "title")}>
          {title}
        </h1>
        <p className="page-hero__lead" lang={langOf({ untranslated }, "short_description")}>
          {shortDescription}
        </p>
        <div className="button-row">
          <ExternalLink href={COURSES_URL} className="button button--light">
            {t("Browse Courses")}
          </ExternalLink>
          <ShareMenu links={share} />
        </div>
      </div>
    </section>
  );
}

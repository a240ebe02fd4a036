import type { ListingSeo } from "@skillshelf/shared/api.ts";
import { COURSES_URL, LISTING_DEFAULTS } from "@skillshelf/shared/constants.ts";
import type { ReactNode } from "react";
import { langOf } from "../../../components/catalogue-text";
import { ExternalLink } from "../../../components/external-link";
import { CatalogueIcon } from "../../../components/icons/catalogue-icon";
import { useT } from "../../../lib/i18n";

interface ListingHeroProps {
  seo: ListingSeo;
  /** Extra actions next to 'Browse Courses' (the Add To Cart button). */
  children?: ReactNode;
}

export function ListingHero({ seo, children }: ListingHeroProps) {
  const t = useT();
  return (
    <section className="page-hero">
      <div className="container page-hero__inner">
        <span className="page-hero__icon">
          <CatalogueIcon value={seo.icon} />
        </span>
        <h1 className="page-hero__title" lang={langOf(seo, "name")}>
          {seo.name || t(LISTING_DEFAULTS.name)}
        </h1>
        <p className="page-hero__lead" lang={langOf(seo, "single_line")}>
          {seo.single_line || t(LISTING_DEFAULTS.singleLine)}
        </p>
        <div className="button-row">
          <ExternalLink href={COURSES_URL} className="button button--light">
            {t("Browse Courses")}
          </ExternalLink>
          {children}
        </div>
      </div>
    </section>
  );
}

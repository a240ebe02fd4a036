import type { ArtefactTileData } from "@skillshelf/shared/api.ts";
import { COURSES_URL } from "@skillshelf/shared/constants.ts";
import type { MouseEvent } from "react";
import { langOf } from "../../../components/catalogue-text";
import { ExternalLink } from "../../../components/external-link";
import { CatalogueIcon } from "../../../components/icons/catalogue-icon";
import { useT } from "../../../lib/i18n";
import { CATEGORIES_ID, scrollToCategories } from "../../../lib/scroll-to-categories";

interface HomeHeroProps {
  /** The first three artefacts, drawn as cards beside the text. */
  showcase: ArtefactTileData[];
  artefactCount: number;
  articleCount: number;
}

export function HomeHero({ showcase, artefactCount, articleCount }: HomeHeroProps) {
  const t = useT();
  const onExplore = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    scrollToCategories();
  };

  return (
    <section className="home-hero">
      <div className="container home-hero__inner">
        <div className="home-hero__text">
          <p className="eyebrow">{t("Practical learning for engineers")}</p>
          <h1 className="home-hero__title">{t("Learn the tech you use at work, one card at a time")}</h1>
          <p className="home-hero__lead">
            {t(
              "Tech cards, cheat sheets, hands-on labs and interview kits written by practitioners. Read the free articles, unlock the full sets when you need them.",
            )}
          </p>
          <div className="button-row">
            <ExternalLink href={COURSES_URL} className="button button--large">
              {t("Explore Courses")}
            </ExternalLink>
            <a href={`#${CATEGORIES_ID}`} className="button button--large button--outline" onClick={onExplore}>
              {t("Explore Categories")}
            </a>
          </div>
          <dl className="home-hero__stats">
            <div>
              <dt>{t("Artefacts")}</dt>
              <dd>{artefactCount}</dd>
            </div>
            <div>
              <dt>{t("Articles")}</dt>
              <dd>{articleCount}</dd>
            </div>
            <div>
              <dt>{t("Money-back")}</dt>
              <dd>{t("6 days")}</dd>
            </div>
          </dl>
        </div>
        <div className="home-hero__art" aria-hidden="true">
          {showcase.map((artefact) => (
            <div key={artefact.slug} className="hero-card">
              <span className="hero-card__icon">
                <CatalogueIcon value={artefact.icon} />
              </span>
              <span className="hero-card__name" lang={langOf(artefact, "name")}>
                {artefact.name}
              </span>
              <span className="hero-card__line" lang={langOf(artefact, "single_line")}>
                {artefact.single_line}
              </span>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

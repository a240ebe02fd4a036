import { Link } from "react-router";
import { langOf } from "../../../components/catalogue-text";
import { CatalogueIcon } from "../../../components/icons/catalogue-icon";
import { useLanguagePath, useT } from "../../../lib/i18n";

const titleOf = (slug: string) => slug.replace(/-/g, " ").replace(/\b\w/g, (letter) => letter.toUpperCase());

/** The six format cards; names, icons and lines come from the catalogue when it has them. */
/** One card: the slug always, the rest when the catalogue has that category. */
export interface FormatCard {
  slug: string;
  name?: string;
  icon?: string;
  single_line?: string;
  untranslated?: string[];
}

export function FormatCards({ cards }: { cards: FormatCard[] }) {
  const t = useT();
  const at = useLanguagePath();
  return (
    <section className="section" aria-labelledby="formats-title">
      <div className="container">
        <div className="section__header">
          <h2 id="formats-title">{t("Pick a format that fits your day")}</h2>
          <p>
            {t(
              "Five minutes between meetings or a whole afternoon in a lab: every format is built for a different need.",
            )}
          </p>
        </div>
        <ul className="format-grid">
          {cards.map((category) => {
            const { slug } = category;
            return (
              <li key={slug}>
                <Link to={at(`/${slug}`)} className="card format-card">
                  <span className="format-card__icon">
                    <CatalogueIcon value={category.icon ?? ""} />
                  </span>
                  <span className="format-card__name" lang={langOf(category, "name")}>
                    {category.name || titleOf(slug)}
                  </span>
                  {category.single_line && (
                    <span className="format-card__line" lang={langOf(category, "single_line")}>
                      {category.single_line}
                    </span>
                  )}
                  <span className="format-card__more" aria-hidden="true">
                    {t("Browse →")}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

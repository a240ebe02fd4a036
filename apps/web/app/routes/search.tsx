import { SEARCH_MAX_LIMIT, SEARCH_MESSAGES, type SearchResults } from "@skillshelf/shared/search.ts";
import { searchQuery } from "@skillshelf/shared/search-schemas.ts";
import { Form, Link } from "react-router";
import { CatalogueText, langOf } from "../components/catalogue-text";
import { Trans } from "../components/trans";
import { provideSearchCombobox } from "../features/search/components/header-search";
import { Highlight } from "../features/search/components/highlight";
import { SearchCombobox } from "../features/search/components/search-combobox";
import { metaT, useLanguagePath, useT } from "../lib/i18n";
import { buildMeta, pageAddress } from "../lib/meta";
import { publicPageHeaders } from "../lib/public-page";
import { CATEGORIES_ID } from "../lib/scroll-to-categories";
import { storeContext } from "../load-context";
import type { Route } from "./+types/search";

// The header's suggestions box travels with this module: it is loaded when the box is first focused.
provideSearchCombobox(SearchCombobox);

// The same for every visitor: kept by the page cache per query (a bounded LRU) until the catalogue changes.
export const headers = publicPageHeaders;

type Outcome =
  | { state: "empty" }
  | { state: "invalid"; query: string; message: string }
  | { state: "results"; results: SearchResults };

export async function loader({ context, url }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  const raw = url.searchParams.get("q") ?? "";
  const address = pageAddress(store, "/search");
  if (!raw.trim()) return { address, outcome: { state: "empty" } as Outcome };
  const parsed = searchQuery.safeParse({ q: raw });
  if (!parsed.success)
    return { address, outcome: { state: "invalid", query: raw, message: SEARCH_MESSAGES.query } as Outcome };
  const results = await store.search(parsed.data.q, SEARCH_MAX_LIMIT);
  return { address, outcome: { state: "results", results } as Outcome };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const outcome = loaderData?.outcome;
  const title =
    outcome?.state === "results"
      ? t("Search: {{query}}", { query: outcome.results.query })
      : t("Search", { context: "noun" });
  return [
    ...buildMeta({
      t,
      title,
      description: t("Search the cards, sheets, labs and guides of the catalogue."),
      address: loaderData?.address,
    }),
    // Result pages are for visitors, not for search engines' indexes.
    { name: "robots", content: "noindex, follow" },
  ];
}

function SearchForm({ query }: { query: string }) {
  const t = useT();
  const at = useLanguagePath();
  return (
    <Form role="search" aria-label={t("Catalogue")} action={at("/search")} method="get" className="search-page__form">
      <label htmlFor="search-page-query">{t("Search the catalogue")}</label>
      <div className="search-page__row">
        <input
          id="search-page-query"
          type="search"
          name="q"
          defaultValue={query}
          maxLength={200}
          className="search-page__input"
        />
        <button type="submit" className="button">
          {t("Search")}
        </button>
      </div>
    </Form>
  );
}

function BrowseHint() {
  const at = useLanguagePath();
  return (
    <p>
      <Trans
        i18nKey="Or <anchor>browse every category</anchor>."
        // biome-ignore lint/a11y/useAnchorContent: Trans puts the translated words inside the link.
        components={{ anchor: <a href={at(`/#${CATEGORIES_ID}`)} /> }}
      />
    </p>
  );
}

function Results({ results }: { results: SearchResults }) {
  const t = useT();
  const at = useLanguagePath();
  if (results.artefacts.length === 0) {
    return (
      <div className="empty-state search-page__none">
        <p role="status">
          <Trans
            i18nKey="No results for <strong>“{{query}}”</strong>."
            values={{ query: results.query }}
            components={{ strong: <strong /> }}
          />
        </p>
        <ul>
          <li>{t("Check the spelling.")}</li>
          <li>{t("Use fewer words: every word has to be found.")}</li>
          <li>{t("Try a tool or topic, for example Docker, Git or networking.")}</li>
        </ul>
        <BrowseHint />
      </div>
    );
  }
  const shown = results.artefacts.length;
  return (
    <>
      <p role="status" className="search-page__count">
        {t("{{count}} categories match “{{query}}”", { count: results.total, query: results.query })}
        {results.total > shown ? t("; the best {{shown}} are shown", { shown }) : ""}.
      </p>
      <ol className="search-results">
        {results.artefacts.map((artefact) => (
          <li key={artefact.id} className="search-result">
            <h2 className="search-result__title">
              <Link to={at(artefact.url)} lang={langOf(artefact, "name")}>
                <Highlight pieces={artefact.name} />
              </Link>{" "}
              <span className="search-result__parent">{t("in {{context}}", { context: artefact.parent.name })}</span>
            </h2>
            {artefact.single_line.length > 0 && (
              <p className="search-result__line" lang={langOf(artefact, "single_line")}>
                <Highlight pieces={artefact.single_line} />
              </p>
            )}
            {artefact.groups.length > 0 && (
              <p className="search-result__groups">
                {t("Groups:")}{" "}
                {artefact.groups.map((group, i) => (
                  <span key={group.id}>
                    {i > 0 && ", "}
                    <CatalogueText of={group} name="name">
                      <Highlight pieces={group.name} />
                    </CatalogueText>
                  </span>
                ))}
              </p>
            )}
            {artefact.articles.length > 0 && (
              <ul className="search-result__articles">
                {artefact.articles.map((article) => (
                  <li key={article.url}>
                    <Link to={at(article.url)} className="search-result__article" lang={langOf(article, "title")}>
                      <Highlight pieces={article.title} />
                    </Link>
                    <p className="search-result__snippet" lang={langOf(article, "snippet")}>
                      <Highlight pieces={article.snippet} />
                    </p>
                  </li>
                ))}
              </ul>
            )}
            {artefact.article_matches > artefact.articles.length && (
              <p className="search-result__more">
                <Link to={at(artefact.url)}>
                  {t("{{count}} more matching articles in {{name}}", {
                    count: artefact.article_matches - artefact.articles.length,
                    name: artefact.name.map((p) => p.text).join(""),
                  })}
                </Link>
              </p>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { outcome } = loaderData;
  const query = outcome.state === "results" ? outcome.results.query : outcome.state === "invalid" ? outcome.query : "";
  return (
    <>
      <section className="page-hero">
        <div className="container page-hero__inner">
          <h1 className="page-hero__title">{t("Search", { context: "noun" })}</h1>
          <p className="page-hero__lead">
            {t("Find cards, sheets, labs and guides by their names, titles and texts.")}
          </p>
        </div>
      </section>
      <div className="section">
        <div className="container search-page">
          <SearchForm query={query} />
          {outcome.state === "empty" && (
            <div className="empty-state">
              <p>
                {t(
                  "Type a word or two of what you want to learn: a tool, a topic or a command. Words may be cut short.",
                )}
              </p>
              <BrowseHint />
            </div>
          )}
          {outcome.state === "invalid" && (
            <p role="alert" className="form-error">
              {t(outcome.message)}
            </p>
          )}
          {outcome.state === "results" && <Results results={outcome.results} />}
        </div>
      </div>
    </>
  );
}

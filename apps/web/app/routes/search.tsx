import { META_DEFAULTS } from "@skillshelf/shared/constants.ts";
import { SEARCH_MAX_LIMIT, SEARCH_MESSAGES, type SearchResults } from "@skillshelf/shared/search.ts";
import { searchQuery } from "@skillshelf/shared/search-schemas.ts";
import { Form, Link } from "react-router";
import { provideSearchCombobox } from "../features/search/components/header-search";
import { Highlight } from "../features/search/components/highlight";
import { SearchCombobox } from "../features/search/components/search-combobox";
import { buildMeta, pageUrl } from "../lib/meta";
import { publicPageHeaders } from "../lib/public-page";
import { CATEGORIES_ID } from "../lib/scroll-to-categories";
import type { Route } from "./+types/search";

// The header's suggestions box travels with this module: it is loaded when the box is first focused.
provideSearchCombobox(SearchCombobox);

// The same for every visitor: kept by the page cache per query (a bounded LRU) until the catalogue changes.
export const headers = publicPageHeaders;

type Outcome =
  | { state: "empty" }
  | { state: "invalid"; query: string; message: string }
  | { state: "results"; results: SearchResults };

export async function loader({ context, request }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("q") ?? "";
  const url = pageUrl(context.publicUrl, "/search");
  if (!raw.trim()) return { url, outcome: { state: "empty" } as Outcome };
  const parsed = searchQuery.safeParse({ q: raw });
  if (!parsed.success)
    return { url, outcome: { state: "invalid", query: raw, message: SEARCH_MESSAGES.query } as Outcome };
  const results = await context.search(parsed.data.q, SEARCH_MAX_LIMIT);
  return { url, outcome: { state: "results", results } as Outcome };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const outcome = loaderData?.outcome;
  const title =
    outcome?.state === "results"
      ? `Search: ${outcome.results.query} | ${META_DEFAULTS.siteName}`
      : `Search | ${META_DEFAULTS.siteName}`;
  return [
    ...buildMeta({
      title,
      description: "Search the cards, sheets, labs and guides of the catalogue.",
      url: loaderData?.url,
    }),
    // Result pages are for visitors, not for search engines' indexes.
    { name: "robots", content: "noindex, follow" },
  ];
}

function SearchForm({ query }: { query: string }) {
  return (
    <Form role="search" aria-label="Catalogue" action="/search" method="get" className="search-page__form">
      <label htmlFor="search-page-query">Search the catalogue</label>
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
          Search
        </button>
      </div>
    </Form>
  );
}

function BrowseHint() {
  return (
    <p>
      Or <a href={`/#${CATEGORIES_ID}`}>browse every category</a>.
    </p>
  );
}

function Results({ results }: { results: SearchResults }) {
  if (results.artefacts.length === 0) {
    return (
      <div className="empty-state search-page__none">
        <p role="status">
          No results for <strong>“{results.query}”</strong>.
        </p>
        <ul>
          <li>Check the spelling.</li>
          <li>Use fewer words: every word has to be found.</li>
          <li>Try a tool or topic, for example Docker, Git or networking.</li>
        </ul>
        <BrowseHint />
      </div>
    );
  }
  const shown = results.artefacts.length;
  return (
    <>
      <p role="status" className="search-page__count">
        {results.total === 1 ? "1 category matches" : `${results.total} categories match`} “{results.query}”
        {results.total > shown ? `; the best ${shown} are shown` : ""}.
      </p>
      <ol className="search-results">
        {results.artefacts.map((artefact) => (
          <li key={artefact.id} className="search-result">
            <h2 className="search-result__title">
              <Link to={artefact.url}>
                <Highlight pieces={artefact.name} />
              </Link>{" "}
              <span className="search-result__parent">in {artefact.parent.name}</span>
            </h2>
            {artefact.single_line.length > 0 && (
              <p className="search-result__line">
                <Highlight pieces={artefact.single_line} />
              </p>
            )}
            {artefact.groups.length > 0 && (
              <p className="search-result__groups">
                Groups:{" "}
                {artefact.groups.map((group, i) => (
                  <span key={group.id}>
                    {i > 0 && ", "}
                    <Highlight pieces={group.name} />
                  </span>
                ))}
              </p>
            )}
            {artefact.articles.length > 0 && (
              <ul className="search-result__articles">
                {artefact.articles.map((article) => (
                  <li key={article.url}>
                    <Link to={article.url} className="search-result__article">
                      <Highlight pieces={article.title} />
                    </Link>
                    <p className="search-result__snippet">
                      <Highlight pieces={article.snippet} />
                    </p>
                  </li>
                ))}
              </ul>
            )}
            {artefact.article_matches > artefact.articles.length && (
              <p className="search-result__more">
                <Link to={artefact.url}>
                  {artefact.article_matches - artefact.articles.length} more matching articles in{" "}
                  {artefact.name.map((p) => p.text).join("")}
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
  const { outcome } = loaderData;
  const query = outcome.state === "results" ? outcome.results.query : outcome.state === "invalid" ? outcome.query : "";
  return (
    <>
      <section className="page-hero">
        <div className="container page-hero__inner">
          <h1 className="page-hero__title">Search</h1>
          <p className="page-hero__lead">Find cards, sheets, labs and guides by their names, titles and texts.</p>
        </div>
      </section>
      <div className="section">
        <div className="container search-page">
          <SearchForm query={query} />
          {outcome.state === "empty" && (
            <div className="empty-state">
              <p>Type a word or two of what you want to learn: a tool, a topic or a command. Words may be cut short.</p>
              <BrowseHint />
            </div>
          )}
          {outcome.state === "invalid" && (
            <p role="alert" className="form-error">
              {outcome.message}
            </p>
          )}
          {outcome.state === "results" && <Results results={outcome.results} />}
        </div>
      </div>
    </>
  );
}

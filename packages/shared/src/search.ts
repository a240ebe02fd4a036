/**
 * Search of the public catalogue: GET /api/search (results grouped by
 * artefact, with highlighted snippets), GET /api/search/suggestions (a few
 * names and titles while typing) and the /search page.
 */

/** The longest query accepted: longer text is not a search, and bounds the work of one. */
export const SEARCH_MAX_QUERY = 100;
/** Words of a query that count; the rest are ignored. */
export const SEARCH_MAX_TERMS = 8;
export const SEARCH_DEFAULT_LIMIT = 10;
export const SEARCH_MAX_LIMIT = 20;
/** Matching articles shown under each artefact. */
export const SEARCH_ARTICLES_PER_ARTEFACT = 3;
export const SUGGESTIONS_DEFAULT_LIMIT = 6;
export const SUGGESTIONS_MAX_LIMIT = 10;

export const SEARCH_MESSAGES = {
  query: `Enter what to search for, at most ${SEARCH_MAX_QUERY} characters.`,
  limit: (max: number) => `limit must be a whole number from 1 to ${max}`,
} as const;

/**
 * The words of a query that are searched for: runs of letters and digits,
 * lower-cased, at most SEARCH_MAX_TERMS. Punctuation never reaches the
 * database's query parser, so no input can be a syntax error there.
 */
export function searchTerms(text: string): string[] {
  const words =
    text
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, SEARCH_MAX_TERMS);
}

/** A text in pieces: `match` pieces are the words that matched the query (shown highlighted). */
export type Highlighted = { text: string; match: boolean }[];

export interface SearchArticleHit {
  slug: string;
  title: Highlighted;
  /** Where the query matched in the short description or the body, as plain text. */
  snippet: Highlighted;
  /** The article's page. */
  url: string;
  untranslated?: string[];
}

export interface SearchArtefactHit {
  id: number;
  slug: string;
  name: Highlighted;
  single_line: Highlighted;
  /** On a Spanish or French page, which of these texts are in English (catalogue-translations.ts). */
  untranslated?: string[];
  parent: { name: string; slug: string; untranslated?: string[] };
  /** The artefact's listing. */
  url: string;
  /** Its groups whose names matched. */
  groups: { id: number; name: Highlighted; untranslated?: string[] }[];
  /** Its best matching articles, at most SEARCH_ARTICLES_PER_ARTEFACT. */
  articles: SearchArticleHit[];
  /** How many of its articles matched in all. */
  article_matches: number;
}

export interface SearchResults {
  /** The query as searched (trimmed). */
  query: string;
  artefacts: SearchArtefactHit[];
  /** Every artefact that matched, beyond `limit` too (up to a bound). */
  total: number;
}

export interface SearchSuggestion {
  kind: "artefact" | "article";
  label: string;
  /** The artefact of an article, the parent of an artefact. */
  context: string;
  url: string;
}

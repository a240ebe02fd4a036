import { z } from "zod";

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

const query = z
  .string({ error: SEARCH_MESSAGES.query })
  .trim()
  .min(1, SEARCH_MESSAGES.query)
  .max(SEARCH_MAX_QUERY, SEARCH_MESSAGES.query)
  .describe(
    `what to search for: words of names, titles and texts, the last ones may be cut short (1 to ${SEARCH_MAX_QUERY} characters)`,
  );

const limit = (fallback: number, max: number) =>
  z.coerce
    .number({ error: SEARCH_MESSAGES.limit(max) })
    .int(SEARCH_MESSAGES.limit(max))
    .min(1, SEARCH_MESSAGES.limit(max))
    .max(max, SEARCH_MESSAGES.limit(max))
    .default(fallback)
    .describe(`at most this many, 1 to ${max}`);

export const searchQuery = z.object({ q: query, limit: limit(SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT) });
export const suggestionsQuery = z.object({ q: query, limit: limit(SUGGESTIONS_DEFAULT_LIMIT, SUGGESTIONS_MAX_LIMIT) });

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
}

export interface SearchArtefactHit {
  id: number;
  slug: string;
  name: Highlighted;
  single_line: Highlighted;
  parent: { name: string; slug: string };
  /** The artefact's listing. */
  url: string;
  /** Its groups whose names matched. */
  groups: { id: number; name: Highlighted }[];
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

const highlighted = z.array(z.object({ text: z.string(), match: z.boolean() }));

/** The documented answers (OpenAPI). */
export const searchResponse = z.object({
  status: z.boolean(),
  message: z.string(),
  data: z.object({
    query: z.string(),
    total: z.number().int(),
    artefacts: z.array(
      z.object({
        id: z.number().int(),
        slug: z.string(),
        name: highlighted,
        single_line: highlighted,
        parent: z.object({ name: z.string(), slug: z.string() }),
        url: z.string(),
        groups: z.array(z.object({ id: z.number().int(), name: highlighted })),
        articles: z.array(z.object({ slug: z.string(), title: highlighted, snippet: highlighted, url: z.string() })),
        article_matches: z.number().int(),
      }),
    ),
  }),
});

export const suggestionsResponse = z.object({
  status: z.boolean(),
  message: z.string(),
  data: z.array(
    z.object({ kind: z.enum(["artefact", "article"]), label: z.string(), context: z.string(), url: z.string() }),
  ),
});

import { catalogueLanguageQuery, untranslatedSchema } from "./catalogue-translations.ts";
import {
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_LIMIT,
  SEARCH_MAX_QUERY,
  SEARCH_MESSAGES,
  SUGGESTIONS_DEFAULT_LIMIT,
  SUGGESTIONS_MAX_LIMIT,
} from "./search.ts";
import { z } from "./zod.ts";

/** The queries and answers of GET /api/search and /api/search/suggestions (search.ts). */

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

export const searchQuery = catalogueLanguageQuery.extend({
  q: query,
  limit: limit(SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT),
});
export const suggestionsQuery = catalogueLanguageQuery.extend({
  q: query,
  limit: limit(SUGGESTIONS_DEFAULT_LIMIT, SUGGESTIONS_MAX_LIMIT),
});

const untranslated = untranslatedSchema;
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
        untranslated,
        parent: z.object({ name: z.string(), slug: z.string(), untranslated }),
        url: z.string(),
        groups: z.array(z.object({ id: z.number().int(), name: highlighted, untranslated })),
        articles: z.array(
          z.object({ slug: z.string(), title: highlighted, snippet: highlighted, url: z.string(), untranslated }),
        ),
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

import { localized, type Translations } from "@skillshelf/shared/catalogue-translations.ts";
import type { LanguageCode } from "@skillshelf/shared/i18n/languages.ts";
import {
  type Highlighted,
  SEARCH_ARTICLES_PER_ARTEFACT,
  type SearchArtefactHit,
  type SearchResults,
  type SearchSuggestion,
  searchTerms,
} from "@skillshelf/shared/search.ts";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";

/**
 * Full-text search of the visible catalogue over the generated `search_vector`
 * columns (drizzle/0007_catalogue_search.sql, 0024): artefact names and lines, group
 * names, article titles, short descriptions and bodies, in English and in their
 * translations. Every word is matched as a prefix, so a word being typed already
 * finds. A search in Spanish or French reads the query with that language's
 * dictionary and with English's (untranslated texts show, and are found, in
 * English), and answers with the texts in that language. Nothing here reads
 * media: results carry texts and page URLs only.
 */

/** Each language's text search configuration. */
const DICTIONARY: Record<LanguageCode, string> = { en: "english", es: "spanish", fr: "french" };

/** The query's tsquery in `language`: its dictionary's reading, or English's. */
function queryIn(tsquery: string, language: LanguageCode): SQL {
  const english = sql`to_tsquery('english', ${tsquery})`;
  return language === "en" ? english : sql`(${english} || to_tsquery(${DICTIONARY[language]}::regconfig, ${tsquery}))`;
}

/** An article's title as a document in `language` (the expressions of contents_title_*search_idx). */
function titleIn(language: LanguageCode): SQL {
  return language === "en"
    ? sql`to_tsvector('english'::regconfig, t.title)`
    : sql.raw(
        `to_tsvector('${DICTIONARY[language]}'::regconfig, coalesce(t.translations #>> '{${language},title}', ''))`,
      );
}

/** How many artefacts a search ranks at most: bounds the work of a query that matches everything. */
const MAX_RANKED_ARTEFACTS = 200;
/**
 * How many articles a search ranks at most, from each of two sets: those whose title matches (through
 * contents_title_search_idx), and any that match. Ranking reads an article's whole search_vector, its body's
 * words included (about 10 µs each on PGlite): a broad prefix such as "con" matches 5,400 articles of the 100x
 * catalogue. A query that matches fewer articles than this ranks every one of them, as before.
 */
const MAX_RANKED_ARTICLES = 200;
/** About how many characters of an article's text a snippet shows. */
const SNIPPET_CHARS = 180;

/** The tsquery text of a query's words, each a prefix (`:*`), restricted to `weights` when given; null when no word. */
function tsqueryOf(text: string, weights = ""): string | null {
  const terms = searchTerms(text);
  // Only letters and digits: nothing the tsquery parser treats as an operator.
  return terms.length === 0 ? null : terms.map((term) => `${term}:*${weights}`).join(" & ");
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A hit's texts given in English on a page in another language, when there are. */
const marked = (untranslated: string[] | undefined) =>
  untranslated?.length ? { untranslated: [...new Set(untranslated)] } : {};

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };

/** The text of sanitized article HTML: tags dropped, the sanitizer's entities decoded, white space folded. */
function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Whether a word of a text matches one of the query's words: it starts with it (prefix
 * search), or, for stemmed matches ('networking' finding 'network'), the query word starts
 * with a word of four letters or more.
 */
function matches(word: string, terms: string[]): boolean {
  const lower = word.toLowerCase();
  return terms.some((term) => lower.startsWith(term) || (lower.length >= 4 && term.startsWith(lower)));
}

/**
 * A text with the query's words marked, as pieces of plain text. Highlighting is done here
 * rather than with ts_headline, which costs milliseconds per text on PGlite.
 */
function highlight(text: string, terms: string[]): Highlighted {
  const pieces: Highlighted = [];
  for (const part of text.split(/([\p{L}\p{N}]+)/u)) {
    if (!part) continue;
    const match = /^[\p{L}\p{N}]/u.test(part) && matches(part, terms);
    const last = pieces.at(-1);
    if (last && last.match === match && !match) last.text += part;
    else pieces.push({ text: part, match });
  }
  return pieces;
}

/** About SNIPPET_CHARS of `text` around the first matching word (cut at word ends), marked. */
function snippetOf(text: string, terms: string[]): Highlighted {
  const words = [...text.matchAll(/[\p{L}\p{N}]+/gu)];
  const hit = words.find((w) => matches(w[0], terms));
  let from = Math.max(0, (hit?.index ?? 0) - SNIPPET_CHARS / 3);
  if (from > 0) from = text.indexOf(" ", from) + 1;
  let to = Math.min(text.length, from + SNIPPET_CHARS);
  if (to < text.length) to = Math.max(text.lastIndexOf(" ", to), from + 1);
  const cut = `${from > 0 ? "… " : ""}${text.slice(from, to).trim()}${to < text.length ? " …" : ""}`;
  return highlight(cut, terms);
}

/** The visible artefacts: not hidden, and under a parent that is not hidden. */
const visibleArtefact = (id: SQL) =>
  sql`exists (select 1 from categories va join categories vp on vp.id = va.parent_id
    where va.id = ${id} and not va.hidden and not vp.hidden)`;

interface RankedHit {
  kind: "artefact" | "group" | "article";
  id: number;
  category_id: number;
}

export async function searchCatalogue(
  db: DbOrTx,
  text: string,
  limit: number,
  language: LanguageCode = "en",
): Promise<SearchResults> {
  const query = text.trim();
  const terms = searchTerms(query);
  const tsquery = tsqueryOf(query);
  if (!tsquery) return { query, artefacts: [], total: 0 };
  const q = queryIn(tsquery, language);
  // The titles that match, in English and in the page's language, each through its own index.
  const titleMatches =
    language === "en"
      ? sql`select t.id from contents t where to_tsvector('english'::regconfig, t.title) @@ ${q} limit ${MAX_RANKED_ARTICLES}`
      : sql`select t.id from contents t where to_tsvector('english'::regconfig, t.title) @@ ${q}
          union select t.id from contents t where ${titleIn(language)} @@ ${q}`;

  // Every visible hit (of the articles, a bounded set: titles first), its artefact ranked by its best hit;
  // the best few articles and groups of each.
  const ranked = rowsOf<RankedHit & { total: number }>(
    await db.execute(sql`
      with articles as (
        (select id from (${titleMatches}) titles limit ${MAX_RANKED_ARTICLES})
        union
        (select t.id from contents t where t.search_vector @@ ${q} limit ${MAX_RANKED_ARTICLES})
      ),
      hits as (
        select 'article' as kind, t.id, t.category_id, ts_rank(t.search_vector, ${q}) as rank
          from contents t join articles using (id)
        union all
        select 'group', g.id, g.category_id, ts_rank(g.search_vector, ${q})
          from content_groups g where g.search_vector @@ ${q}
        union all
        select 'artefact', c.id, c.id, ts_rank(c.search_vector, ${q})
          from categories c where c.parent_id is not null and c.search_vector @@ ${q}
      ),
      visible as (select * from hits where ${visibleArtefact(sql`hits.category_id`)}),
      -- Every visible artefact with a hit, ranked or not, up to the bound: how many matched.
      matched as (
        select m.category_id from (
          select t.category_id from contents t where t.search_vector @@ ${q}
          union select category_id from hits
        ) m where ${visibleArtefact(sql`m.category_id`)} limit ${MAX_RANKED_ARTEFACTS}
      ),
      artefacts as (
        select category_id, max(rank) as best
          from visible group by category_id
          order by best desc, category_id limit ${MAX_RANKED_ARTEFACTS}
      ),
      picked as (
        select v.*, row_number() over (partition by v.category_id, v.kind order by v.rank desc, v.id) as n
          from visible v join (select category_id from artefacts order by best desc, category_id limit ${limit}) chosen
          using (category_id)
      )
      select p.kind, p.id, p.category_id, (select count(*)::int from matched) as total
        from picked p join artefacts a using (category_id)
        where p.n <= ${SEARCH_ARTICLES_PER_ARTEFACT}
        order by a.best desc, p.category_id, p.kind, p.rank desc, p.id`),
  );
  if (ranked.length === 0) return { query, artefacts: [], total: 0 };
  const idsOf = (kind: RankedHit["kind"]) => ranked.filter((r) => r.kind === kind).map((r) => Number(r.id));
  const artefactIds = [...new Set(ranked.map((r) => Number(r.category_id)))];
  const groupIds = idsOf("group");
  const articleIds = idsOf("article");
  const inList = (ids: number[]) =>
    sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );

  const [artefactRows, groupRows, articleRows, matchRows] = await Promise.all([
    db.execute(sql`
      select c.id, c.slug, c.name, c.single_line, c.translations, p.name as parent_name, p.slug as parent_slug,
          p.translations as parent_translations
        from categories c join categories p on p.id = c.parent_id where c.id in (${inList(artefactIds)})`),
    groupIds.length === 0
      ? { rows: [] }
      : db.execute(sql`
      select g.id, g.category_id, g.name, g.translations
        from content_groups g where g.id in (${inList(groupIds)})`),
    articleIds.length === 0
      ? { rows: [] }
      : db.execute(sql`
      select t.id, t.category_id, t.slug, t.title, t.short_description, t.description, t.translations
        from contents t where t.id in (${inList(articleIds)})`),
    // How many articles of each artefact shown match, all of them counted (not only those ranked). The match is
    // a FILTER, not a WHERE: the few articles of these artefacts are read through contents_category_slug_key,
    // where a WHERE lets the planner AND that index with the whole query's bitmap of contents_search_idx.
    db.execute(sql`
      select t.category_id, (count(*) filter (where t.search_vector @@ ${q}))::int as n
        from contents t where t.category_id in (${inList(artefactIds)})
        group by t.category_id`),
  ]);
  // Each row's texts in the page's language.
  const local = <T extends { translations: Translations }, F extends keyof T & string>(row: T, fields: F[]) =>
    localized(row, fields, row.translations, language);
  const artefacts = new Map(
    rowsOf<{
      id: number;
      slug: string;
      name: string;
      single_line: string;
      translations: Translations;
      parent_name: string;
      parent_slug: string;
      parent_translations: Translations;
    }>(artefactRows).map((row) => [
      Number(row.id),
      {
        ...local(row, ["name", "single_line"]),
        parent: local({ name: row.parent_name, slug: row.parent_slug, translations: row.parent_translations }, [
          "name",
        ]),
      },
    ]),
  );
  const groups = new Map(
    rowsOf<{ id: number; name: string; translations: Translations }>(groupRows).map((row) => [
      Number(row.id),
      local(row, ["name"]),
    ]),
  );
  const articles = new Map(
    rowsOf<{
      id: number;
      slug: string;
      title: string;
      short_description: string;
      description: string;
      translations: Translations;
    }>(articleRows).map((row) => [Number(row.id), local(row, ["title", "short_description", "description"])]),
  );

  const articleMatches = new Map(
    rowsOf<{ category_id: number; n: number }>(matchRows).map((row) => [Number(row.category_id), Number(row.n)]),
  );

  const hits: SearchArtefactHit[] = [];
  for (const id of artefactIds) {
    const row = artefacts.get(id);
    if (!row) continue;
    const mine = ranked.filter((r) => Number(r.category_id) === id);
    hits.push({
      id,
      slug: row.slug,
      name: highlight(row.name, terms),
      single_line: highlight(row.single_line, terms),
      ...marked(row.untranslated),
      parent: { name: row.parent.name, slug: row.parent.slug, ...marked(row.parent.untranslated) },
      url: `/${row.slug}`,
      groups: mine.flatMap((r) => {
        const group = r.kind === "group" ? groups.get(Number(r.id)) : undefined;
        return group
          ? [{ id: Number(group.id), name: highlight(group.name, terms), ...marked(group.untranslated) }]
          : [];
      }),
      articles: mine.flatMap((r) => {
        const article = r.kind === "article" ? articles.get(Number(r.id)) : undefined;
        return article
          ? [
              {
                slug: article.slug,
                title: highlight(article.title, terms),
                snippet: snippetOf(`${article.short_description} ${plainText(article.description)}`.trim(), terms),
                url: `/${row.slug}/${article.slug}`,
                // Its snippet is of its body (or short description): English when that is.
                ...marked(
                  article.untranslated?.map((name) =>
                    name === "description" || name === "short_description" ? "snippet" : name,
                  ),
                ),
              },
            ]
          : [];
      }),
      article_matches: articleMatches.get(id) ?? 0,
    });
  }
  return { query, artefacts: hits, total: Number(ranked[0]?.total ?? hits.length) };
}

/** Names of artefacts and titles of articles whose words start with the query's, best first, in `language`. */
export async function suggestCatalogue(
  db: DbOrTx,
  text: string,
  limit: number,
  language: LanguageCode = "en",
): Promise<SearchSuggestion[]> {
  // Weight A only: names and titles, so each suggestion shows why it matched. Articles are found by their
  // title's own index (contents_title_search_idx and its languages'), not by search_vector: a broad prefix such
  // as "con" matches the bodies of thousands of articles, which the whole vector's index returns for a recheck of each.
  const tsquery = tsqueryOf(text, "A");
  const titleQuery = tsqueryOf(text);
  if (!tsquery || !titleQuery) return [];
  const q = queryIn(tsquery, language);
  const inTitle = queryIn(titleQuery, language);
  const titles = language === "en" ? [titleIn("en")] : [titleIn("en"), titleIn(language)];
  // A text in the page's language: its translation, else the English.
  const localText = (alias: string, column: string) =>
    language === "en"
      ? sql.raw(`${alias}.${column}`)
      : sql.raw(`coalesce(${alias}.translations #>> '{${language},${column}}', ${alias}.${column})`);
  const rows = rowsOf<{ kind: "artefact" | "article"; label: string; context: string; url: string }>(
    await db.execute(sql`
      select kind, label, context, url from (
        select 'artefact' as kind, ${localText("c", "name")} as label, ${localText("p", "name")} as context, '/' || c.slug as url,
            ts_rank(c.search_vector, ${q}) as rank, c.id
          from categories c join categories p on p.id = c.parent_id
          where c.search_vector @@ ${q} and not c.hidden and not p.hidden
        union all
        select 'article', ${localText("t", "title")}, ${localText("c", "name")}, '/' || c.slug || '/' || t.slug,
            ts_rank(setweight(${sql.join(titles, sql` || `)}, 'A'), ${inTitle}), t.id
          from contents t join categories c on c.id = t.category_id join categories p on p.id = c.parent_id
          where (${sql.join(
            titles.map((title) => sql`${title} @@ ${inTitle}`),
            sql` or `,
          )}) and not c.hidden and not p.hidden
      ) s
      order by rank desc, kind, label, id
      limit ${limit}`),
  );
  return rows.map(({ kind, label, context, url }) => ({ kind, label, context, url }));
}

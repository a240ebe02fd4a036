import { localized, type Translations } from "@skillshelf/shared/catalogue-translations.ts";
import type { LanguageCode } from "@skillshelf/shared/i18n/languages.ts";
import { asc, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { categories, contentGroups, contents } from "../db/schema/index.ts";

/** What the catalogue's readers ask of its maps: a language's snapshot makes its rows as they are read. */
interface Lookup<K, V> {
  get(key: K): V | undefined;
  values(): Iterable<V>;
}

/** The visible catalogue without article bodies: small enough to keep in memory. */
export interface CatalogueSnapshot {
  parents: CategoryRow[];
  childrenOf: Lookup<number, CategoryRow[]>;
  bySlug: Lookup<string, CategoryRow>;
  groupsOf: Lookup<number, GroupRow[]>;
  contentsOf: Lookup<number, ContentRow[]>;
  /** Each visible category's slug by its id: the same in every language (a related article's link). */
  slugById: ReadonlyMap<number, string>;
}

/** Which of a row's texts a page in another language shows in English (their API names); absent in English. */
interface Marked {
  untranslated?: string[];
}

export type CategoryRow = Awaited<ReturnType<typeof selectCategories>>[number] & Marked;
type GroupRow = Awaited<ReturnType<typeof selectGroups>>[number] & Marked;
export type ContentRow = Awaited<ReturnType<typeof selectContents>>[number] & Marked;

function selectCategories(db: DbOrTx) {
  return db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      slug: categories.slug,
      name: categories.name,
      icon: categories.icon,
      singleLine: categories.singleLine,
      isHeaderMenu: categories.isHeaderMenu,
      hidden: categories.hidden,
      priceMinor: categories.priceMinor,
      paymentNote: categories.paymentNote,
      metaTitle: categories.metaTitle,
      metaDescription: categories.metaDescription,
      translations: categories.translations,
      updatedAt: categories.updatedAt,
    })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.id));
}

function selectGroups(db: DbOrTx) {
  return db
    .select({
      id: contentGroups.id,
      categoryId: contentGroups.categoryId,
      name: contentGroups.name,
      priceMinor: contentGroups.priceMinor,
      paymentNote: contentGroups.paymentNote,
      translations: contentGroups.translations,
      updatedAt: contentGroups.updatedAt,
    })
    .from(contentGroups)
    .orderBy(asc(contentGroups.sortOrder), asc(contentGroups.id));
}

function selectContents(db: DbOrTx) {
  return db
    .select({
      id: contents.id,
      categoryId: contents.categoryId,
      groupId: contents.groupId,
      slug: contents.slug,
      title: contents.title,
      shortDescription: contents.shortDescription,
      // Of its translations, only what lists show: an article's body is read with the article.
      translations: sql<Translations>`jsonb_strip_nulls(jsonb_build_object(
        'es', (${contents.translations} -> 'es') - 'description' - 'meta_title' - 'meta_description',
        'fr', (${contents.translations} -> 'fr') - 'description' - 'meta_title' - 'meta_description'))`,
      updatedAt: contents.updatedAt,
    })
    .from(contents)
    .orderBy(asc(contents.sortOrder), asc(contents.id));
}

export async function loadSnapshot(db: DbOrTx): Promise<CatalogueSnapshot> {
  const [categoryRows, groupRows, contentRows] = await Promise.all([
    selectCategories(db),
    selectGroups(db),
    selectContents(db),
  ]);
  const hiddenParents = new Set(categoryRows.filter((c) => c.parentId === null && c.hidden).map((c) => c.id));
  const visible = categoryRows.filter((c) => !c.hidden && !(c.parentId !== null && hiddenParents.has(c.parentId)));

  const parents: CategoryRow[] = [];
  const childrenOf = new Map<number, CategoryRow[]>();
  const bySlug = new Map<string, CategoryRow>();
  const slugById = new Map<number, string>();
  const groupsOf = new Map<number, GroupRow[]>();
  const contentsOf = new Map<number, ContentRow[]>();
  for (const category of visible) {
    bySlug.set(category.slug, category);
    slugById.set(category.id, category.slug);
    if (category.parentId === null) parents.push(category);
    else push(childrenOf, category.parentId, category);
  }
  for (const group of groupRows) push(groupsOf, group.categoryId, group);
  for (const content of contentRows) push(contentsOf, content.categoryId, content);
  return { parents, childrenOf, bySlug, groupsOf, contentsOf, slugById };
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Each translatable text of a row: its property, and its API (and translations') name. */
const CATEGORY_TEXTS = {
  name: "name",
  singleLine: "single_line",
  paymentNote: "payment_note",
  metaTitle: "meta_title",
  metaDescription: "meta_description",
} as const;
const GROUP_TEXTS = { name: "name", paymentNote: "payment_note" } as const;
const CONTENT_TEXTS = { title: "title", shortDescription: "short_description" } as const;

/** A row with its texts in `language` (the English ones marked), as `localized` does for API-named items. */
function localizeRow<R extends { translations: Translations } & Marked>(
  row: R,
  texts: Record<string, string>,
  language: LanguageCode,
): R {
  const byName = Object.fromEntries(Object.entries(texts).map(([property, name]) => [name, row[property as keyof R]]));
  const local = localized(byName, Object.values(texts), row.translations, language);
  const out = { ...row };
  for (const [property, name] of Object.entries(texts)) (out as Record<string, unknown>)[property] = local[name];
  if (local.untranslated) out.untranslated = local.untranslated;
  return out;
}

/** `source`'s entries, each value made by `each` when it is read: nothing is kept. */
function readThrough<K, V, W>(source: Lookup<K, V>, each: (value: V) => W): Lookup<K, W> {
  return {
    get(key) {
      const value = source.get(key);
      return value === undefined ? undefined : each(value);
    },
    *values() {
      for (const value of source.values()) yield each(value);
    },
  };
}

/**
 * The snapshot with every text in `language`; in English, the snapshot itself. Its rows are made
 * from the English ones as they are read, not kept: a page reads a few of them, and the whole
 * catalogue again in each language would be held twice more (about 8 MB at 100 times the demo's).
 */
export function localizeSnapshot(snapshot: CatalogueSnapshot, language: LanguageCode): CatalogueSnapshot {
  if (language === "en") return snapshot;
  const category = (row: CategoryRow) => localizeRow(row, CATEGORY_TEXTS, language);
  const list =
    <V>(each: (value: V) => V) =>
    (rows: V[]) =>
      rows.map(each);
  return {
    parents: snapshot.parents.map(category),
    childrenOf: readThrough(snapshot.childrenOf, list(category)),
    bySlug: readThrough(snapshot.bySlug, category),
    groupsOf: readThrough(
      snapshot.groupsOf,
      list((row: GroupRow) => localizeRow(row, GROUP_TEXTS, language)),
    ),
    contentsOf: readThrough(
      snapshot.contentsOf,
      list((row: ContentRow) => localizeRow(row, CONTENT_TEXTS, language)),
    ),
    slugById: snapshot.slugById,
  };
}

/** The marks of `item`'s texts among `names`: what an API object made of them carries. */
export function marksOf(item: Marked, names: readonly string[]): Marked {
  const untranslated = item.untranslated?.filter((name) => names.includes(name));
  return untranslated?.length ? { untranslated } : {};
}

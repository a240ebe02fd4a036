import { localized, type Translations } from "@skillshelf/shared/catalogue-translations.ts";
import type { LanguageCode } from "@skillshelf/shared/i18n/languages.ts";
import { asc, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { categories, contentGroups, contents } from "../db/schema/index.ts";

/** The visible catalogue without article bodies: small enough to keep in memory. */
export interface CatalogueSnapshot {
  parents: CategoryRow[];
  childrenOf: Map<number, CategoryRow[]>;
  bySlug: Map<string, CategoryRow>;
  groupsOf: Map<number, GroupRow[]>;
  contentsOf: Map<number, ContentRow[]>;
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

  const snapshot: CatalogueSnapshot = {
    parents: [],
    childrenOf: new Map(),
    bySlug: new Map(),
    groupsOf: new Map(),
    contentsOf: new Map(),
  };
  for (const category of visible) {
    snapshot.bySlug.set(category.slug, category);
    if (category.parentId === null) snapshot.parents.push(category);
    else push(snapshot.childrenOf, category.parentId, category);
  }
  for (const group of groupRows) push(snapshot.groupsOf, group.categoryId, group);
  for (const content of contentRows) push(snapshot.contentsOf, content.categoryId, content);
  return snapshot;
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

/** The snapshot with every text in `language`; in English, the snapshot itself. */
export function localizeSnapshot(snapshot: CatalogueSnapshot, language: LanguageCode): CatalogueSnapshot {
  if (language === "en") return snapshot;
  const categoriesById = new Map<number, CategoryRow>();
  const category = (row: CategoryRow) => {
    let local = categoriesById.get(row.id);
    if (!local) {
      local = localizeRow(row, CATEGORY_TEXTS, language);
      categoriesById.set(row.id, local);
    }
    return local;
  };
  const mapLists = <V>(map: Map<number, V[]>, each: (value: V) => V) =>
    new Map([...map].map(([key, list]) => [key, list.map(each)]));
  return {
    parents: snapshot.parents.map(category),
    childrenOf: mapLists(snapshot.childrenOf, category),
    bySlug: new Map([...snapshot.bySlug].map(([slug, row]) => [slug, category(row)])),
    groupsOf: mapLists(snapshot.groupsOf, (row) => localizeRow(row, GROUP_TEXTS, language)),
    contentsOf: mapLists(snapshot.contentsOf, (row) => localizeRow(row, CONTENT_TEXTS, language)),
  };
}

/** The marks of `item`'s texts among `names`: what an API object made of them carries. */
export function marksOf(item: Marked, names: readonly string[]): Marked {
  const untranslated = item.untranslated?.filter((name) => names.includes(name));
  return untranslated?.length ? { untranslated } : {};
}

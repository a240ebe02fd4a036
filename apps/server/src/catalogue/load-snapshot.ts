import { asc } from "drizzle-orm";
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

export type CategoryRow = Awaited<ReturnType<typeof selectCategories>>[number];
type GroupRow = Awaited<ReturnType<typeof selectGroups>>[number];
export type ContentRow = Awaited<ReturnType<typeof selectContents>>[number];

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

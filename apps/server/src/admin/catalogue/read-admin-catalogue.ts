import type {
  AdminArtefactNode,
  AdminCataloguePage,
  AdminCategory,
  AdminContent,
  AdminContentSummary,
  AdminGroup,
  AdminMedia,
  AdminParentNode,
  AdminRelatedRef,
} from "@skillshelf/shared/admin-forms.ts";
import type { AdminChoice } from "@skillshelf/shared/api.ts";
import type { PageRequest } from "@skillshelf/shared/paging.ts";
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, min, ne, notInArray, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import {
  categories,
  contentGroups,
  contentMedia,
  contents,
  orderLines,
  relatedContents,
} from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { containsPattern, searchTerm } from "../../lib/like-pattern.ts";
import {
  type KeysetSide,
  keysetPage,
  PAGE,
  PAST,
  PAST_OF,
  type Part,
  partColumn,
  unionOf,
} from "../../paging/keyset-page.ts";
import type { ListKey, PageCursors } from "../../paging/page-cursors.ts";
import { toMajor } from "./catalogue-write.ts";

type CategoryRow = typeof categories.$inferSelect;
type GroupRow = typeof contentGroups.$inferSelect;
type ContentRow = Pick<
  typeof contents.$inferSelect,
  "id" | "categoryId" | "groupId" | "slug" | "title" | "shortDescription"
>;

export const toAdminCategory = (row: CategoryRow, currency: string): AdminCategory => ({
  id: row.id,
  parent_id: row.parentId ?? 0,
  slug: row.slug,
  name: row.name,
  icon: row.icon,
  single_line: row.singleLine,
  is_header_menu: row.isHeaderMenu,
  hidden: row.hidden,
  price: toMajor(row.priceMinor, currency),
  payment_note: row.paymentNote,
  // Parents are never sold, so they have none.
  ...(row.parentId === null ? {} : { tax_class: row.taxClass }),
  meta_title: row.metaTitle,
  meta_description: row.metaDescription,
  translations: row.translations,
});

export const toAdminGroup = (row: GroupRow, sold: boolean, currency: string): AdminGroup => ({
  id: row.id,
  category_id: row.categoryId,
  name: row.name,
  price: toMajor(row.priceMinor, currency),
  payment_note: row.paymentNote,
  tax_class: row.taxClass,
  sold,
  translations: row.translations,
});

const summaryColumns = {
  id: contents.id,
  categoryId: contents.categoryId,
  groupId: contents.groupId,
  slug: contents.slug,
  title: contents.title,
  shortDescription: contents.shortDescription,
};

const mediaColumns = {
  id: contentMedia.id,
  contentId: contentMedia.contentId,
  name: contentMedia.name,
  mimetype: contentMedia.mimetype,
  size: contentMedia.size,
  translations: contentMedia.translations,
};

/** Media (never their bytes) and related links of some contents, keyed by content id. */
async function attachmentsOf(db: DbOrTx, contentIds: number[]) {
  const relatedQuery = db
    .select({
      contentId: relatedContents.contentId,
      id: contents.id,
      slug: contents.slug,
      title: contents.title,
      categorySlug: categories.slug,
    })
    .from(relatedContents)
    .innerJoin(contents, eq(contents.id, relatedContents.relatedId))
    .innerJoin(categories, eq(categories.id, contents.categoryId));
  const [media, related] =
    contentIds.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select(mediaColumns)
            .from(contentMedia)
            .where(inArray(contentMedia.contentId, contentIds))
            .orderBy(asc(contentMedia.sortOrder), asc(contentMedia.id)),
          relatedQuery
            .where(inArray(relatedContents.contentId, contentIds))
            .orderBy(asc(relatedContents.sortOrder), asc(relatedContents.relatedId)),
        ]);
  const mediaOf = new Map<number, AdminMedia[]>();
  for (const m of media) {
    const list = mediaOf.get(m.contentId) ?? [];
    list.push({ id: m.id, name: m.name, mimetype: m.mimetype, size: m.size, translations: m.translations });
    mediaOf.set(m.contentId, list);
  }
  const relatedOf = new Map<number, AdminRelatedRef[]>();
  for (const r of related) {
    const list = relatedOf.get(r.contentId) ?? [];
    list.push({ id: r.id, slug: r.slug, title: r.title, category_slug: r.categorySlug });
    relatedOf.set(r.contentId, list);
  }
  return (row: ContentRow): AdminContentSummary => ({
    id: row.id,
    category_id: row.categoryId,
    group_id: row.groupId,
    slug: row.slug,
    title: row.title,
    short_description: row.shortDescription,
    media: mediaOf.get(row.id) ?? [],
    related: relatedOf.get(row.id) ?? [],
  });
}

/**
 * Of these artefacts and their groups, those an order bought (an artefact also
 * through one of its groups): never deleted. One index range per artefact
 * (order_lines_category_idx), whatever the history holds.
 */
async function soldAmong(db: DbOrTx, artefactIds: number[]) {
  const lines =
    artefactIds.length === 0
      ? []
      : await db
          .selectDistinct({ categoryId: orderLines.categoryId, groupId: orderLines.groupId })
          .from(orderLines)
          .where(inArray(orderLines.categoryId, artefactIds));
  return {
    categories: new Set(lines.map((l) => l.categoryId)),
    groups: new Set(lines.flatMap((l) => (l.groupId === null ? [] : [l.groupId]))),
  };
}

/**
 * The lowest price of the groups sold on their own, by artefact: what a closed
 * row of the tree shows for an artefact sold group by group (one grouped read
 * of content_groups_category_idx's ranges, whatever the page has open).
 */
async function lowestGroupPrices(db: DbOrTx, artefactIds: number[]): Promise<Map<number, number>> {
  const rows =
    artefactIds.length === 0
      ? []
      : await db
          .select({ categoryId: contentGroups.categoryId, lowest: min(contentGroups.priceMinor) })
          .from(contentGroups)
          .where(and(inArray(contentGroups.categoryId, artefactIds), isNotNull(contentGroups.priceMinor)))
          .groupBy(contentGroups.categoryId);
  return new Map(rows.flatMap((r) => (r.lowest === null ? [] : [[r.categoryId, r.lowest] as const])));
}

/** Rows grouped by a key, in their order. */
function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
}

/**
 * Artefacts as the editor's tree shows them: each with its groups and contents
 * when `open` has it ("all": every one), else with none (a closed row).
 */
async function artefactNodes(
  db: DbOrTx,
  artefacts: CategoryRow[],
  open: "all" | ReadonlySet<number>,
  currency: string,
): Promise<AdminArtefactNode[]> {
  const openIds = artefacts.map((a) => a.id).filter((id) => open === "all" || open.has(id));
  const [groupRows, contentRows, sold, lowest] = await Promise.all([
    openIds.length === 0
      ? []
      : db
          .select()
          .from(contentGroups)
          .where(inArray(contentGroups.categoryId, openIds))
          .orderBy(asc(contentGroups.sortOrder), asc(contentGroups.id)),
    openIds.length === 0
      ? []
      : db
          .select(summaryColumns)
          .from(contents)
          .where(inArray(contents.categoryId, openIds))
          .orderBy(asc(contents.sortOrder), asc(contents.id)),
    soldAmong(
      db,
      artefacts.map((a) => a.id),
    ),
    lowestGroupPrices(
      db,
      artefacts.map((a) => a.id),
    ),
  ]);
  const summarize = await attachmentsOf(
    db,
    contentRows.map((c) => c.id),
  );
  const groupsOf = groupBy(groupRows, (g) => g.categoryId);
  const contentsOf = groupBy(contentRows, (c) => `${c.categoryId}/${c.groupId ?? ""}`);
  const contentsIn = (artefactId: number, groupId: number | null) =>
    (contentsOf.get(`${artefactId}/${groupId ?? ""}`) ?? []).map(summarize);
  return artefacts.map((artefact) => ({
    ...toAdminCategory(artefact, currency),
    sold: sold.categories.has(artefact.id),
    lowest_group_price: toMajor(lowest.get(artefact.id) ?? null, currency),
    groups: (groupsOf.get(artefact.id) ?? []).map((g) => ({
      ...toAdminGroup(g, sold.groups.has(g.id), currency),
      contents: contentsIn(artefact.id, g.id),
    })),
    contents: contentsIn(artefact.id, null),
  }));
}

/**
 * What a search of the editor keeps of a parent's artefacts, as its tree shows
 * them: all of them when the parent's name matches; else those whose name or
 * slug matches (whole), or that hold a group or content that matches (only
 * that: a group whose name matches keeps its contents).
 */
function keptBySearch(parent: AdminParentNode, term: string): AdminArtefactNode[] {
  const hit = (text: string) => text.toLowerCase().includes(term);
  if (hit(parent.name)) return parent.artefacts;
  return parent.artefacts.flatMap((artefact) => {
    if (hit(artefact.name) || hit(artefact.slug)) return [artefact];
    const groups = artefact.groups
      .map((g) => (hit(g.name) ? g : { ...g, contents: g.contents.filter((c) => hit(c.title)) }))
      .filter((g) => hit(g.name) || g.contents.length > 0);
    const contents = artefact.contents.filter((c) => hit(c.title));
    return groups.length > 0 || contents.length > 0 ? [{ ...artefact, groups, contents }] : [];
  });
}

/**
 * The parents a search finds: by name, or holding an artefact (name or slug),
 * group or content (title) it finds; each match through a trigram index.
 */
const parentsMatching = (term: string): SQL => {
  const like = containsPattern(term);
  return sql`(${categories.name} ilike ${like} or ${categories.id} in (
    select a.parent_id from categories a where a.name ilike ${like} or a.slug ilike ${like}
    union select a.parent_id from content_groups g join categories a on a.id = g.category_id where g.name ilike ${like}
    union select a.parent_id from contents t join categories a on a.id = t.category_id where t.title ilike ${like}))`;
};

/**
 * The parents' keyset: their order (sort_order, id), which the partial index
 * categories_parents_order_idx holds. A cursor holds the sort order shifted to
 * be non-negative. keysetPage reads its "<" side as the next page, which here
 * is the rows after the key in that order.
 */
const SORT_SHIFT = 2 ** 31;
const AFTER: Record<string, { op: string; order: "asc" | "desc" }> = {
  "<": { op: ">", order: "asc" },
  "<=": { op: ">=", order: "asc" },
  ">": { op: "<", order: "desc" },
  ">=": { op: "<=", order: "desc" },
};

/**
 * The query of a page of parents from `side` (null: the first), at most
 * `limit`, those a search term finds, with the parent past the cursor
 * (keyset-page.ts); the parents' index serves its order.
 */
export function selectParents(db: DbOrTx, term: string | undefined) {
  const select = (op: string | undefined, key: ListKey | undefined, limit: number, part: Part) => {
    const after = op ? AFTER[op] : undefined;
    const beyond =
      key && after
        ? sql`(${categories.sortOrder}, ${categories.id}) ${sql.raw(after.op)} (${Number(key.atMicros) - SORT_SHIFT}, ${key.id})`
        : undefined;
    const order = after?.order === "desc" ? desc : asc;
    return db
      .select({
        row: categories,
        keyAt: sql<string>`(${categories.sortOrder}::bigint + ${SORT_SHIFT})::text`,
        keyId: categories.id,
        part: partColumn(part),
      })
      .from(categories)
      .where(and(isNull(categories.parentId), term === undefined ? undefined : parentsMatching(term), beyond))
      .orderBy(order(categories.sortOrder), order(categories.id))
      .limit(limit);
  };
  return (side: KeysetSide, limit: number) =>
    side
      ? unionOf(select(side.op, side.key, limit, PAGE), select(PAST_OF[side.op], side.key, 1, PAST))
      : select(undefined, undefined, limit, PAGE);
}

export interface CatalogueTreeRequest {
  cursors: PageCursors;
  page: PageRequest;
  /** Part of a name, slug or title: the tree keeps what matches it, open. */
  search?: string | undefined;
  /** The artefacts shown with their groups and contents: "all", or these (a search opens what it keeps). */
  open: "all" | ReadonlySet<number>;
}

/**
 * A page of the editor's tree, hidden parts included, in display order: up to
 * `limit` parents with their artefacts, and the groups and contents of the
 * open ones. Its cost follows the page, not the catalogue: the parents are an
 * index range (categories_parents_order_idx), everything else is read by the page's ids.
 */
export async function readAdminCatalogue(
  db: DbOrTx,
  currency: string,
  request: CatalogueTreeRequest,
): Promise<AdminCataloguePage> {
  const term = searchTerm(request.search);
  const page = await keysetPage({
    cursors: request.cursors,
    list: "admin-catalogue",
    scope: term ?? "",
    request: request.page,
    fetch: selectParents(db, term),
    toRows: (records) => records.map((r) => r.row),
  });
  const parentIds = page.rows.map((p) => p.id);
  const artefactRows =
    parentIds.length === 0
      ? []
      : await db
          .select()
          .from(categories)
          .where(inArray(categories.parentId, parentIds))
          .orderBy(asc(categories.sortOrder), asc(categories.id));
  const artefacts = await artefactNodes(db, artefactRows, term === undefined ? request.open : "all", currency);
  const artefactsOf = groupBy(artefacts, (a) => a.parent_id);
  const parents = page.rows.map((parent) => {
    const node = { ...toAdminCategory(parent, currency), artefacts: artefactsOf.get(parent.id) ?? [] };
    return term === undefined ? node : { ...node, artefacts: keptBySearch(node, term) };
  });
  return {
    currency,
    categories: parents,
    next_cursor: page.next_cursor,
    prev_cursor: page.prev_cursor,
    limit: page.limit,
  };
}

/**
 * The artefact an editor works in, with its groups and contents, wherever it
 * is in the tree: the artefact itself ("category"), or the one holding the
 * group or content; null when there is none.
 */
export async function readAdminArtefact(
  db: DbOrTx,
  currency: string,
  of: { kind: "category" | "group" | "content"; id: number },
): Promise<AdminArtefactNode | null> {
  const artefactId =
    of.kind === "category"
      ? sql`${of.id}::int`
      : of.kind === "group"
        ? sql`(select ${contentGroups.categoryId} from ${contentGroups} where ${contentGroups.id} = ${of.id})`
        : sql`(select ${contents.categoryId} from ${contents} where ${contents.id} = ${of.id})`;
  const [row] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.id, artefactId), isNotNull(categories.parentId)));
  if (!row) return null;
  const [node] = await artefactNodes(db, [row], "all", currency);
  return node ?? null;
}

/** One category (a parent or an artefact) as its form edits it; null when there is none. */
export async function readAdminCategory(db: DbOrTx, currency: string, id: number): Promise<AdminCategory | null> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  return row ? toAdminCategory(row, currency) : null;
}

/** How many parents an artefact's form offers at most, besides its own. */
const PARENT_CHOICES = 50;

/**
 * What an artefact may be moved under: its `current` parent, then at most
 * PARENT_CHOICES others in the catalogue's order (categories_parents_order_idx),
 * or those whose name has `search` (categories_name_trgm_idx).
 */
export async function readParentChoices(
  db: DbOrTx,
  options: { current: number; search?: string | undefined },
): Promise<AdminChoice[]> {
  const term = searchTerm(options.search);
  const parents = (where: SQL | undefined) =>
    db
      .select({ id: categories.id, label: categories.name })
      .from(categories)
      .where(and(isNull(categories.parentId), where))
      .orderBy(asc(categories.sortOrder), asc(categories.id))
      .limit(PARENT_CHOICES);
  const [current, found] = await Promise.all([
    parents(eq(categories.id, options.current)),
    parents(
      and(
        ne(categories.id, options.current),
        term === undefined ? undefined : ilike(categories.name, containsPattern(term)),
      ),
    ),
  ]);
  return [...current, ...found];
}

/** How many contents a related-content search offers at most, besides the related ones. */
const RELATED_CHOICES = 50;

/**
 * What a content's related links may be chosen from: its related ones, in
 * their order, then contents whose title has `search` (trigram index), or
 * without a search those of its own artefact: at most RELATED_CHOICES of
 * those, each named "Artefact › Title"; the content itself left out.
 */
export async function readRelatedChoices(
  db: DbOrTx,
  options: { contentId: number; search?: string | undefined },
): Promise<AdminChoice[]> {
  const { contentId } = options;
  const term = searchTerm(options.search);
  const label = { id: contents.id, title: contents.title, artefact: categories.name };
  const relatedIds = db
    .select({ id: relatedContents.relatedId })
    .from(relatedContents)
    .where(eq(relatedContents.contentId, contentId));
  const [related, found] = await Promise.all([
    db
      .select(label)
      .from(relatedContents)
      .innerJoin(contents, eq(contents.id, relatedContents.relatedId))
      .innerJoin(categories, eq(categories.id, contents.categoryId))
      .where(eq(relatedContents.contentId, contentId))
      .orderBy(asc(relatedContents.sortOrder), asc(relatedContents.relatedId)),
    db
      .select(label)
      .from(contents)
      .innerJoin(categories, eq(categories.id, contents.categoryId))
      .where(
        and(
          ne(contents.id, contentId),
          notInArray(contents.id, relatedIds),
          term === undefined
            ? eq(
                contents.categoryId,
                sql`(select ${contents.categoryId} from ${contents} where ${contents.id} = ${contentId})`,
              )
            : ilike(contents.title, containsPattern(term)),
        ),
      )
      .orderBy(asc(categories.sortOrder), asc(categories.id), asc(contents.sortOrder), asc(contents.id))
      .limit(RELATED_CHOICES),
  ]);
  return [...related, ...found].map((r) => ({ id: r.id, label: `${r.artefact} › ${r.title}` }));
}

/** One content with its stored (sanitized) article, for the editor. */
export async function readAdminContent(db: DbOrTx, id: number): Promise<AdminContent> {
  const [row] = await db
    .select({
      ...summaryColumns,
      description: contents.description,
      metaTitle: contents.metaTitle,
      metaDescription: contents.metaDescription,
      translations: contents.translations,
    })
    .from(contents)
    .where(eq(contents.id, id));
  if (!row) throw new AppError("not_found", "Content not found");
  const summarize = await attachmentsOf(db, [id]);
  return {
    ...summarize(row),
    description: row.description,
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
    translations: row.translations,
  };
}

/** Whether an order line points at the artefact (whole, or through one of its groups). */
export async function artefactSold(db: DbOrTx, categoryId: number): Promise<boolean> {
  const [line] = await db
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(eq(orderLines.categoryId, categoryId))
    .limit(1);
  return line !== undefined;
}

export async function groupSold(db: DbOrTx, groupId: number): Promise<boolean> {
  const [line] = await db
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(eq(orderLines.groupId, groupId))
    .limit(1);
  return line !== undefined;
}

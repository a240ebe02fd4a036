import type {
  AdminCatalogueTree,
  AdminCategory,
  AdminContent,
  AdminContentSummary,
  AdminGroup,
  AdminMedia,
  AdminRelatedRef,
} from "@skillshelf/shared/admin-forms.ts";
import { asc, eq, inArray } from "drizzle-orm";
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
  meta_title: row.metaTitle,
  meta_description: row.metaDescription,
});

export const toAdminGroup = (row: GroupRow, sold: boolean, currency: string): AdminGroup => ({
  id: row.id,
  category_id: row.categoryId,
  name: row.name,
  price: toMajor(row.priceMinor, currency),
  payment_note: row.paymentNote,
  sold,
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
};

/** Media (never their bytes) and related links of some contents, keyed by content id. */
async function attachmentsOf(db: DbOrTx, contentIds: number[] | "all") {
  const mediaQuery = db.select(mediaColumns).from(contentMedia);
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
  const [media, related] = await Promise.all([
    (contentIds === "all" ? mediaQuery : mediaQuery.where(inArray(contentMedia.contentId, contentIds))).orderBy(
      asc(contentMedia.sortOrder),
      asc(contentMedia.id),
    ),
    (contentIds === "all" ? relatedQuery : relatedQuery.where(inArray(relatedContents.contentId, contentIds))).orderBy(
      asc(relatedContents.sortOrder),
      asc(relatedContents.relatedId),
    ),
  ]);
  const mediaOf = new Map<number, AdminMedia[]>();
  for (const m of media) {
    const list = mediaOf.get(m.contentId) ?? [];
    list.push({ id: m.id, name: m.name, mimetype: m.mimetype, size: m.size });
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

/** Artefacts and groups that some order bought (an artefact also through one of its groups): never deleted. */
export async function soldIds(db: DbOrTx) {
  const lines = await db
    .selectDistinct({ categoryId: orderLines.categoryId, groupId: orderLines.groupId })
    .from(orderLines);
  return {
    categories: new Set(lines.map((l) => l.categoryId)),
    groups: new Set(lines.flatMap((l) => (l.groupId === null ? [] : [l.groupId]))),
  };
}

/** The whole catalogue for the editor, hidden parts included, in display order. */
export async function readAdminCatalogue(db: DbOrTx, currency: string): Promise<AdminCatalogueTree> {
  const [categoryRows, groupRows, contentRows, summarize, sold] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.id)),
    db.select().from(contentGroups).orderBy(asc(contentGroups.sortOrder), asc(contentGroups.id)),
    db.select(summaryColumns).from(contents).orderBy(asc(contents.sortOrder), asc(contents.id)),
    attachmentsOf(db, "all"),
    soldIds(db),
  ]);
  const contentsOf = (categoryId: number, groupId: number | null) =>
    contentRows.filter((c) => c.categoryId === categoryId && c.groupId === groupId).map(summarize);
  const artefactsOf = (parentId: number) =>
    categoryRows
      .filter((c) => c.parentId === parentId)
      .map((artefact) => ({
        ...toAdminCategory(artefact, currency),
        sold: sold.categories.has(artefact.id),
        groups: groupRows
          .filter((g) => g.categoryId === artefact.id)
          .map((g) => ({
            ...toAdminGroup(g, sold.groups.has(g.id), currency),
            contents: contentsOf(artefact.id, g.id),
          })),
        contents: contentsOf(artefact.id, null),
      }));
  return {
    currency,
    categories: categoryRows
      .filter((c) => c.parentId === null)
      .map((parent) => ({ ...toAdminCategory(parent, currency), artefacts: artefactsOf(parent.id) })),
  };
}

/** One content with its stored (sanitized) article, for the editor. */
export async function readAdminContent(db: DbOrTx, id: number): Promise<AdminContent> {
  const [row] = await db
    .select({
      ...summaryColumns,
      description: contents.description,
      metaTitle: contents.metaTitle,
      metaDescription: contents.metaDescription,
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

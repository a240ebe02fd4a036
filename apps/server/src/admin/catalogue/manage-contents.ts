import {
  ADMIN_MESSAGES,
  type AdminContent,
  type ContentCreate,
  type ContentUpdate,
} from "@skillshelf/shared/admin-forms.ts";
import { and, asc, eq, inArray, max } from "drizzle-orm";
import { auditChange } from "../../audit/audit-trail.ts";
import { sanitizeArticleHtml } from "../../catalogue/sanitize-html.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { contentGroups, contents, relatedContents } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { notifyNewArticles } from "../../notifications/notifications.ts";
import { catalogueWrite, reorderIds, writeSortOrders } from "./catalogue-write.ts";
import { assertContentSlugFree } from "./check-slugs.ts";
import { findArtefact } from "./manage-groups.ts";
import { readAdminContent } from "./read-admin-catalogue.ts";

const MAX_ARTICLE = 200000;

/**
 * The article as it will be stored and served. Sanitizing can lengthen links
 * (rel, target), and the stored article must still fit the catalogue file.
 */
export function sanitizeArticle(html: string): string {
  const clean = sanitizeArticleHtml(html);
  if (clean.length > MAX_ARTICLE) {
    const message = `The article must be at most ${MAX_ARTICLE} characters`;
    throw new AppError("invalid", message, { description: message });
  }
  return clean;
}

async function findContent(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({ id: contents.id, categoryId: contents.categoryId, slug: contents.slug })
    .from(contents)
    .where(eq(contents.id, id));
  if (!row) throw new AppError("not_found", "Content not found");
  return row;
}

async function assertGroupOf(tx: DbOrTx, categoryId: number, groupId: number | null): Promise<void> {
  if (groupId === null) return;
  const [group] = await tx
    .select({ id: contentGroups.id })
    .from(contentGroups)
    .where(and(eq(contentGroups.id, groupId), eq(contentGroups.categoryId, categoryId)));
  if (!group) throw new AppError("invalid", ADMIN_MESSAGES.groupElsewhere, { group_id: ADMIN_MESSAGES.groupElsewhere });
}

export async function createContent(db: Db, categoryId: number, input: ContentCreate): Promise<AdminContent> {
  const description = sanitizeArticle(input.description);
  const id = await catalogueWrite(db, async (tx) => {
    await findArtefact(tx, categoryId);
    await assertGroupOf(tx, categoryId, input.group_id);
    await assertContentSlugFree(tx, { categoryId, slug: input.slug });
    const [last] = await tx
      .select({ last: max(contents.sortOrder) })
      .from(contents)
      .where(eq(contents.categoryId, categoryId));
    const [row] = await tx
      .insert(contents)
      .values({
        categoryId,
        groupId: input.group_id,
        slug: input.slug,
        title: input.title,
        shortDescription: input.short_description,
        description,
        metaTitle: input.meta_title,
        metaDescription: input.meta_description,
        sortOrder: (last?.last ?? -1) + 1,
      })
      .returning({ id: contents.id });
    if (!row) throw new Error("content insert returned nothing");
    // Learners who own the artefact (or the article's group) hear of it.
    await notifyNewArticles(tx, [row.id], new Date());
    auditChange({ object: { type: "content", id: row.id }, after: { slug: input.slug, title: input.title } });
    return row.id;
  });
  return readAdminContent(db, id);
}

/** Changes the fields sent; a new group must be one of the same artefact (null: ungrouped). */
export async function updateContent(db: Db, id: number, input: ContentUpdate): Promise<AdminContent> {
  const description = input.description === undefined ? undefined : sanitizeArticle(input.description);
  await catalogueWrite(db, async (tx) => {
    const row = await findContent(tx, id);
    if (input.group_id !== undefined) await assertGroupOf(tx, row.categoryId, input.group_id);
    if (input.slug !== undefined && input.slug !== row.slug) {
      await assertContentSlugFree(tx, { categoryId: row.categoryId, slug: input.slug, exceptId: id });
    }
    await tx
      .update(contents)
      .set({
        slug: input.slug,
        title: input.title,
        shortDescription: input.short_description,
        description,
        metaTitle: input.meta_title,
        metaDescription: input.meta_description,
        groupId: input.group_id,
        updatedAt: new Date(),
      })
      .where(eq(contents.id, id));
  });
  return readAdminContent(db, id);
}

/** Contents are never sold on their own: deleting one takes its media and related links with it. */
export async function deleteContent(db: Db, id: number): Promise<void> {
  await catalogueWrite(db, async (tx) => {
    await findContent(tx, id);
    await tx.delete(contents).where(eq(contents.id, id));
  });
}

/**
 * Orders an artefact's contents. Listings show them by group, so sending one
 * group's contents orders that group; the rest keep their order after them.
 */
export async function reorderContents(db: Db, categoryId: number, ids: number[]): Promise<void> {
  await catalogueWrite(db, async (tx) => {
    await findArtefact(tx, categoryId);
    const current = await tx
      .select({ id: contents.id })
      .from(contents)
      .where(eq(contents.categoryId, categoryId))
      .orderBy(asc(contents.sortOrder), asc(contents.id));
    const order = reorderIds(
      current.map((c) => c.id),
      ids,
    );
    await writeSortOrders(order, (id, sortOrder) => tx.update(contents).set({ sortOrder }).where(eq(contents.id, id)));
  });
}

/** Replaces the related contents of a content, in the order given; any artefact's contents may be linked. */
export async function setRelated(db: Db, id: number, ids: number[]): Promise<AdminContent> {
  await catalogueWrite(db, async (tx) => {
    await findContent(tx, id);
    if (ids.includes(id)) {
      throw new AppError("invalid", ADMIN_MESSAGES.relatedSelf, { ids: ADMIN_MESSAGES.relatedSelf });
    }
    const found = ids.length
      ? await tx.select({ id: contents.id }).from(contents).where(inArray(contents.id, ids))
      : [];
    if (found.length !== ids.length) {
      throw new AppError("invalid", ADMIN_MESSAGES.relatedMissing, { ids: ADMIN_MESSAGES.relatedMissing });
    }
    await tx.delete(relatedContents).where(eq(relatedContents.contentId, id));
    if (ids.length) {
      await tx
        .insert(relatedContents)
        .values(ids.map((relatedId, sortOrder) => ({ contentId: id, relatedId, sortOrder })));
    }
  });
  return readAdminContent(db, id);
}

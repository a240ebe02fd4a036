import {
  ADMIN_MESSAGES,
  type AdminCategory,
  type CategoryCreate,
  type CategoryUpdate,
} from "@skillshelf/shared/admin-forms.ts";
import { valuedMessage } from "@skillshelf/shared/i18n/valued-messages.ts";
import { and, asc, eq, isNull, max } from "drizzle-orm";
import { auditChange, auditUpdate } from "../../audit/audit-trail.ts";
import { iconExists } from "../../catalogue/icon-sets.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { categories, contentGroups, contents } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { isForeignKeyViolation } from "../../lib/db-errors.ts";
import { catalogueWrite, reorderIds, toMinor, writeSortOrders } from "./catalogue-write.ts";
import { assertCategorySlugFree } from "./check-slugs.ts";
import { artefactSold, toAdminCategory } from "./read-admin-catalogue.ts";

const CHOOSE_PARENT = "Choose a parent category.";

const siblingsOf = (parentId: number | null) =>
  parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId);

async function findCategory(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(categories).where(eq(categories.id, id));
  if (!row) throw new AppError("not_found", "Category not found");
  return row;
}

/** An artefact's parent must be a parent category: the tree has two levels. */
async function assertParent(tx: DbOrTx, parentId: number): Promise<void> {
  const [row] = await tx.select({ parentId: categories.parentId }).from(categories).where(eq(categories.id, parentId));
  if (!row || row.parentId !== null) throw new AppError("invalid", CHOOSE_PARENT, { parent_id: CHOOSE_PARENT });
}

/** Parents are never sold, so a price on one would mean nothing. */
function assertNoParentPrice(price: number | null | undefined): void {
  if (price !== null && price !== undefined) {
    throw new AppError("invalid", ADMIN_MESSAGES.parentNoPrice, { price: ADMIN_MESSAGES.parentNoPrice });
  }
}

/** The form checks a name's shape; only the server has the sets to say that one has it. */
function assertIconKnown(icon: string | undefined): void {
  if (icon !== undefined && !iconExists(icon)) {
    throw new AppError("invalid", ADMIN_MESSAGES.iconUnknown, { icon: ADMIN_MESSAGES.iconUnknown });
  }
}

async function nextSortOrder(tx: DbOrTx, parentId: number | null): Promise<number> {
  const [row] = await tx
    .select({ last: max(categories.sortOrder) })
    .from(categories)
    .where(siblingsOf(parentId));
  return (row?.last ?? -1) + 1;
}

/** A parent category (parent_id null) or an artefact under a parent, last among its siblings. */
export async function createCategory(db: Db, input: CategoryCreate, currency: string): Promise<AdminCategory> {
  return catalogueWrite(db, async (tx) => {
    const parentId = input.parent_id;
    assertIconKnown(input.icon);
    if (parentId === null) assertNoParentPrice(input.price);
    else await assertParent(tx, parentId);
    await assertCategorySlugFree(tx, input.slug);
    const [row] = await tx
      .insert(categories)
      .values({
        parentId,
        slug: input.slug,
        name: input.name,
        icon: input.icon,
        singleLine: input.single_line,
        isHeaderMenu: input.is_header_menu,
        hidden: input.hidden,
        sortOrder: await nextSortOrder(tx, parentId),
        priceMinor: parentId === null ? null : toMinor(input.price, currency),
        paymentNote: parentId === null ? null : input.payment_note,
        taxClass: parentId === null ? "standard" : input.tax_class,
        metaTitle: input.meta_title,
        metaDescription: input.meta_description,
      })
      .returning();
    if (!row) throw new Error("category insert returned nothing");
    auditChange({
      object: { type: "category", id: row.id },
      after: { slug: row.slug, name: row.name, priceMinor: row.priceMinor },
    });
    return toAdminCategory(row, currency);
  });
}

/** Changes the fields sent. An artefact may move to another parent; neither level can become the other. */
export async function updateCategory(
  db: Db,
  id: number,
  input: CategoryUpdate,
  currency: string,
): Promise<AdminCategory> {
  return catalogueWrite(db, async (tx) => {
    const row = await findCategory(tx, id);
    // An icon a set no longer has may stay: only a new choice is checked.
    if (input.icon !== row.icon) assertIconKnown(input.icon);
    const isParent = row.parentId === null;
    let parentId = row.parentId;
    let sortOrder = row.sortOrder;
    if (input.parent_id !== undefined && input.parent_id !== row.parentId) {
      if (isParent || input.parent_id === null) {
        const message = isParent
          ? "A parent category cannot become an artefact."
          : "An artefact cannot become a parent category.";
        throw new AppError("invalid", message, { parent_id: message });
      }
      await assertParent(tx, input.parent_id);
      parentId = input.parent_id;
      sortOrder = await nextSortOrder(tx, parentId);
    }
    if (isParent) assertNoParentPrice(input.price);
    if (input.slug !== undefined && input.slug !== row.slug) await assertCategorySlugFree(tx, input.slug, id);
    const [updated] = await tx
      .update(categories)
      .set({
        parentId,
        sortOrder,
        slug: input.slug,
        name: input.name,
        icon: input.icon,
        singleLine: input.single_line,
        isHeaderMenu: input.is_header_menu,
        hidden: input.hidden,
        ...(isParent ? {} : { priceMinor: input.price === undefined ? undefined : toMinor(input.price, currency) }),
        ...(isParent ? {} : { paymentNote: input.payment_note, taxClass: input.tax_class }),
        metaTitle: input.meta_title,
        metaDescription: input.meta_description,
        updatedAt: new Date(),
      })
      .where(eq(categories.id, id))
      .returning();
    if (!updated) throw new AppError("not_found", "Category not found");
    auditUpdate({ type: "category", id }, row, updated);
    return toAdminCategory(updated, currency);
  });
}

/**
 * Deletes an empty parent, or an artefact with its groups, contents and media.
 * Orders keep pointing at what they sold, so a sold artefact is refused: the
 * operator hides it instead.
 */
export async function deleteCategory(db: Db, id: number): Promise<void> {
  let name = "";
  try {
    await catalogueWrite(db, async (tx) => {
      const row = await findCategory(tx, id);
      name = row.name;
      if (row.parentId === null) {
        const [child] = await tx.select({ id: categories.id }).from(categories).where(siblingsOf(id)).limit(1);
        if (child) {
          throw new AppError("conflict", valuedMessage("parentHasArtefacts", { name: row.name }));
        }
      } else if (await artefactSold(tx, id)) {
        throw new AppError("conflict", valuedMessage("soldCategory", { name: row.name }));
      }
      // Media and related links go with their contents; cart lines with the groups and the category.
      await tx.delete(contents).where(eq(contents.categoryId, id));
      await tx.delete(contentGroups).where(eq(contentGroups.categoryId, id));
      await tx.delete(categories).where(eq(categories.id, id));
    });
  } catch (error) {
    // An order placed between the check and the delete still holds the row.
    if (isForeignKeyViolation(error)) throw new AppError("conflict", valuedMessage("soldCategory", { name }));
    throw error;
  }
}

/** Orders the parents (parent_id null) or one parent's artefacts. */
export async function reorderCategories(db: Db, input: { parent_id: number | null; ids: number[] }): Promise<void> {
  await catalogueWrite(db, async (tx) => {
    if (input.parent_id !== null) await assertParent(tx, input.parent_id);
    const current = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(siblingsOf(input.parent_id))
      .orderBy(asc(categories.sortOrder), asc(categories.id));
    const order = reorderIds(
      current.map((c) => c.id),
      input.ids,
    );
    await writeSortOrders(order, (id, sortOrder) =>
      tx
        .update(categories)
        .set({ sortOrder })
        .where(and(eq(categories.id, id), siblingsOf(input.parent_id))),
    );
  });
}

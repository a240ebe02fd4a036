import type { AdminGroup, GroupCreate, GroupUpdate } from "@skillshelf/shared/admin-forms.ts";
import { valuedMessage } from "@skillshelf/shared/i18n/valued-messages.ts";
import { and, asc, eq, max, ne, sql } from "drizzle-orm";
import { auditChange, auditUpdate } from "../../audit/audit-trail.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { categories, contentGroups, contents } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { isForeignKeyViolation } from "../../lib/db-errors.ts";
import { catalogueWrite, reorderIds, toMinor, writeSortOrders } from "./catalogue-write.ts";
import { groupSold, toAdminGroup } from "./read-admin-catalogue.ts";

/** Groups, contents and prices live on artefacts; a parent category only lists artefacts. */
export async function findArtefact(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.id, id));
  if (!row) throw new AppError("not_found", "Category not found");
  if (row.parentId === null) {
    throw new AppError("invalid", "Groups and contents belong to an artefact, not to a parent category.");
  }
  return row;
}

async function findGroup(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(contentGroups).where(eq(contentGroups.id, id));
  if (!row) throw new AppError("not_found", "Group not found");
  return row;
}

/** Re-imports match groups by name, so two groups of one artefact never share one. */
async function assertNameFree(tx: DbOrTx, artefact: { id: number; name: string }, name: string, exceptId?: number) {
  const [same] = await tx
    .select({ id: contentGroups.id })
    .from(contentGroups)
    .where(
      and(
        eq(contentGroups.categoryId, artefact.id),
        eq(sql`lower(${contentGroups.name})`, name.toLowerCase()),
        exceptId === undefined ? undefined : ne(contentGroups.id, exceptId),
      ),
    );
  if (same) {
    const message = valuedMessage("groupNameTaken", { artefact: artefact.name });
    throw new AppError("invalid", message, { name: message });
  }
}

export async function createGroup(
  db: Db,
  categoryId: number,
  input: GroupCreate,
  currency: string,
): Promise<AdminGroup> {
  return catalogueWrite(db, async (tx) => {
    const artefact = await findArtefact(tx, categoryId);
    await assertNameFree(tx, artefact, input.name);
    const [last] = await tx
      .select({ last: max(contentGroups.sortOrder) })
      .from(contentGroups)
      .where(eq(contentGroups.categoryId, categoryId));
    const [row] = await tx
      .insert(contentGroups)
      .values({
        categoryId,
        name: input.name,
        priceMinor: toMinor(input.price, currency),
        paymentNote: input.payment_note,
        taxClass: input.tax_class,
        sortOrder: (last?.last ?? -1) + 1,
      })
      .returning();
    if (!row) throw new Error("group insert returned nothing");
    auditChange({ object: { type: "group", id: row.id }, after: { name: row.name, priceMinor: row.priceMinor } });
    return toAdminGroup(row, false, currency);
  });
}

export async function updateGroup(db: Db, id: number, input: GroupUpdate, currency: string): Promise<AdminGroup> {
  return catalogueWrite(db, async (tx) => {
    const group = await findGroup(tx, id);
    if (input.name !== undefined) await assertNameFree(tx, await findArtefact(tx, group.categoryId), input.name, id);
    const [row] = await tx
      .update(contentGroups)
      .set({
        name: input.name,
        priceMinor: input.price === undefined ? undefined : toMinor(input.price, currency),
        paymentNote: input.payment_note,
        taxClass: input.tax_class,
        updatedAt: new Date(),
      })
      .where(eq(contentGroups.id, id))
      .returning();
    if (!row) throw new AppError("not_found", "Group not found");
    auditUpdate({ type: "group", id }, group, row);
    return toAdminGroup(row, await groupSold(tx, id), currency);
  });
}

/** Deletes a group that nobody bought; its contents stay in the artefact, ungrouped. */
export async function deleteGroup(db: Db, id: number): Promise<void> {
  let name = "";
  try {
    await catalogueWrite(db, async (tx) => {
      const group = await findGroup(tx, id);
      name = group.name;
      if (await groupSold(tx, id)) throw new AppError("conflict", valuedMessage("soldGroup", { name: group.name }));
      await tx.update(contents).set({ groupId: null, updatedAt: new Date() }).where(eq(contents.groupId, id));
      await tx.delete(contentGroups).where(eq(contentGroups.id, id));
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError("conflict", valuedMessage("soldGroup", { name }));
    throw error;
  }
}

export async function reorderGroups(db: Db, categoryId: number, ids: number[]): Promise<void> {
  await catalogueWrite(db, async (tx) => {
    await findArtefact(tx, categoryId);
    const current = await tx
      .select({ id: contentGroups.id })
      .from(contentGroups)
      .where(eq(contentGroups.categoryId, categoryId))
      .orderBy(asc(contentGroups.sortOrder), asc(contentGroups.id));
    const order = reorderIds(
      current.map((g) => g.id),
      ids,
    );
    await writeSortOrders(order, (id, sortOrder) =>
      tx.update(contentGroups).set({ sortOrder }).where(eq(contentGroups.id, id)),
    );
  });
}

import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories, contentGroups, contents } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { reorderCategories } from "./manage-categories.ts";
import { reorderContents } from "./manage-contents.ts";
import { reorderGroups } from "./manage-groups.ts";

export type MovedKind = "category" | "group" | "content";

/** The ids with one moved a place up (-1) or down (+1); as they are when it is already at that end. */
function movedIds(ids: number[], id: number, step: -1 | 1): number[] {
  const moved = [...ids];
  const at = moved.indexOf(id);
  const to = at + step;
  if (at < 0 || to < 0 || to >= moved.length) return moved;
  [moved[at], moved[to]] = [moved[to] as number, moved[at] as number];
  return moved;
}

/** Each kind of catalogue item's answer when the id names none. */
export const ITEM_NOT_FOUND: Record<MovedKind, string> = {
  category: "Category not found",
  group: "Group not found",
  content: "Content not found",
};

/**
 * Moves a parent category, an artefact, a group or a content a place up or
 * down among its siblings (the editor's ↑ and ↓), as its list's reorder does:
 * the form names only the item, so it weighs the same however long the list.
 * A content moves among those of its group (or of no group) in its artefact.
 */
export async function moveItem(db: Db, kind: MovedKind, id: number, step: -1 | 1): Promise<void> {
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
  if (kind === "category") {
    const [row] = await db.select({ parentId: categories.parentId }).from(categories).where(eq(categories.id, id));
    if (!row) throw new AppError("not_found", ITEM_NOT_FOUND[kind]);
    const siblings = await db
      .select({ id: categories.id })
      .from(categories)
      .where(row.parentId === null ? isNull(categories.parentId) : eq(categories.parentId, row.parentId))
      .orderBy(asc(categories.sortOrder), asc(categories.id));
    return reorderCategories(db, { parent_id: row.parentId, ids: movedIds(ids(siblings), id, step) });
  }
  if (kind === "group") {
    const [row] = await db
      .select({ artefactId: contentGroups.categoryId })
      .from(contentGroups)
      .where(eq(contentGroups.id, id));
    if (!row) throw new AppError("not_found", ITEM_NOT_FOUND[kind]);
    const siblings = await db
      .select({ id: contentGroups.id })
      .from(contentGroups)
      .where(eq(contentGroups.categoryId, row.artefactId))
      .orderBy(asc(contentGroups.sortOrder), asc(contentGroups.id));
    return reorderGroups(db, row.artefactId, movedIds(ids(siblings), id, step));
  }
  const [row] = await db
    .select({ artefactId: contents.categoryId, groupId: contents.groupId })
    .from(contents)
    .where(eq(contents.id, id));
  if (!row) throw new AppError("not_found", ITEM_NOT_FOUND[kind]);
  const siblings = await db
    .select({ id: contents.id })
    .from(contents)
    .where(
      and(
        eq(contents.categoryId, row.artefactId),
        row.groupId === null ? isNull(contents.groupId) : eq(contents.groupId, row.groupId),
      ),
    )
    .orderBy(asc(contents.sortOrder), asc(contents.id));
  return reorderContents(db, row.artefactId, movedIds(ids(siblings), id, step));
}

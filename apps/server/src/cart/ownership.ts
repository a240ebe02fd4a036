import type { Ownership } from "@skillshelf/shared/api.ts";
import { and, eq, isNull, or, type Placeholder, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../db/client.ts";
import { preparedPerDb } from "../db/prepared.ts";
import { entitlements } from "../db/schema/index.ts";

const ownershipQuery = preparedPerDb((db) =>
  db
    .select({ categoryId: entitlements.categoryId, groupId: entitlements.groupId })
    .from(entitlements)
    .where(and(eq(entitlements.userId, sql.placeholder("userId")), isNull(entitlements.revokedAt)))
    .prepare("ownership_of"),
);

/** Everything the user owns: whole sub-categories and single groups (the signed-in home page). */
export async function ownershipOf(db: DbOrTx, userId: number): Promise<Ownership> {
  const rows = await ownershipQuery(db).execute({ userId });
  return {
    categories: rows.flatMap((r) => (r.groupId === null ? [r.categoryId] : [])),
    groups: rows.flatMap((r) => (r.groupId === null ? [] : [r.groupId])),
  };
}

/** The user's active entitlements inside one sub-category. */
export async function ownedIn(db: DbOrTx, userId: number, categoryId: number) {
  const rows = await db
    .select({ groupId: entitlements.groupId })
    .from(entitlements)
    .where(
      and(eq(entitlements.userId, userId), eq(entitlements.categoryId, categoryId), isNull(entitlements.revokedAt)),
    );
  return {
    whole: rows.some((r) => r.groupId === null),
    groups: new Set(rows.flatMap((r) => (r.groupId === null ? [] : [r.groupId]))),
  };
}

/**
 * The user's entitlements, not refunded, that cover a content item: its
 * sub-category, or the group that holds it. The item is given by its values,
 * or by the columns of a query's `contents` row.
 */
export function coveringEntitlements(
  userId: number | Placeholder,
  content: { categoryId: number | AnyPgColumn; groupId: number | null | AnyPgColumn },
) {
  return and(
    eq(entitlements.userId, userId),
    eq(entitlements.categoryId, content.categoryId),
    isNull(entitlements.revokedAt),
    content.groupId === null
      ? isNull(entitlements.groupId)
      : or(isNull(entitlements.groupId), eq(entitlements.groupId, content.groupId)),
  );
}

/** Whether the user owns the content's sub-category, or the group that holds it. */
export async function ownsContent(
  db: DbOrTx,
  userId: number,
  content: { categoryId: number; groupId: number | null },
): Promise<boolean> {
  const [row] = await db
    .select({ id: entitlements.id })
    .from(entitlements)
    .where(coveringEntitlements(userId, content))
    .limit(1);
  return row !== undefined;
}

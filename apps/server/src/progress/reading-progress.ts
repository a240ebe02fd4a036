import type { Ownership } from "@skillshelf/shared/api.ts";
import { type ArticleProgress, type ItemProgress, PROGRESS_MESSAGES } from "@skillshelf/shared/progress.ts";
import { and, eq, exists, isNull, or, type Placeholder, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { coveringEntitlements } from "../cart/ownership.ts";
import type { DbOrTx } from "../db/client.ts";
import { preparedPerDb } from "../db/prepared.ts";
import { readCache } from "../db/read-cache.ts";
import { contentGroups, contents, entitlements, readingProgress, users } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";

/**
 * Whether the user owns the article of the query's `contents` row now (as
 * cart/ownership.ts's ownsContent). Free articles are owned by no one, so
 * they carry no progress.
 */
const ownsArticle = (db: DbOrTx, userId: Placeholder) =>
  exists(db.select({ one: sql`1` }).from(entitlements).where(coveringEntitlements(userId, contents)));

const articleProgressQuery = preparedPerDb((db) => {
  const userId = sql.placeholder("userId");
  const done = exists(
    db
      .select({ one: sql`1` })
      .from(readingProgress)
      .where(and(eq(readingProgress.userId, userId), eq(readingProgress.contentId, contents.id))),
  );
  return db
    .select({ owned: sql<boolean>`${ownsArticle(db, userId)}`, done: sql<boolean>`${done}` })
    .from(contents)
    .where(eq(contents.id, sql.placeholder("contentId")))
    .prepare("article_progress");
});

/** Whether the article is owned and done by the user; null when there is no such article. One query. */
export async function articleProgress(db: DbOrTx, userId: number, contentId: number): Promise<ArticleProgress | null> {
  const [row] = await articleProgressQuery(db).execute({ userId, contentId });
  if (!row) return null;
  // Progress kept from before a refund stays hidden until the learner owns the article again.
  return { owned: row.owned, done: row.owned && row.done };
}

/**
 * Marks an article the learner owns done, or not done; doing either twice
 * changes nothing. An unknown article is 404; one the learner does not own
 * (never bought, refunded, or free) is 403: which articles exist is public.
 */
export async function setDone(options: {
  db: DbOrTx;
  userId: number;
  contentId: number;
  done: boolean;
  now: Date;
}): Promise<ArticleProgress> {
  const { db, userId, contentId, done, now } = options;
  const current = await articleProgress(db, userId, contentId);
  if (!current) throw new AppError("not_found", PROGRESS_MESSAGES.contentNotFound);
  if (!current.owned) throw new AppError("forbidden", PROGRESS_MESSAGES.notOwned);
  if (done) {
    await db.insert(readingProgress).values({ userId, contentId, doneAt: now }).onConflictDoNothing();
  } else {
    await db
      .delete(readingProgress)
      .where(and(eq(readingProgress.userId, userId), eq(readingProgress.contentId, contentId)));
  }
  return { owned: true, done };
}

/** The ids of the artefact's articles the user owns and has done, in id order. */
export async function doneArticlesIn(db: DbOrTx, userId: number, categoryId: number): Promise<number[]> {
  return (await ownedAndDone(db, userId, { categoryIds: [categoryId], artefactId: categoryId })).done;
}

const ownedAndDoneQuery = preparedPerDb((db) => {
  const owned = db
    .select({
      list: sql`coalesce(json_agg(json_build_array(${entitlements.categoryId}, ${entitlements.groupId})), '[]')`,
    })
    .from(entitlements)
    .where(
      and(
        eq(entitlements.userId, users.id),
        isNull(entitlements.revokedAt),
        sql`${entitlements.categoryId} = any(${sql.placeholder("categoryIds")}::int[])`,
      ),
    );
  // No artefact (a parent's page): the placeholder is null, and no article matches.
  const done = db
    .select({ list: sql`coalesce(json_agg(json_build_array(${contents.id}, ${contents.groupId})), '[]')` })
    .from(contents)
    .innerJoin(readingProgress, and(eq(readingProgress.userId, users.id), eq(readingProgress.contentId, contents.id)))
    .where(eq(contents.categoryId, sql.placeholder("artefactId")));
  return db
    .select({
      owned: sql<[number, number | null][]>`(${owned})`,
      done: sql<[number, number | null][]>`(${done})`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare("owned_and_done");
});

/** Kept until the next write on the embedded database (read-cache.ts): a listing page reads it for each signed-in view. */
const ownedAndDoneReads = readCache<{ owned: [number, number | null][]; done: [number, number | null][] } | undefined>(
  10_000,
);

/**
 * What the user owns of these sub-categories (wholly, or by group), and the ids of
 * the artefact's articles they own and have done: one query for a listing page,
 * read through indexes, whose cost follows the listing, never the learner's history.
 */
export async function ownedAndDone(
  db: DbOrTx,
  userId: number,
  scope: { categoryIds: number[]; artefactId: number | null },
): Promise<{ ownership: Ownership; done: number[] }> {
  const key = `${userId} ${scope.artefactId} ${scope.categoryIds.join(",")}`;
  const row = await ownedAndDoneReads(
    db,
    key,
    async () => (await ownedAndDoneQuery(db).execute({ userId, ...scope }))[0],
  );
  const entries = row?.owned ?? [];
  const ownership: Ownership = {
    categories: entries.flatMap(([category, group]) => (group === null ? [category] : [])),
    groups: entries.flatMap(([, group]) => (group === null ? [] : [group])),
  };
  // Owned as coveringEntitlements says: the whole artefact, or the group that holds the article.
  const whole = scope.artefactId !== null && ownership.categories.includes(scope.artefactId);
  const done = (row?.done ?? [])
    .filter(([, group]) => whole || (group !== null && ownership.groups.includes(group)))
    .map(([id]) => id)
    .sort((a, b) => a - b);
  return { ownership, done };
}

const scopeGroup = alias(contentGroups, "scope_group");
/** The listing's order: the groups in their order, each with its articles, then the ungrouped articles. */
const listingOrder = sql`(${contents.groupId} is null), ${scopeGroup.sortOrder}, ${scopeGroup.id}, ${contents.sortOrder}, ${contents.id}`;
const notDone = sql`${readingProgress.contentId} is null`;
/** The first value of `column` in listing order among the articles not done, or among all when every one is. */
const nextOf = (column: typeof contents.slug | typeof contents.title) =>
  sql<string | null>`coalesce(
    (array_agg(${column} order by ${listingOrder}) filter (where ${notDone}))[1],
    (array_agg(${column} order by ${listingOrder}))[1])`;

/**
 * The progress of the entitlement row of the enclosing query (`entitlements`):
 * a lateral subquery over the articles it covers (its artefact's, or its
 * group's) and the learner's progress rows for them, each found by its key.
 * Its cost follows the size of the item, never the learner's history.
 */
export function itemProgressOf(db: DbOrTx) {
  return db
    .select({
      total: sql<number>`count(*)::int`.as("progress_total"),
      done: sql<number>`count(${readingProgress.contentId})::int`.as("progress_done"),
      nextSlug: nextOf(contents.slug).as("progress_next_slug"),
      nextTitle: nextOf(contents.title).as("progress_next_title"),
    })
    .from(contents)
    .leftJoin(scopeGroup, eq(scopeGroup.id, contents.groupId))
    .leftJoin(
      readingProgress,
      and(eq(readingProgress.userId, entitlements.userId), eq(readingProgress.contentId, contents.id)),
    )
    .where(
      and(
        eq(contents.categoryId, entitlements.categoryId),
        or(isNull(entitlements.groupId), eq(contents.groupId, entitlements.groupId)),
      ),
    )
    .as("item_progress");
}

/** An item's progress as the API shows it, from the columns of itemProgressOf. */
export function toItemProgress(row: {
  total: number | null;
  done: number | null;
  nextSlug: string | null;
  nextTitle: string | null;
}): ItemProgress {
  return {
    done: row.done ?? 0,
    total: row.total ?? 0,
    next: row.nextSlug === null || row.nextTitle === null ? null : { slug: row.nextSlug, title: row.nextTitle },
  };
}

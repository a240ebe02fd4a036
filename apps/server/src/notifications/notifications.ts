import type { NotificationItem, NotificationsView } from "@skillshelf/shared/api.ts";
import type { PageRequest } from "@skillshelf/shared/paging.ts";
import { and, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../db/client.ts";
import { notifications } from "../db/schema/index.ts";
import { keyColumns, keysetPage } from "../paging/keyset-page.ts";
import type { PageCursors } from "../paging/page-cursors.ts";

/** The most unread notifications the page lists; the read ones under Earlier are paged. */
export const UNREAD_SHOWN = 50;

type NewNotification = Pick<typeof notifications.$inferInsert, "userId" | "kind" | "title" | "text" | "link">;

/** Records notifications; call it with the transaction of the event, so both are kept or neither. */
export async function notify(tx: DbOrTx, rows: NewNotification[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(notifications).values(rows.map((row) => ({ ...row, createdAt: now })));
}

/**
 * Tells every learner who owns new articles (their whole artefact, or the
 * group that holds them, not refunded) that they are there to read: one
 * statement, whatever the number of owners.
 */
export async function notifyNewArticles(tx: DbOrTx, contentIds: number[], now: Date): Promise<void> {
  if (contentIds.length === 0) return;
  await tx.execute(sql`
    insert into "notifications" ("user_id", "kind", "title", "text", "link", "created_at")
    select distinct e."user_id", 'new_article', 'New article in ' || a."name",
      c."title" || ' is ready to read in ' || a."name" || '.', '/' || a."slug" || '/' || c."slug", ${now.toISOString()}::timestamptz
    from "contents" c
    join "categories" a on a."id" = c."category_id"
    join "entitlements" e on e."category_id" = c."category_id" and e."revoked_at" is null
      and (e."group_id" is null or e."group_id" = c."group_id")
    where c."id" in (${sql.join(
      contentIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
}

/** The number of the user's unread notifications, as a scalar subquery read with the session (sessions.ts). */
export function unreadCountOf(db: DbOrTx, userId: AnyPgColumn) {
  const unread = db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return sql<number>`(${unread})`;
}

const columns = {
  id: notifications.id,
  kind: notifications.kind,
  title: notifications.title,
  text: notifications.text,
  link: notifications.link,
  createdAt: notifications.createdAt,
};

const toItem = (row: {
  id: number;
  kind: NotificationItem["kind"];
  title: string;
  text: string;
  link: string;
  createdAt: Date;
}): NotificationItem => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  text: row.text,
  link: row.link,
  created_at: row.createdAt.toISOString(),
});

/**
 * The user's unread notifications (the newest UNREAD_SHOWN) and one page of the
 * read ones, newest first by (created_at, id): an index range scan wherever the
 * page is, however long the history.
 */
export async function listNotifications(
  db: DbOrTx,
  options: { cursors: PageCursors; userId: number; page: PageRequest },
): Promise<NotificationsView> {
  const { userId } = options;
  const [unread, earlier] = await Promise.all([
    db
      .select(columns)
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .orderBy(desc(notifications.id))
      .limit(UNREAD_SHOWN),
    keysetPage({
      cursors: options.cursors,
      list: "notifications",
      scope: String(userId),
      request: options.page,
      at: notifications.createdAt,
      id: notifications.id,
      fetch: (where, orderBy, limit) =>
        db
          .select({ ...columns, ...keyColumns(notifications.createdAt, notifications.id) })
          .from(notifications)
          .where(and(eq(notifications.userId, userId), isNotNull(notifications.readAt), where))
          .orderBy(...orderBy)
          .limit(limit),
      toRows: (records) => records.map(toItem),
    }),
  ]);
  const { rows, ...cursors } = earlier;
  return { unread: unread.map(toItem), earlier: rows, ...cursors };
}

/** Marks some of the user's notifications read; another user's ids change nothing. Returns how many changed. */
export async function markNotificationsRead(db: DbOrTx, userId: number, ids: number[], now: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const marked = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), inArray(notifications.id, ids), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return marked.length;
}

/** What the learner sees on /notifications: the list as it was, and what it showed as unread is now read. */
export async function viewNotifications(
  db: DbOrTx,
  options: { cursors: PageCursors; userId: number; page: PageRequest; now: Date },
): Promise<NotificationsView> {
  const view = await listNotifications(db, options);
  await markNotificationsRead(
    db,
    options.userId,
    view.unread.map((n) => n.id),
    options.now,
  );
  return view;
}

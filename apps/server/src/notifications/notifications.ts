import type { NotificationItem, NotificationsView } from "@skillshelf/shared/api.ts";
import { TRANSLATED_LANGUAGES } from "@skillshelf/shared/catalogue-translations.ts";
import { formattingOf, STORE_FORMATTING } from "@skillshelf/shared/formatting.ts";
import { CATALOGUES } from "@skillshelf/shared/i18n/catalogues.ts";
import { DEFAULT_LANGUAGE, type LanguageCode, languageOfSetting } from "@skillshelf/shared/i18n/languages.ts";
import { createPageTranslator, type TFunction } from "@skillshelf/shared/i18n/page-translator.ts";
import { type NotificationParams, notificationWords } from "@skillshelf/shared/notification-texts.ts";
import type { PageRequest } from "@skillshelf/shared/paging.ts";
import { and, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../db/client.ts";
import { notifications } from "../db/schema/index.ts";
import { keyColumns, keysetPage, preparedKeyset } from "../paging/keyset-page.ts";
import type { PageCursors } from "../paging/page-cursors.ts";
import { MAILED_KINDS } from "./notification-mails.ts";

/** The most unread notifications the page lists; the read ones under Earlier are paged. */
const UNREAD_SHOWN = 50;

/** A notification to record: whom it is for, what it is about and where it leads. */
export interface NewNotification {
  userId: number;
  params: NotificationParams;
  link: string;
}

/** The translators of the notifications' languages, made once (the pages' translator: i18next's answers). */
const translators = new Map<LanguageCode, TFunction>();
function translate(language: LanguageCode): TFunction {
  let t = translators.get(language);
  if (!t) {
    t = createPageTranslator(language, CATALOGUES[language]).t;
    translators.set(language, t);
  }
  return t;
}

/** How a reader reads notifications: their page's language, and the locale of its prices. */
export interface NotificationReader {
  language: LanguageCode;
  locale: string;
}
const ENGLISH_READER: NotificationReader = { language: DEFAULT_LANGUAGE, locale: STORE_FORMATTING.locale };

/** A learner reads their notifications in the language of their settings (their pages' language too). */
export function readerOf(user: { language: string; timezone: string }): NotificationReader {
  return { language: languageOfSetting(user.language) ?? DEFAULT_LANGUAGE, locale: formattingOf(user).locale };
}

/**
 * Records notifications; call it with the transaction of the event, so both
 * are kept or neither. What each is about is kept (params) to write it in its
 * reader's language; its English title and text are kept too. Those of a
 * mailed kind wait for the mail worker (notification-mails.ts).
 */
export async function notify(tx: DbOrTx, rows: NewNotification[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(notifications).values(
    rows.map(({ userId, params, link }) => ({
      userId,
      kind: params.kind,
      params,
      ...notificationWords(params, translate(DEFAULT_LANGUAGE), ENGLISH_READER.locale, DEFAULT_LANGUAGE),
      link,
      createdAt: now,
      mailPending: MAILED_KINDS[params.kind],
    })),
  );
}

/**
 * Tells every learner who owns new articles (their whole artefact, or the
 * group that holds them, not refunded) that they are there to read: one
 * statement, whatever the number of owners. Those whose e-mail notifications
 * are on get a mail too, which the mail worker writes and sends in the
 * background (notification-mails.ts), not this request.
 */
export async function notifyNewArticles(tx: DbOrTx, contentIds: number[], now: Date): Promise<void> {
  if (contentIds.length === 0) return;
  await tx.execute(sql`
    insert into "notifications" ("user_id", "kind", "title", "text", "params", "link", "created_at", "mail_pending")
    select distinct e."user_id", 'new_article', 'New article in ' || a."name",
      c."title" || ' is ready to read in ' || a."name" || '.',
      jsonb_build_object('kind', 'new_article', 'title', c."title", 'artefact', a."name", 'translations',
        jsonb_strip_nulls(jsonb_build_object(${sql.join(
          // The languages are the code's own two-letter constants, written into the statement as literals.
          TRANSLATED_LANGUAGES.map((code) => {
            const language = sql.raw(`'${code}'`);
            return sql`${language}, nullif(jsonb_strip_nulls(jsonb_build_object('title', c."translations"->${language}->>'title', 'artefact', a."translations"->${language}->>'name')), '{}'::jsonb)`;
          }),
          sql`, `,
        )}))),
      '/' || a."slug" || '/' || c."slug", ${now.toISOString()}::timestamptz,
      ${MAILED_KINDS.new_article} and u."email_notifications" and u."blocked_at" is null
    from "contents" c
    join "categories" a on a."id" = c."category_id"
    join "entitlements" e on e."category_id" = c."category_id" and e."revoked_at" is null
      and (e."group_id" is null or e."group_id" = c."group_id")
    join "users" u on u."id" = e."user_id"
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
  params: notifications.params,
  link: notifications.link,
  createdAt: notifications.createdAt,
};

/** A stored notification as its reader reads it: in their language, or as written (English) when it has no params. */
const toItem =
  (reader: NotificationReader) =>
  (row: {
    id: number;
    kind: NotificationItem["kind"];
    title: string;
    text: string;
    params: NotificationParams | null;
    link: string;
    createdAt: Date;
  }): NotificationItem => ({
    id: row.id,
    kind: row.kind,
    ...(row.params
      ? notificationWords(row.params, translate(reader.language), reader.locale, reader.language)
      : { title: row.title, text: row.text }),
    link: row.link,
    created_at: row.createdAt.toISOString(),
  });

/** The read ones, a page at a time. */
const readPage = preparedKeyset("read_notifications_page", notifications.createdAt, notifications.id, (db) => {
  const userId = sql.placeholder("userId");
  return (where, orderBy, limit, part) =>
    db
      .select({ ...columns, ...keyColumns(notifications.createdAt, notifications.id, part) })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNotNull(notifications.readAt), where))
      .orderBy(...orderBy)
      .limit(limit);
});

/**
 * The user's unread notifications (the newest UNREAD_SHOWN) and one page of the
 * read ones, newest first by (created_at, id): an index range scan wherever the
 * page is, however long the history. Written in the reader's language.
 */
export async function listNotifications(
  db: DbOrTx,
  options: { cursors: PageCursors; userId: number; page: PageRequest; reader: NotificationReader },
): Promise<NotificationsView> {
  const { userId } = options;
  const shown = toItem(options.reader);
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
      fetch: readPage(db, { userId }),
      toRows: (records) => records.map(shown),
    }),
  ]);
  const { rows, ...cursors } = earlier;
  return { unread: unread.map(shown), earlier: rows, ...cursors };
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
  options: { cursors: PageCursors; userId: number; page: PageRequest; reader: NotificationReader; now: Date },
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

import { index, integer, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { contents } from "./catalogue.ts";

/**
 * The articles a learner has marked done (or read to the end), one row each,
 * on the server so every device sees the same. A refund leaves the rows: they
 * are shown only while the learner owns the article, and come back if they
 * buy it again.
 */
export const readingProgress = pgTable(
  "reading_progress",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    contentId: integer("content_id")
      .notNull()
      .references(() => contents.id, { onDelete: "cascade" }),
    doneAt: timestamp("done_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A learner's done articles are a range of the key; an article's deletion finds its rows by the index.
    primaryKey({ name: "reading_progress_pkey", columns: [t.userId, t.contentId] }),
    index("reading_progress_content_idx").on(t.contentId),
  ],
);

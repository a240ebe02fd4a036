import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Store-wide values every instance must agree on, such as the media signing key. */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

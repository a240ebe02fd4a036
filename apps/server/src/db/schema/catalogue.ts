import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/**
 * Both levels of the catalogue tree. A parent has no parent_id (the API shows
 * 0); an artefact (sub-category) points at its parent and may carry a price.
 * Prices are integer minor units of STORE_CURRENCY; null means free.
 */
export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    parentId: integer("parent_id").references((): AnyPgColumn => categories.id, { onDelete: "restrict" }),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    icon: text("icon").notNull().default(""),
    singleLine: text("single_line").notNull().default(""),
    isHeaderMenu: boolean("is_header_menu").notNull().default(false),
    hidden: boolean("hidden").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    priceMinor: integer("price_minor"),
    paymentNote: text("payment_note"),
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    ...timestamps,
  },
  (t) => [uniqueIndex("categories_slug_key").on(t.slug), index("categories_parent_idx").on(t.parentId, t.sortOrder)],
);

/** A purchasable bundle of contents inside an artefact. */
export const contentGroups = pgTable(
  "content_groups",
  {
    id: serial("id").primaryKey(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    priceMinor: integer("price_minor"),
    paymentNote: text("payment_note"),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("content_groups_category_idx").on(t.categoryId, t.sortOrder)],
);

/** An article of an artefact, optionally inside one of its groups. */
export const contents = pgTable(
  "contents",
  {
    id: serial("id").primaryKey(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    groupId: integer("group_id").references(() => contentGroups.id, { onDelete: "set null" }),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    shortDescription: text("short_description").notNull().default(""),
    /** Sanitized HTML. */
    description: text("description").notNull().default(""),
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("contents_category_slug_key").on(t.categoryId, t.slug),
    index("contents_group_idx").on(t.groupId),
  ],
);

/**
 * Images and PDFs of a content item. The bytes live in the database so that
 * several instances on one PostgreSQL serve the same files without shared disk.
 */
export const contentMedia = pgTable(
  "content_media",
  {
    id: serial("id").primaryKey(),
    contentId: integer("content_id")
      .notNull()
      .references(() => contents.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    mimetype: text("mimetype").notNull(),
    size: integer("size").notNull(),
    data: bytea("data").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("content_media_content_idx").on(t.contentId, t.sortOrder)],
);

export const relatedContents = pgTable(
  "related_contents",
  {
    contentId: integer("content_id")
      .notNull()
      .references(() => contents.id, { onDelete: "cascade" }),
    relatedId: integer("related_id")
      .notNull()
      .references(() => contents.id, { onDelete: "cascade" }),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.relatedId] }),
    check("related_contents_not_self", sql`${t.contentId} <> ${t.relatedId}`),
  ],
);

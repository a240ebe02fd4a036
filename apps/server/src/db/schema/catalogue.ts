import type { Translations } from "@skillshelf/shared/catalogue-translations.ts";
import { TAX_CLASSES } from "@skillshelf/shared/tax.ts";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
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

/** A full-text document; the columns of this type are generated (drizzle/0007_catalogue_search.sql). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** The search document of a row, written by the database from the row's texts on every insert and update. */
const searchVector = (expression: string) => tsvector("search_vector").generatedAlwaysAs(sql.raw(expression));

/** A row's texts in the other languages (catalogue-translations.ts); what is missing shows in English. */
const translations = () => jsonb("translations").$type<Translations>().notNull().default({});

/**
 * The weighted search document of the texts `fields` ([name, weight]; an article's body is HTML): English from
 * the row's columns, Spanish and French from its `translations`, each with its own dictionary (drizzle/0024).
 */
function searchOf(fields: [name: string, weight: "A" | "B" | "C"][]): string {
  const vector = (config: string, text: string, name: string, weight: string) =>
    `setweight(to_tsvector('${config}'::regconfig, ${name === "description" ? `search_plain_text(${text})` : text}), '${weight}')`;
  return [
    ...fields.map(([name, weight]) => vector("english", `"${name}"`, name, weight)),
    ...(
      [
        ["spanish", "es"],
        ["french", "fr"],
      ] as const
    ).flatMap(([config, code]) =>
      fields.map(([name, weight]) =>
        vector(config, `coalesce("translations" #>> '{${code},${name}}', '')`, name, weight),
      ),
    ),
  ].join(" || ");
}

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
    /** How it is taxed (packages/shared/src/tax.ts): its groups' unless a group says otherwise. */
    taxClass: text("tax_class", { enum: TAX_CLASSES }).notNull().default("standard"),
    paymentNote: text("payment_note"),
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    translations: translations(),
    searchVector: searchVector(
      searchOf([
        ["name", "A"],
        ["single_line", "B"],
      ]),
    ),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("categories_slug_key").on(t.slug),
    index("categories_parent_idx").on(t.parentId, t.sortOrder),
    // The catalogue editor's pages of parents, in their order.
    index("categories_parents_order_idx").on(t.sortOrder, t.id).where(sql`${t.parentId} is null`),
    // A coupon's artefact picker without a search: the first artefacts by name.
    index("categories_artefacts_name_idx").on(t.name, t.id).where(sql`${t.parentId} is not null`),
    // The catalogue editor's search, by any part of a name or slug (pg_trgm).
    index("categories_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")).with({ fastupdate: false }),
    index("categories_slug_trgm_idx").using("gin", t.slug.op("gin_trgm_ops")).with({ fastupdate: false }),
  ],
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
    /** null: taxed as its artefact. */
    taxClass: text("tax_class", { enum: TAX_CLASSES }),
    paymentNote: text("payment_note"),
    sortOrder: integer("sort_order").notNull().default(0),
    translations: translations(),
    searchVector: searchVector(searchOf([["name", "A"]])),
    ...timestamps,
  },
  (t) => [
    index("content_groups_category_idx").on(t.categoryId, t.sortOrder),
    index("content_groups_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")).with({ fastupdate: false }),
  ],
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
    translations: translations(),
    searchVector: searchVector(
      searchOf([
        ["title", "A"],
        ["short_description", "B"],
        ["description", "C"],
      ]),
    ),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("contents_category_slug_key").on(t.categoryId, t.slug),
    index("contents_group_idx").on(t.groupId),
    index("contents_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")).with({ fastupdate: false }),
  ],
);

/**
 * Every stored media file's bytes, wherever they are: `storage` names the
 * driver (`local`: the rows of media_chunks in this database, so several
 * instances on one PostgreSQL serve the same files; `s3`: an object of the
 * configured bucket under `key`). An object is written before anything points
 * at it (not yet `attached`), and removed only once nothing does, by the sweep
 * of media/media-store.ts: a content row never points at missing bytes.
 */
export const mediaObjects = pgTable(
  "media_objects",
  {
    key: text("key").primaryKey(),
    storage: text("storage").notNull(),
    /** Null while the bytes are being written. */
    size: bigint("size", { mode: "number" }),
    /** Hex SHA-256 of the bytes: the download's ETag, and what a migration verifies. */
    sha256: text("sha256"),
    attached: boolean("attached").notNull().default(false),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    check("media_objects_storage", sql`${t.storage} in ('local', 's3')`),
    index("media_objects_storage_idx").on(t.storage),
  ],
);

/** The bytes of a `local` media object, in pieces of MEDIA_CHUNK_BYTES (the last one shorter), read and written one by one. */
export const mediaChunks = pgTable(
  "media_chunks",
  {
    key: text("key")
      .notNull()
      .references(() => mediaObjects.key, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.seq] })],
);

/** Images and PDFs of a content item; the bytes are the media object `storage_key`. */
export const contentMedia = pgTable(
  "content_media",
  {
    id: serial("id").primaryKey(),
    contentId: integer("content_id")
      .notNull()
      .references(() => contents.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    mimetype: text("mimetype").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    storageKey: text("storage_key")
      .notNull()
      .references(() => mediaObjects.key, { onDelete: "restrict" }),
    sortOrder: integer("sort_order").notNull().default(0),
    translations: translations(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index("content_media_content_idx").on(t.contentId, t.sortOrder),
    uniqueIndex("content_media_storage_key_key").on(t.storageKey),
  ],
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

/**
 * A catalogue file being imported, an item a row, written as the file streams in and read back by the
 * import's one transaction, which removes them (decision 0058): an article; an artefact or a parent
 * without what it contains. An item's place in the file is its key: its parent's position, its artefact's
 * (-1 for the parent itself), its group's (-1 for the artefact itself, STAGED_UNGROUPED for its own
 * articles) and its own (-1 for an artefact). `data` is the item as JSON text. Rows an import left when its
 * process ended are removed by the next import after a day.
 */
export const catalogueImportRows = pgTable(
  "catalogue_import_rows",
  {
    importKey: text("import_key").notNull(),
    parentNo: integer("parent_no").notNull(),
    artefactNo: integer("artefact_no").notNull(),
    groupNo: integer("group_no").notNull(),
    itemNo: integer("item_no").notNull(),
    data: text("data").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    primaryKey({
      name: "catalogue_import_rows_pk",
      columns: [t.importKey, t.parentNo, t.artefactNo, t.groupNo, t.itemNo],
    }),
  ],
);

import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { ImportSummary } from "@skillshelf/shared/admin-forms.ts";
import type { CatalogueFile, ContentFile, MediaFile } from "@skillshelf/shared/catalogue-file.ts";
import type { Translations } from "@skillshelf/shared/catalogue-translations.ts";
import type { Message } from "@skillshelf/shared/i18n/message.ts";
import { valuedMessage } from "@skillshelf/shared/i18n/valued-messages.ts";
import { toMinor } from "@skillshelf/shared/money.ts";
import { RESERVED_SLUGS } from "@skillshelf/shared/reserved-slugs.ts";
import type { TaxClass } from "@skillshelf/shared/tax.ts";
import { and, eq, inArray, isNotNull, notInArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client.ts";
import { categories, contentGroups, contentMedia, contents, orderLines, relatedContents } from "../db/schema/index.ts";
import { type MediaStore, type StoredObject, sniffStream } from "../media/media-store.ts";
import { MediaTooLargeError } from "../media/storage.ts";
import { notifyNewArticles } from "../notifications/notifications.ts";
import { CatalogueFileError, type JsonPath, type LineOf, noLines, type StreamedMedia } from "./read-catalogue-file.ts";
import { sanitizeArticleHtml, sanitizedTranslations } from "./sanitize-html.ts";

export type { ImportSummary };

interface PlannedContent {
  file: ContentFile;
  path: JsonPath;
  /** "artefact-slug/content-slug", as `related` entries name it. */
  ref: string;
  media: { name: string; mimetype: string; translations: Translations; object: StoredObject }[];
}

/**
 * Makes the store's catalogue exactly the file's, in one transaction: rows are
 * matched by slug (categories, contents) or by name (groups) so their ids stay
 * stable; what the file no longer has is removed. Every check runs before the
 * first write, and any failure leaves the catalogue as it was.
 */
export async function importCatalogue(options: {
  db: Db;
  /** Where the media bytes go; each file is stored (streamed) before the transaction, attached inside it. */
  media: MediaStore;
  file: CatalogueFile;
  /** The store's currency: the file's major-unit prices become its minor units. */
  currency: string;
  /** Folder that media `file` paths are relative to. */
  baseDir?: string;
  lineOf?: LineOf;
  /** Media a streamed file's reader already stored: their `data_base64` is a placeholder it resolves. */
  streamed?: StreamedMedia;
}): Promise<ImportSummary> {
  const { db, file } = options;
  const lineOf = options.lineOf ?? noLines;
  const fail = (reason: string | Message, at: JsonPath): never => {
    throw new CatalogueFileError(reason, lineOf(at));
  };
  const stored: string[] = [];
  try {
    const source: MediaSource = { baseDir: options.baseDir, streamed: options.streamed };
    const planned = await planContents(file, source, fail, options.media, stored);
    return await writeCatalogue(db, options.media, file, planned, options.currency);
  } catch (error) {
    await options.media.discard(stored);
    throw error;
  }
}

async function writeCatalogue(
  db: Db,
  mediaStore: MediaStore,
  file: CatalogueFile,
  planned: PlannedContent[],
  currency: string,
): Promise<ImportSummary> {
  const minorOf = (price: number | null | undefined) => (price == null ? null : toMinor(price, currency));
  return db.transaction(async (tx) => {
    // Imports are serialized: two at once would fight over the same slugs.
    await tx.execute(sql`select pg_advisory_xact_lock(7326517002)`);
    const summary: ImportSummary = { parents: 0, artefacts: 0, groups: 0, contents: 0, media: 0 };
    const keptCategoryIds: number[] = [];
    const contentIdByRef = new Map<string, number>();
    const importedContentIds: number[] = [];
    const newContentIds: number[] = [];
    // Articles are written BATCH_ROWS to a statement: one statement per row would cost a round trip and
    // a query's worth of garbage each, 8,200 times for a catalogue 100 times the demo's.
    let pendingContents: { ref: string; values: ContentValues }[] = [];
    const flushContents = async () => {
      if (pendingContents.length === 0) return;
      const batch = pendingContents;
      pendingContents = [];
      const rows = await upsertContents(
        tx,
        batch.map((item) => item.values),
      );
      for (const [i, row] of rows.entries()) {
        const item = batch[i];
        if (!item) continue;
        if (row.inserted) newContentIds.push(row.id);
        importedContentIds.push(row.id);
        contentIdByRef.set(item.ref, row.id);
        summary.contents++;
      }
    };

    for (const [pi, parent] of file.categories.entries()) {
      const parentId = await upsertCategory(tx, {
        ...parent,
        parentId: null,
        sortOrder: pi,
        priceMinor: null,
        paymentNote: null,
        translations: parent.translations,
        // Parents are never sold: theirs is the column's default.
        taxClass: "standard",
      });
      keptCategoryIds.push(parentId);
      summary.parents++;
      for (const [ai, artefact] of parent.artefacts.entries()) {
        const artefactId = await upsertCategory(tx, {
          ...artefact,
          parentId,
          sortOrder: ai,
          priceMinor: minorOf(artefact.price),
          paymentNote: artefact.payment_note ?? null,
          taxClass: artefact.tax_class,
          translations: artefact.translations,
        });
        keptCategoryIds.push(artefactId);
        summary.artefacts++;

        const groupIds = await syncGroups(
          tx,
          artefactId,
          artefact.groups.map((g) => ({
            name: g.name,
            priceMinor: minorOf(g.price),
            paymentNote: g.payment_note ?? null,
            taxClass: g.tax_class ?? null,
            translations: g.translations,
          })),
        );
        summary.groups += groupIds.length;
        const placed = [
          ...artefact.groups.flatMap((g, gi) => g.contents.map((c) => ({ c, groupId: groupIds[gi] ?? null }))),
          ...artefact.contents.map((c) => ({ c, groupId: null })),
        ];
        for (const [ci, { c, groupId }] of placed.entries()) {
          pendingContents.push({
            ref: `${artefact.slug}/${c.slug}`,
            values: contentValues(artefactId, groupId, ci, c),
          });
          if (pendingContents.length >= BATCH_ROWS) await flushContents();
        }
        // PGlite answers each statement without a turn of the event loop in between: without this, a
        // large import's writes would hold every other request, even pages kept in memory, until they end.
        await nextTurn();
      }
    }
    await flushContents();
    // A kept artefact's articles the file no longer has (the ids as two array parameters, whatever their number).
    if (keptCategoryIds.length) {
      await tx
        .delete(contents)
        .where(
          and(
            sql`${contents.categoryId} = any(${sql.param(keptCategoryIds)}::int[])`,
            sql`${contents.id} <> all(${sql.param(importedContentIds)}::int[])`,
          ),
        );
    }

    // Whatever the file no longer names goes: contents first, then groups, artefacts, parents.
    const gone = keptCategoryIds.length ? notInArray(categories.id, keptCategoryIds) : sql`true`;
    const goneRows = await tx.select({ id: categories.id, name: categories.name }).from(categories).where(gone);
    const goneIds = goneRows.map((r) => r.id);
    if (goneIds.length) {
      const [sold] = await tx
        .select({ categoryId: orderLines.categoryId })
        .from(orderLines)
        .where(inArray(orderLines.categoryId, goneIds))
        .limit(1);
      const name = goneRows.find((r) => r.id === sold?.categoryId)?.name;
      if (name !== undefined) throw new CatalogueFileError(soldMessage(name), null);
      await tx.delete(contents).where(inArray(contents.categoryId, goneIds));
      await tx.delete(contentGroups).where(inArray(contentGroups.categoryId, goneIds));
      await tx.delete(categories).where(and(inArray(categories.id, goneIds), isNotNull(categories.parentId)));
      await tx.delete(categories).where(inArray(categories.id, goneIds));
    }

    if (importedContentIds.length) {
      await tx.delete(contentMedia).where(inArray(contentMedia.contentId, importedContentIds));
      await tx.delete(relatedContents).where(inArray(relatedContents.contentId, importedContentIds));
    }
    const mediaRows: (typeof contentMedia.$inferInsert)[] = [];
    const relatedRows: (typeof relatedContents.$inferInsert)[] = [];
    for (const item of planned) {
      const contentId = contentIdByRef.get(item.ref);
      if (contentId === undefined) continue;
      for (const [mi, media] of item.media.entries()) {
        mediaRows.push({
          contentId,
          name: media.name,
          mimetype: media.mimetype,
          size: media.object.size,
          storageKey: media.object.key,
          sortOrder: mi,
          translations: media.translations,
        });
      }
      const relatedIds = [...new Set(item.file.related)].map((ref) => contentIdByRef.get(ref));
      relatedIds
        .filter((id): id is number => id !== undefined && id !== contentId)
        .forEach((relatedId, sortOrder) => {
          relatedRows.push({ contentId, relatedId, sortOrder });
        });
    }
    for (const rows of chunksOf(mediaRows, BATCH_ROWS)) {
      await mediaStore.attach(
        tx,
        rows.map((row) => row.storageKey),
      );
      await tx.insert(contentMedia).values(rows);
      summary.media += rows.length;
      await nextTurn();
    }
    for (const rows of chunksOf(relatedRows, BATCH_ROWS)) {
      await tx.insert(relatedContents).values(rows);
      await nextTurn();
    }
    // Learners who own an artefact hear of the articles the import added to it.
    await notifyNewArticles(tx, newContentIds, new Date());
    return summary;
  });
}

/**
 * Checks what the schema cannot see, then stores every media file (unattached:
 * their keys go to `stored`, for removal if the import does not happen), before
 * any write to the catalogue.
 */
async function planContents(
  file: CatalogueFile,
  source: MediaSource,
  fail: (reason: string | Message, at: JsonPath) => never,
  mediaStore: MediaStore,
  stored: string[],
): Promise<PlannedContent[]> {
  const slugs = new Set<string>();
  const refs = new Set<string>();
  const planned: PlannedContent[] = [];
  const reserved = new Set<string>(RESERVED_SLUGS);
  const claimSlug = (slug: string, at: JsonPath) => {
    if (reserved.has(slug)) fail(valuedMessage("slugReserved", { slug }), [...at, "slug"]);
    if (slugs.has(slug)) fail(valuedMessage("slugUsedByCategory", { slug }), [...at, "slug"]);
    slugs.add(slug);
  };
  file.categories.forEach((parent, pi) => {
    claimSlug(parent.slug, ["categories", pi]);
    parent.artefacts.forEach((artefact, ai) => {
      const at: JsonPath = ["categories", pi, "artefacts", ai];
      claimSlug(artefact.slug, at);
      const contentSlugs = new Set<string>();
      const visit = (content: ContentFile, contentPath: JsonPath) => {
        if (contentSlugs.has(content.slug)) {
          fail(valuedMessage("contentSlugTwice", { slug: content.slug, artefact: artefact.slug }), [
            ...contentPath,
            "slug",
          ]);
        }
        contentSlugs.add(content.slug);
        const ref = `${artefact.slug}/${content.slug}`;
        refs.add(ref);
        planned.push({ file: content, path: contentPath, ref, media: [] });
      };
      artefact.groups.forEach((group, gi) => {
        group.contents.forEach((c, ci) => {
          visit(c, [...at, "groups", gi, "contents", ci]);
        });
      });
      artefact.contents.forEach((c, ci) => {
        visit(c, [...at, "contents", ci]);
      });
    });
  });
  for (const item of planned) {
    item.file.related.forEach((ref, ri) => {
      if (!refs.has(ref)) fail(valuedMessage("relatedMissing", { ref }), [...item.path, "related", ri]);
    });
    for (const [mi, media] of item.file.media.entries()) {
      const loaded = await storeMedia(media, source, [...item.path, "media", mi], fail, mediaStore);
      stored.push(loaded.object.key);
      item.media.push(loaded);
    }
  }
  return planned;
}

/** Orders keep pointing at what they sold: such things are hidden, never removed. */
const soldMessage = (name: string) => valuedMessage("importSold", { name });

/** Where media bytes come from besides inline base64: files beside the catalogue file, or a streamed file's reader. */
interface MediaSource {
  baseDir: string | undefined;
  streamed: StreamedMedia | undefined;
}

/**
 * Streams one media file (from its file beside the catalogue, or decoded from
 * base64) into the media storage; a streamed file's media are there already,
 * and are only checked.
 */
async function storeMedia(
  media: MediaFile,
  source: MediaSource,
  at: JsonPath,
  fail: (reason: string | Message, at: JsonPath) => never,
  store: MediaStore,
) {
  const tooLarge = () => fail(valuedMessage("importMediaTooLarge", { megabytes: store.maxBytes / 1024 / 1024 }), at);
  const checkType = (sniffed: { empty: boolean; mimetype: string | null }) => {
    if (sniffed.empty) fail("media file is empty", at);
    if (sniffed.mimetype !== media.mimetype) {
      fail(
        sniffed.mimetype
          ? valuedMessage("mediaContentIs", { actual: sniffed.mimetype, claimed: media.mimetype })
          : valuedMessage("mediaContentUnsupported", { claimed: media.mimetype }),
        [...at, "mimetype"],
      );
    }
  };
  if (source.streamed && media.data_base64 !== undefined) {
    const intake = source.streamed.lookup(media.data_base64);
    if (!intake) throw new Error(`import: no streamed media ${media.data_base64}`);
    if (intake.kind === "too-large") return tooLarge();
    checkType({ empty: intake.kind === "empty", mimetype: intake.kind === "stored" ? intake.mimetype : null });
    if (intake.kind !== "stored") throw new Error("import: unchecked media");
    return { name: media.name, mimetype: media.mimetype, translations: media.translations, object: intake.object };
  }
  let body: Readable;
  if (media.file !== undefined) {
    const { baseDir } = source;
    if (!baseDir) fail("media files need a catalogue file on disk; use data_base64", [...at, "file"]);
    const full = path.resolve(baseDir ?? ".", media.file);
    try {
      const stat = await fs.stat(full);
      if (!stat.isFile()) throw new Error("not a file");
      if (stat.size > store.maxBytes) tooLarge();
      body = createReadStream(full);
    } catch (error) {
      if (error instanceof CatalogueFileError) throw error;
      return fail(valuedMessage("mediaFileUnreadable", { file: media.file }), [...at, "file"]);
    }
  } else {
    const data = Buffer.from(media.data_base64 ?? "", "base64");
    if (data.length > store.maxBytes) tooLarge();
    body = Readable.from([data]);
  }
  const sniffed = await sniffStream(body);
  try {
    checkType(sniffed);
  } catch (error) {
    body.destroy();
    throw error;
  }
  try {
    return {
      name: media.name,
      mimetype: media.mimetype,
      translations: media.translations,
      object: await store.put(sniffed.body, media.mimetype),
    };
  } catch (error) {
    if (error instanceof MediaTooLargeError) return tooLarge();
    throw error;
  }
}

async function upsertCategory(
  tx: DbOrTx,
  c: {
    slug: string;
    name: string;
    icon: string;
    single_line: string;
    is_header_menu: boolean;
    hidden: boolean;
    meta_title?: string | null | undefined;
    meta_description?: string | null | undefined;
    parentId: number | null;
    sortOrder: number;
    priceMinor: number | null;
    paymentNote: string | null;
    taxClass: TaxClass;
    translations: Translations;
  },
): Promise<number> {
  const values = {
    slug: c.slug,
    parentId: c.parentId,
    name: c.name,
    icon: c.icon,
    singleLine: c.single_line,
    isHeaderMenu: c.is_header_menu,
    hidden: c.hidden,
    sortOrder: c.sortOrder,
    priceMinor: c.priceMinor,
    paymentNote: c.paymentNote,
    taxClass: c.taxClass,
    metaTitle: c.meta_title ?? null,
    metaDescription: c.meta_description ?? null,
    translations: c.translations,
    updatedAt: new Date(),
  };
  const [row] = await tx
    .insert(categories)
    .values(values)
    .onConflictDoUpdate({ target: categories.slug, set: values })
    .returning({ id: categories.id });
  if (!row) throw new Error("category upsert returned nothing");
  return row.id;
}

async function syncGroups(
  tx: DbOrTx,
  categoryId: number,
  /** A group's tax class null: taxed as its artefact. */
  groups: {
    name: string;
    priceMinor: number | null;
    paymentNote: string | null;
    taxClass: TaxClass | null;
    translations: Translations;
  }[],
): Promise<number[]> {
  const existing = await tx
    .select({ id: contentGroups.id, name: contentGroups.name })
    .from(contentGroups)
    .where(eq(contentGroups.categoryId, categoryId));
  const ids: number[] = [];
  for (const [gi, group] of groups.entries()) {
    const values = {
      categoryId,
      name: group.name,
      priceMinor: group.priceMinor,
      paymentNote: group.paymentNote,
      taxClass: group.taxClass,
      translations: group.translations,
      sortOrder: gi,
      updatedAt: new Date(),
    };
    const matchIndex = existing.findIndex((e) => e.name === group.name);
    const match = matchIndex >= 0 ? existing.splice(matchIndex, 1)[0] : undefined;
    if (match) {
      await tx.update(contentGroups).set(values).where(eq(contentGroups.id, match.id));
      ids.push(match.id);
    } else {
      const [row] = await tx.insert(contentGroups).values(values).returning({ id: contentGroups.id });
      if (!row) throw new Error("group insert returned nothing");
      ids.push(row.id);
    }
  }
  if (existing.length) {
    const goneIds = existing.map((e) => e.id);
    const [sold] = await tx
      .select({ groupId: orderLines.groupId })
      .from(orderLines)
      .where(inArray(orderLines.groupId, goneIds))
      .limit(1);
    const name = existing.find((e) => e.id === sold?.groupId)?.name;
    if (name !== undefined) throw new CatalogueFileError(soldMessage(name), null);
    await tx.update(contents).set({ groupId: null }).where(inArray(contents.groupId, goneIds));
    await tx.delete(contentGroups).where(inArray(contentGroups.id, goneIds));
  }
  return ids;
}

type ContentValues = typeof contents.$inferInsert;

/** How many rows a write of the import sends in one statement. */
const BATCH_ROWS = 200;

function* chunksOf<T>(items: T[], size: number): Generator<T[]> {
  for (let at = 0; at < items.length; at += size) yield items.slice(at, at + size);
}

function contentValues(categoryId: number, groupId: number | null, sortOrder: number, c: ContentFile): ContentValues {
  return {
    categoryId,
    groupId,
    slug: c.slug,
    title: c.title,
    shortDescription: c.short_description,
    description: sanitizeArticleHtml(c.description),
    metaTitle: c.meta_title ?? null,
    metaDescription: c.meta_description ?? null,
    translations: sanitizedTranslations(c.translations),
    sortOrder,
    updatedAt: new Date(),
  };
}

/** Inserts or updates (by artefact and slug) a batch of articles: their ids, in the batch's order. */
async function upsertContents(tx: DbOrTx, rows: ContentValues[]): Promise<{ id: number; inserted: boolean }[]> {
  const excluded = (column: { name: string }) => sql.raw(`excluded.${column.name}`);
  const written = await tx
    .insert(contents)
    .values(rows)
    .onConflictDoUpdate({
      target: [contents.categoryId, contents.slug],
      set: {
        groupId: excluded(contents.groupId),
        title: excluded(contents.title),
        shortDescription: excluded(contents.shortDescription),
        description: excluded(contents.description),
        metaTitle: excluded(contents.metaTitle),
        metaDescription: excluded(contents.metaDescription),
        translations: excluded(contents.translations),
        sortOrder: excluded(contents.sortOrder),
        updatedAt: excluded(contents.updatedAt),
      },
    })
    // xmax is 0 on a row this statement inserted, and set on one it updated.
    .returning({
      id: contents.id,
      categoryId: contents.categoryId,
      slug: contents.slug,
      inserted: sql<boolean>`(xmax = 0)`,
    });
  // RETURNING's order is not promised: rows are matched back by (artefact, slug), unique in a batch.
  const byKey = new Map(written.map((row) => [`${row.categoryId}/${row.slug}`, row]));
  return rows.map((row) => {
    const got = byKey.get(`${row.categoryId}/${row.slug}`);
    if (!got) throw new Error("content upsert returned nothing");
    return { id: got.id, inserted: got.inserted };
  });
}

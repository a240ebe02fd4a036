import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { ImportSummary } from "@skillshelf/shared/admin-forms.ts";
import {
  type ArtefactFile,
  type CatalogueFileInput,
  type ContentFile,
  catalogueSchemas,
  type GroupFile,
  type MediaFile,
  type ParentFile,
} from "@skillshelf/shared/catalogue-file.ts";
import type { Translations } from "@skillshelf/shared/catalogue-translations.ts";
import type { Message } from "@skillshelf/shared/i18n/message.ts";
import { valuedMessage } from "@skillshelf/shared/i18n/valued-messages.ts";
import { toMinor } from "@skillshelf/shared/money.ts";
import { RESERVED_SLUGS } from "@skillshelf/shared/reserved-slugs.ts";
import type { TaxClass } from "@skillshelf/shared/tax.ts";
import { and, eq, inArray, isNotNull, notInArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client.ts";
import {
  catalogueImportRows,
  categories,
  contentGroups,
  contentMedia,
  contents,
  orderLines,
  relatedContents,
} from "../db/schema/index.ts";
import { type MediaStore, sniffStream } from "../media/media-store.ts";
import { MediaTooLargeError } from "../media/storage.ts";
import { notifyNewArticles } from "../notifications/notifications.ts";
import {
  CatalogueFileError,
  type CatalogueItemKind,
  type CatalogueItems,
  type JsonPath,
  type LineOf,
  noLines,
  type StreamedMedia,
  validateAt,
} from "./read-catalogue-file.ts";
import { sanitizeArticleHtml, sanitizedTranslations } from "./sanitize-html.ts";

export type { ImportSummary };

/** The group number of an artefact's own articles among the staged rows: after every group's. */
const UNGROUPED = 2_147_483_647;

/** An item's key among the staged rows (parent, artefact, group, position), from its path in the file. */
function stagedKey(kind: CatalogueItemKind, path: JsonPath): [number, number, number, number] {
  const at = (index: number) => Number(path[index]);
  if (kind === "parent") return [at(1), -1, -1, -1];
  if (kind === "artefact") return [at(1), at(3), -1, -1];
  // categories[p].artefacts[a].groups[g].contents[i], or categories[p].artefacts[a].contents[i]
  return path[4] === "groups" ? [at(1), at(3), at(5), at(7)] : [at(1), at(3), UNGROUPED, at(5)];
}

type ArticleFields = Omit<ContentValues, "categoryId" | "groupId" | "sortOrder" | "updatedAt">;

/** What an artefact's row holds: the artefact without its articles, its groups without theirs. */
type StagedArtefact = Omit<ArtefactFile, "contents" | "groups"> & { groups: Omit<GroupFile, "contents">[] };
type StagedParent = Omit<ParentFile, "artefacts">;
interface StagedArticle {
  slug: string;
  fields: ArticleFields;
  related: string[];
  media: { name: string; mimetype: string; translations: Translations; key: string; size: number }[];
}

/**
 * The first half of an import: takes the file's items as they are read (CatalogueItems), checks each
 * (the format, slugs, media) and writes it to catalogue_import_rows in batches, its media already in the
 * storage, unattached; what must wait for the whole file (related entries, the outline) is checked at
 * its end. Memory holds the item being checked, a batch of rows, and the slugs and related entries
 * (a few dozen bytes an article): never the catalogue's text.
 */
class CatalogueStage implements CatalogueItems {
  readonly key = randomUUID();
  /** Set by a streamed file's reader: the media it stored. */
  streamed: StreamedMedia | undefined;
  /** Every media object stored for the file: removed if the import does not happen. */
  readonly stored: string[] = [];
  private readonly slugs = new Set<string>();
  private readonly reserved = new Set<string>(RESERVED_SLUGS);
  /** "artefact-slug/content-slug" of every article read. */
  private readonly refs = new Set<string>();
  /** Every related entry and its line, checked once every article is known. */
  private readonly related: { ref: string; line: number | null }[] = [];
  /** The slugs of the articles of the artefact being read (its own slug may come after them in the file). */
  private articles = new Set<string>();
  private slugTwice: { slug: string; line: number | null } | null = null;
  private rows: (typeof catalogueImportRows.$inferInsert)[] = [];
  private rowBytes = 0;

  constructor(
    private readonly db: Db,
    private readonly media: MediaStore,
    private readonly currency: string,
    private readonly baseDir: string | undefined,
  ) {}

  async item(kind: CatalogueItemKind, path: JsonPath, value: unknown, lineOf: LineOf): Promise<void> {
    const schemas = catalogueSchemas(this.currency);
    let staged: StagedParent | StagedArtefact | StagedArticle;
    if (kind === "content") {
      staged = await this.article(validateAt(schemas.content, value, path, lineOf), lineOf);
    } else if (kind === "artefact") {
      const { contents: _, groups, ...artefact } = validateAt(schemas.artefact, value, path, lineOf);
      this.claimSlug(artefact.slug, lineOf(["slug"]));
      const twice = this.slugTwice;
      if (twice) throw new CatalogueFileError(contentSlugTwice(twice.slug, artefact.slug), twice.line);
      for (const slug of this.articles) this.refs.add(`${artefact.slug}/${slug}`);
      this.articles = new Set();
      staged = { ...artefact, groups: groups.map(({ contents: _c, ...group }) => group) };
    } else {
      const { artefacts: _, ...parent } = validateAt(schemas.parent, value, path, lineOf);
      this.claimSlug(parent.slug, lineOf(["slug"]));
      staged = parent;
    }
    await this.stage(stagedKey(kind, path), staged);
  }

  /** An article checked: its slug in its artefact, its related entries noted, its media stored. */
  private async article(content: ContentFile, lineOf: LineOf): Promise<StagedArticle> {
    if (this.articles.has(content.slug)) this.slugTwice ??= { slug: content.slug, line: lineOf(["slug"]) };
    this.articles.add(content.slug);
    content.related.forEach((ref, ri) => {
      this.related.push({ ref, line: lineOf(["related", ri]) });
    });
    const fail = (reason: string | Message, at: JsonPath): never => {
      throw new CatalogueFileError(reason, lineOf(at));
    };
    const source = { baseDir: this.baseDir, streamed: this.streamed };
    const media: StagedArticle["media"] = [];
    for (const [mi, file] of content.media.entries()) {
      const { name, mimetype, translations, object } = await storeMedia(file, source, ["media", mi], fail, this.media);
      this.stored.push(object.key);
      media.push({ name, mimetype, translations, key: object.key, size: object.size });
    }
    return { slug: content.slug, fields: articleFields(content), related: content.related, media };
  }

  /** The file's outline (its categories handed on already), then what needs every article. */
  async rest(value: unknown, lineOf: LineOf): Promise<void> {
    validateAt(catalogueSchemas(this.currency).file, value, [], lineOf);
    for (const { ref, line } of this.related) {
      if (!this.refs.has(ref)) throw new CatalogueFileError(valuedMessage("relatedMissing", { ref }), line);
    }
    await this.flush();
  }

  private claimSlug(slug: string, line: number | null) {
    if (this.reserved.has(slug)) throw new CatalogueFileError(valuedMessage("slugReserved", { slug }), line);
    if (this.slugs.has(slug)) throw new CatalogueFileError(valuedMessage("slugUsedByCategory", { slug }), line);
    this.slugs.add(slug);
  }

  private async stage(
    [parentNo, artefactNo, groupNo, itemNo]: [number, number, number, number],
    item: StagedParent | StagedArtefact | StagedArticle,
  ): Promise<void> {
    const data = JSON.stringify(item);
    this.rows.push({ importKey: this.key, parentNo, artefactNo, groupNo, itemNo, data });
    this.rowBytes += data.length;
    if (this.rows.length >= BATCH_ROWS || this.rowBytes >= STAGE_BATCH_BYTES) await this.flush();
  }

  private async flush() {
    if (!this.rows.length) return;
    const rows = this.rows;
    this.rows = [];
    this.rowBytes = 0;
    // A key twice (a list given twice in one object): the later one, as JSON.parse keeps the later key.
    await this.db
      .insert(catalogueImportRows)
      .values(rows)
      .onConflictDoUpdate({
        target: [
          catalogueImportRows.importKey,
          catalogueImportRows.parentNo,
          catalogueImportRows.artefactNo,
          catalogueImportRows.groupNo,
          catalogueImportRows.itemNo,
        ],
        set: { data: sql.raw(`excluded.${catalogueImportRows.data.name}`) },
      });
  }

  /** Removes the rows and the media of an import that did not happen. */
  async discard(): Promise<void> {
    // Rows a failed delete leaves (the database went away) go with a later import (STAGE_ABANDONED_AFTER).
    await this.db
      .delete(catalogueImportRows)
      .where(eq(catalogueImportRows.importKey, this.key))
      .catch(() => {});
    await this.media.discard(this.stored);
  }
}

/** A batch of staged rows is written once it holds this much text, even with fewer than BATCH_ROWS rows. */
const STAGE_BATCH_BYTES = 1024 * 1024;

/** Staged rows an import left behind (its process ended mid-way) are removed by a later import after this. */
const STAGE_ABANDONED_AFTER = "1 day";

/**
 * Makes the store's catalogue exactly a file's, the file read by `read`, which hands its items to the
 * stage it is given (as a streamed file is read, or walked in memory): each is checked and written to
 * catalogue_import_rows as it comes, media to the storage; then one transaction applies them. Rows are
 * matched by slug (categories, contents) or by name (groups) so their ids stay stable; what the file no
 * longer has is removed. Every check of the file runs before the transaction, and any failure leaves
 * the catalogue as it was and no media behind.
 */
export async function importCatalogue(options: {
  db: Db;
  /** Where the media bytes go; each file is stored (streamed) as it is read, attached in the transaction. */
  media: MediaStore;
  /** The store's currency: the file's major-unit prices become its minor units. */
  currency: string;
  /** Folder that media `file` paths are relative to. */
  baseDir?: string | undefined;
  read: (stage: (streamed?: StreamedMedia) => CatalogueItems) => Promise<unknown>;
}): Promise<ImportSummary> {
  const { db } = options;
  await db
    .delete(catalogueImportRows)
    .where(sql`${catalogueImportRows.createdAt} < now() - ${STAGE_ABANDONED_AFTER}::interval`);
  const stage = new CatalogueStage(db, options.media, options.currency, options.baseDir);
  try {
    await options.read((streamed) => {
      stage.streamed = streamed;
      return stage;
    });
    return await applyStaged(db, options.media, stage.key, options.currency);
  } catch (error) {
    await stage.discard();
    throw error;
  }
}

/** An in-memory file's items handed to `items` as a streamed file's reader hands them on (CatalogueItems). */
export async function walkCatalogue(file: CatalogueFileInput, items: CatalogueItems): Promise<void> {
  for (const [p, parent] of file.categories.entries()) {
    for (const [a, artefact] of (parent.artefacts ?? []).entries()) {
      const at: JsonPath = ["categories", p, "artefacts", a];
      for (const [g, group] of (artefact.groups ?? []).entries()) {
        for (const [i, c] of (group.contents ?? []).entries())
          await items.item("content", [...at, "groups", g, "contents", i], c, noLines);
      }
      for (const [i, c] of (artefact.contents ?? []).entries())
        await items.item("content", [...at, "contents", i], c, noLines);
      const groups = artefact.groups?.map((group) => ({ ...group, contents: [] }));
      await items.item("artefact", at, { ...artefact, ...(groups ? { groups } : {}), contents: [] }, noLines);
    }
    await items.item("parent", ["categories", p], { ...parent, artefacts: [] }, noLines);
  }
  await items.rest({ ...file, categories: [] }, noLines);
}

/** The staged rows of an import in the file's order (parent, its artefacts each with its articles), a batch at a time. */
async function* stagedRows(tx: DbOrTx, importKey: string) {
  const t = catalogueImportRows;
  let after = [-1, -1, -1, -1];
  for (;;) {
    const rows = await tx
      .select({ parentNo: t.parentNo, artefactNo: t.artefactNo, groupNo: t.groupNo, itemNo: t.itemNo, data: t.data })
      .from(t)
      .where(
        and(
          eq(t.importKey, importKey),
          sql`(${t.parentNo}, ${t.artefactNo}, ${t.groupNo}, ${t.itemNo}) > (${after[0]}, ${after[1]}, ${after[2]}, ${after[3]})`,
        ),
      )
      .orderBy(t.parentNo, t.artefactNo, t.groupNo, t.itemNo)
      .limit(BATCH_ROWS);
    for (const row of rows) yield row;
    const last = rows.at(-1);
    if (!last || rows.length < BATCH_ROWS) return;
    after = [last.parentNo, last.artefactNo, last.groupNo, last.itemNo];
  }
}

/**
 * The second half of an import: in one transaction, the staged rows become the catalogue, read back a
 * batch at a time; articles are written BATCH_ROWS to a statement, with their media and related rows.
 */
async function applyStaged(
  db: Db,
  mediaStore: MediaStore,
  importKey: string,
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
    /** Each imported article's related entries, resolved once every article has its id. */
    const relatedOf: { contentId: number; related: string[] }[] = [];
    // Articles are written BATCH_ROWS to a statement: one statement per row would cost a round trip and
    // a query's worth of garbage each, 8,200 times for a catalogue 100 times the demo's.
    let pending: { ref: string; values: ContentValues; article: StagedArticle }[] = [];
    const flushContents = async () => {
      if (pending.length === 0) return;
      const batch = pending;
      pending = [];
      const rows = await upsertContents(
        tx,
        batch.map((item) => item.values),
      );
      const ids = rows.map((row) => row.id);
      await tx.delete(contentMedia).where(inArray(contentMedia.contentId, ids));
      await tx.delete(relatedContents).where(inArray(relatedContents.contentId, ids));
      const mediaRows: (typeof contentMedia.$inferInsert)[] = [];
      for (const [i, row] of rows.entries()) {
        const item = batch[i];
        if (!item) continue;
        if (row.inserted) newContentIds.push(row.id);
        importedContentIds.push(row.id);
        contentIdByRef.set(item.ref, row.id);
        summary.contents++;
        if (item.article.related.length) relatedOf.push({ contentId: row.id, related: item.article.related });
        for (const [mi, media] of item.article.media.entries()) {
          mediaRows.push({
            contentId: row.id,
            name: media.name,
            mimetype: media.mimetype,
            size: media.size,
            storageKey: media.key,
            sortOrder: mi,
            translations: media.translations,
          });
        }
      }
      if (mediaRows.length) {
        await mediaStore.attach(
          tx,
          mediaRows.map((row) => row.storageKey),
        );
        await tx.insert(contentMedia).values(mediaRows);
        summary.media += mediaRows.length;
      }
    };

    let parentId: number | null = null;
    let artefact: { id: number; slug: string; groupIds: number[]; placed: number } | null = null;
    for await (const row of stagedRows(tx, importKey)) {
      if (row.artefactNo < 0) {
        const parent = JSON.parse(row.data) as StagedParent;
        parentId = await upsertCategory(tx, {
          ...parent,
          parentId: null,
          sortOrder: row.parentNo,
          priceMinor: null,
          paymentNote: null,
          // Parents are never sold: theirs is the column's default.
          taxClass: "standard",
        });
        keptCategoryIds.push(parentId);
        summary.parents++;
      } else if (row.groupNo < 0) {
        const staged = JSON.parse(row.data) as StagedArtefact;
        const id = await upsertCategory(tx, {
          ...staged,
          parentId,
          sortOrder: row.artefactNo,
          priceMinor: minorOf(staged.price),
          paymentNote: staged.payment_note ?? null,
          taxClass: staged.tax_class,
        });
        keptCategoryIds.push(id);
        summary.artefacts++;
        const groupIds = await syncGroups(
          tx,
          id,
          staged.groups.map((g) => ({
            name: g.name,
            priceMinor: minorOf(g.price),
            paymentNote: g.payment_note ?? null,
            taxClass: g.tax_class ?? null,
            translations: g.translations,
          })),
        );
        summary.groups += groupIds.length;
        artefact = { id, slug: staged.slug, groupIds, placed: 0 };
        // PGlite answers each statement without a turn of the event loop in between: without this, a
        // large import's writes would hold every other request, even pages kept in memory, until they end.
        await nextTurn();
      } else if (artefact) {
        const article = JSON.parse(row.data) as StagedArticle;
        const groupId = row.groupNo === UNGROUPED ? null : (artefact.groupIds[row.groupNo] ?? null);
        pending.push({
          ref: `${artefact.slug}/${article.slug}`,
          values: {
            ...article.fields,
            categoryId: artefact.id,
            groupId,
            sortOrder: artefact.placed++,
            updatedAt: new Date(),
          },
          article,
        });
        if (pending.length >= BATCH_ROWS) await flushContents();
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

    let relatedRows: (typeof relatedContents.$inferInsert)[] = [];
    for (const { contentId, related } of relatedOf) {
      [...new Set(related)]
        .map((ref) => contentIdByRef.get(ref))
        .filter((id): id is number => id !== undefined && id !== contentId)
        .forEach((relatedId, sortOrder) => {
          relatedRows.push({ contentId, relatedId, sortOrder });
        });
      if (relatedRows.length >= BATCH_ROWS) {
        await tx.insert(relatedContents).values(relatedRows);
        relatedRows = [];
        await nextTurn();
      }
    }
    if (relatedRows.length) await tx.insert(relatedContents).values(relatedRows);
    // Learners who own an artefact hear of the articles the import added to it.
    await notifyNewArticles(tx, newContentIds, new Date());
    await tx.delete(catalogueImportRows).where(eq(catalogueImportRows.importKey, importKey));
    return summary;
  });
}

/** Orders keep pointing at what they sold: such things are hidden, never removed. */
const soldMessage = (name: string) => valuedMessage("importSold", { name });

const contentSlugTwice = (slug: string, artefact: string) => valuedMessage("contentSlugTwice", { slug, artefact });

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

/** An article's columns of its own, its HTML made safe. */
function articleFields(c: ContentFile): ArticleFields {
  return {
    slug: c.slug,
    title: c.title,
    shortDescription: c.short_description,
    description: sanitizeArticleHtml(c.description),
    metaTitle: c.meta_title ?? null,
    metaDescription: c.meta_description ?? null,
    translations: sanitizedTranslations(c.translations),
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

import { Readable } from "node:stream";
import type { ArtefactFile, CatalogueFile, ContentFile, MediaFile } from "@skillshelf/shared/catalogue-file.ts";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  categories,
  contentGroups,
  contentMedia,
  contents,
  mediaObjects,
  relatedContents,
} from "../../db/schema/index.ts";
import type { MediaStore } from "../../media/media-store.ts";
import type { StorageKind } from "../../media/storage.ts";
import { catalogueWrite, toMajor } from "./catalogue-write.ts";

/** Optional file fields are left out rather than written as null: the file stays short and reads like the docs. */
const optional = <K extends string, V>(key: K, value: V | null) =>
  (value === null ? {} : { [key]: value }) as Partial<Record<K, V>>;

/** Stands for a media file's base64 in the skeleton text; no catalogue text holds a NUL (read-catalogue-file.ts refuses it). */
const PLACEHOLDER = "\u0000media:";
const PLACEHOLDER_JSON = /"\\u0000media:(\d+)"/;

type StoredMedia = { storage: StorageKind; key: string; size: number };

/**
 * The whole catalogue, hidden parts included, in the format of
 * docs/catalogue-format.md with media inlined as base64: importing it gives
 * the same catalogue back. The rows are read under the catalogue lock so that
 * no edit or import lands half-way through; the text is then streamed, each
 * media file's bytes read from its storage as they are sent, so no file is
 * ever whole in memory.
 */
export async function exportCatalogue(
  db: Db,
  media: MediaStore,
): Promise<{ text: Readable; categories: number; artefacts: number }> {
  const files: StoredMedia[] = [];
  const skeleton = await readCatalogue(db, (file) => {
    files.push(file);
    return `${PLACEHOLDER}${files.length - 1}`;
  });
  // Indented, so that a refusal on re-import points at a useful line.
  const pieces = JSON.stringify(skeleton, null, 2).split(PLACEHOLDER_JSON);
  async function* text(): AsyncGenerator<string> {
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i] ?? "";
      if (i % 2 === 0) {
        yield piece;
        continue;
      }
      const file = files[Number(piece)];
      if (!file) throw new Error(`export: no media ${piece}`);
      yield '"';
      yield* base64Of(await media.readAll(file));
      yield '"';
    }
    yield "\n";
  }
  return {
    text: Readable.from(text(), { objectMode: false }),
    categories: skeleton.categories.length,
    artefacts: skeleton.categories.reduce((n, p) => n + p.artefacts.length, 0),
  };
}

/** A stream's bytes as base64 text, piece by piece (three bytes make four characters, so remainders carry over). */
async function* base64Of(bytes: Readable): AsyncGenerator<string> {
  let carry = Buffer.alloc(0);
  for await (const chunk of bytes as AsyncIterable<Buffer>) {
    const all = carry.length ? Buffer.concat([carry, chunk]) : chunk;
    const whole = all.length - (all.length % 3);
    if (whole) yield all.subarray(0, whole).toString("base64");
    carry = Buffer.from(all.subarray(whole));
  }
  if (carry.length) yield carry.toString("base64");
}

function readCatalogue(db: Db, mediaText: (file: StoredMedia) => string): Promise<CatalogueFile> {
  return catalogueWrite(db, async (tx) => {
    const [categoryRows, groupRows, contentRows, mediaRows, relatedRows] = await Promise.all([
      tx.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.id)),
      tx.select().from(contentGroups).orderBy(asc(contentGroups.sortOrder), asc(contentGroups.id)),
      tx.select().from(contents).orderBy(asc(contents.sortOrder), asc(contents.id)),
      tx
        .select({
          contentId: contentMedia.contentId,
          name: contentMedia.name,
          mimetype: contentMedia.mimetype,
          size: contentMedia.size,
          key: contentMedia.storageKey,
          storage: mediaObjects.storage,
        })
        .from(contentMedia)
        .innerJoin(mediaObjects, eq(mediaObjects.key, contentMedia.storageKey))
        .orderBy(asc(contentMedia.sortOrder), asc(contentMedia.id)),
      tx
        .select({ contentId: relatedContents.contentId, slug: contents.slug, categorySlug: categories.slug })
        .from(relatedContents)
        .innerJoin(contents, eq(contents.id, relatedContents.relatedId))
        .innerJoin(categories, eq(categories.id, contents.categoryId))
        .orderBy(asc(relatedContents.sortOrder), asc(relatedContents.relatedId)),
    ]);

    const toContent = (c: (typeof contentRows)[number]): ContentFile => ({
      slug: c.slug,
      title: c.title,
      short_description: c.shortDescription,
      description: c.description,
      ...optional("meta_title", c.metaTitle),
      ...optional("meta_description", c.metaDescription),
      media: mediaRows
        .filter((m) => m.contentId === c.id)
        .map(
          (m) =>
            ({
              name: m.name,
              mimetype: m.mimetype,
              data_base64: mediaText({ storage: m.storage as StorageKind, key: m.key, size: m.size }),
            }) as MediaFile,
        ),
      related: relatedRows.filter((r) => r.contentId === c.id).map((r) => `${r.categorySlug}/${r.slug}`),
    });
    const contentsOf = (categoryId: number, groupId: number | null) =>
      contentRows.filter((c) => c.categoryId === categoryId && c.groupId === groupId).map(toContent);
    const common = (c: (typeof categoryRows)[number]) => ({
      slug: c.slug,
      name: c.name,
      icon: c.icon,
      single_line: c.singleLine,
      is_header_menu: c.isHeaderMenu,
      hidden: c.hidden,
      ...optional("meta_title", c.metaTitle),
      ...optional("meta_description", c.metaDescription),
    });
    const toArtefact = (a: (typeof categoryRows)[number]): ArtefactFile => ({
      ...common(a),
      ...optional("price", toMajor(a.priceMinor)),
      ...optional("payment_note", a.paymentNote),
      groups: groupRows
        .filter((g) => g.categoryId === a.id)
        .map((g) => ({
          name: g.name,
          ...optional("price", toMajor(g.priceMinor)),
          ...optional("payment_note", g.paymentNote),
          contents: contentsOf(a.id, g.id),
        })),
      contents: contentsOf(a.id, null),
    });
    return {
      version: 1 as const,
      categories: categoryRows
        .filter((p) => p.parentId === null)
        .map((p) => ({ ...common(p), artefacts: categoryRows.filter((a) => a.parentId === p.id).map(toArtefact) })),
    };
  });
}

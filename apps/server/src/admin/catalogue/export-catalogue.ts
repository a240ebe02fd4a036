import { Readable } from "node:stream";
import type { Translations } from "@skillshelf/shared/catalogue-translations.ts";
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

/** An item's translations, only when it has some. */
const translated = (translations: Translations) => (Object.keys(translations).length > 0 ? { translations } : {});

/** Stands for a media file's base64 in the skeleton; no catalogue text holds a NUL (read-catalogue-file.ts refuses it). */
const PLACEHOLDER = "\u0000media:";

type StoredMedia = { storage: StorageKind; key: string; size: number };

/** An item of the file as written: the fields docs/catalogue-format.md names, only those it has. */
type FileItem = Record<string, unknown>;
/** The file as written (the newest version of the format); importing it checks it against the format. */
interface ExportedFile {
  version: 2;
  categories: (FileItem & { artefacts: FileItem[] })[];
}

/** Text is handed on in pieces of about this size. */
const PIECE_CHARS = 64 * 1024;

/**
 * The whole catalogue, hidden parts included, in the format of
 * docs/catalogue-format.md with media inlined as base64: importing it gives
 * the same catalogue back. The rows are read under the catalogue lock so that
 * no edit or import lands half-way through; the text is then streamed as
 * JSON.stringify(file, null, 2) would write it, piece by piece, each media
 * file's bytes read from its storage as they are sent: neither the text nor
 * any file is ever whole in memory.
 */
export async function exportCatalogue(
  db: Db,
  media: MediaStore,
  /** The store's currency: prices are written in its major units (whole yen for JPY). */
  currency: string,
): Promise<{ text: Readable; categories: number; artefacts: number }> {
  const files: StoredMedia[] = [];
  const skeleton = await readCatalogue(db, currency, (file) => {
    files.push(file);
    return `${PLACEHOLDER}${files.length - 1}`;
  });
  async function* text(): AsyncGenerator<string> {
    let buffered = "";
    for await (const piece of pretty(skeleton, "")) {
      buffered += piece;
      if (buffered.length >= PIECE_CHARS) {
        yield buffered;
        buffered = "";
      }
    }
    yield `${buffered}\n`;
  }
  /** JSON.stringify(value, null, 2), indented by `pad`, in pieces; a media placeholder becomes the file's base64. */
  async function* pretty(value: unknown, pad: string): AsyncGenerator<string> {
    if (typeof value === "string" && value.startsWith(PLACEHOLDER)) {
      const file = files[Number(value.slice(PLACEHOLDER.length))];
      if (!file) throw new Error(`export: no media ${value}`);
      yield '"';
      yield* base64Of(await media.readAll(file));
      yield '"';
      return;
    }
    if (value === null || typeof value !== "object") {
      yield JSON.stringify(value);
      return;
    }
    const inner = `${pad}  `;
    const entries = Array.isArray(value)
      ? value.map((item) => [null, item] as const)
      : Object.entries(value).filter(([, item]) => item !== undefined);
    const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
    if (!entries.length) {
      yield open + close;
      return;
    }
    yield open;
    for (const [i, [key, item]] of entries.entries()) {
      yield `${i ? "," : ""}\n${inner}${key === null ? "" : `${JSON.stringify(key)}: `}`;
      yield* pretty(item, inner);
    }
    yield `\n${pad}${close}`;
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

function readCatalogue(db: Db, currency: string, mediaText: (file: StoredMedia) => string): Promise<ExportedFile> {
  return catalogueWrite(db, async (tx) => {
    // One after another: a transaction is one connection, which answers one query at a time (node-postgres
    // queues the rest, and will refuse them from pg 9).
    const categoryRows = await tx.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.id));
    const groupRows = await tx
      .select()
      .from(contentGroups)
      .orderBy(asc(contentGroups.sortOrder), asc(contentGroups.id));
    const contentRows = await tx.select().from(contents).orderBy(asc(contents.sortOrder), asc(contents.id));
    const mediaRows = await tx
      .select({
        contentId: contentMedia.contentId,
        name: contentMedia.name,
        mimetype: contentMedia.mimetype,
        size: contentMedia.size,
        translations: contentMedia.translations,
        key: contentMedia.storageKey,
        storage: mediaObjects.storage,
      })
      .from(contentMedia)
      .innerJoin(mediaObjects, eq(mediaObjects.key, contentMedia.storageKey))
      .orderBy(asc(contentMedia.sortOrder), asc(contentMedia.id));
    const relatedRows = await tx
      .select({ contentId: relatedContents.contentId, slug: contents.slug, categorySlug: categories.slug })
      .from(relatedContents)
      .innerJoin(contents, eq(contents.id, relatedContents.relatedId))
      .innerJoin(categories, eq(categories.id, contents.categoryId))
      .orderBy(asc(relatedContents.sortOrder), asc(relatedContents.relatedId));

    const mediaOf = groupBy(mediaRows, (m) => m.contentId);
    const relatedOf = groupBy(relatedRows, (r) => r.contentId);
    const contentsIn = groupBy(contentRows, (c) => `${c.categoryId}/${c.groupId}`);
    const groupsOf = groupBy(groupRows, (g) => g.categoryId);
    const childrenOf = groupBy(categoryRows, (c) => c.parentId);
    const toContent = (c: (typeof contentRows)[number]): FileItem => ({
      slug: c.slug,
      title: c.title,
      short_description: c.shortDescription,
      description: c.description,
      ...optional("meta_title", c.metaTitle),
      ...optional("meta_description", c.metaDescription),
      media: (mediaOf.get(c.id) ?? []).map(
        (m) =>
          ({
            name: m.name,
            mimetype: m.mimetype,
            ...translated(m.translations),
            data_base64: mediaText({ storage: m.storage as StorageKind, key: m.key, size: m.size }),
          }) satisfies FileItem,
      ),
      related: (relatedOf.get(c.id) ?? []).map((r) => `${r.categorySlug}/${r.slug}`),
      ...translated(c.translations),
    });
    const contentsOf = (categoryId: number, groupId: number | null) =>
      (contentsIn.get(`${categoryId}/${groupId}`) ?? []).map(toContent);
    const common = (c: (typeof categoryRows)[number]) => ({
      slug: c.slug,
      name: c.name,
      icon: c.icon,
      single_line: c.singleLine,
      is_header_menu: c.isHeaderMenu,
      hidden: c.hidden,
      ...optional("meta_title", c.metaTitle),
      ...optional("meta_description", c.metaDescription),
      ...translated(c.translations),
    });
    const toArtefact = (a: (typeof categoryRows)[number]): FileItem => ({
      ...common(a),
      ...optional("price", toMajor(a.priceMinor, currency)),
      ...optional("payment_note", a.paymentNote),
      tax_class: a.taxClass,
      groups: (groupsOf.get(a.id) ?? []).map((g) => ({
        name: g.name,
        ...optional("price", toMajor(g.priceMinor, currency)),
        ...optional("payment_note", g.paymentNote),
        // Only when set: a group without one is taxed as its artefact.
        ...optional("tax_class", g.taxClass),
        ...translated(g.translations),
        contents: contentsOf(a.id, g.id),
      })),
      contents: contentsOf(a.id, null),
    });
    return {
      version: 2 as const,
      categories: (childrenOf.get(null) ?? []).map((p) => ({
        ...common(p),
        artefacts: (childrenOf.get(p.id) ?? []).map(toArtefact),
      })),
    };
  });
}

/** Rows by a key, each list in the rows' order. */
function groupBy<T, K>(rows: T[], keyOf: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = groups.get(key);
    if (list) list.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

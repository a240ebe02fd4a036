import type { ArtefactFile, CatalogueFile, ContentFile, MediaFile } from "@skillshelf/shared/catalogue-file.ts";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories, contentGroups, contentMedia, contents, relatedContents } from "../../db/schema/index.ts";
import { catalogueWrite, toMajor } from "./catalogue-write.ts";

/** Optional file fields are left out rather than written as null: the file stays short and reads like the docs. */
const optional = <K extends string, V>(key: K, value: V | null) =>
  (value === null ? {} : { [key]: value }) as Partial<Record<K, V>>;

/**
 * The whole catalogue, hidden parts included, in the format of
 * docs/catalogue-format.md with media inlined as base64: importing it gives
 * the same catalogue back. Read under the catalogue lock so that no edit or
 * import lands half-way through.
 */
export function exportCatalogue(db: Db): Promise<CatalogueFile> {
  return catalogueWrite(db, async (tx) => {
    const [categoryRows, groupRows, contentRows, mediaRows, relatedRows] = await Promise.all([
      tx.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.id)),
      tx.select().from(contentGroups).orderBy(asc(contentGroups.sortOrder), asc(contentGroups.id)),
      tx.select().from(contents).orderBy(asc(contents.sortOrder), asc(contents.id)),
      tx.select().from(contentMedia).orderBy(asc(contentMedia.sortOrder), asc(contentMedia.id)),
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
        .map((m) => ({ name: m.name, mimetype: m.mimetype, data_base64: m.data.toString("base64") }) as MediaFile),
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

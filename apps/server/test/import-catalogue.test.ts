import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { CategoriesResponse } from "@skillshelf/shared/api.ts";
import { CATALOGUES } from "@skillshelf/shared/i18n/catalogues.ts";
import { inLanguage, plain } from "@skillshelf/shared/i18n/message.ts";
import { createPageTranslator } from "@skillshelf/shared/i18n/page-translator.ts";
import { valuedMessage } from "@skillshelf/shared/i18n/valued-messages.ts";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { CatalogueFileError, validateCatalogue } from "../src/catalogue/read-catalogue-file.ts";
import { importCatalogueStream, replaceCatalogue } from "../src/catalogue/seed-demo.ts";
import {
  categories,
  contentGroups,
  contentMedia,
  contents,
  mediaObjects,
  relatedContents,
} from "../src/db/schema/index.ts";
import { parseConfig } from "../src/env.ts";
import { createTestStore, type TestStore } from "./helpers/app.ts";
import { artefact, content, pngBase64, smallCatalogue } from "./helpers/factories.ts";

let store: TestStore;

beforeAll(async () => {
  store = await createTestStore();
  await store.importCatalogue(smallCatalogue());
});
afterAll(() => store.close());

/** Imports a file's text as the CLI does; resolves to the refusal, if any. */
async function importText(text: string, baseDir?: string): Promise<CatalogueFileError | null> {
  try {
    await importCatalogueStream(store.database, {
      input: [text],
      media: store.app.media,
      currency: "GBP",
      ...(baseDir ? { baseDir } : {}),
    });
    store.app.catalogue.invalidate();
    return null;
  } catch (error) {
    if (error instanceof CatalogueFileError) return error;
    throw error;
  }
}

const snapshot = async () => (await store.app.inject("/api/categories")).body;
const pretty = (value: unknown) => JSON.stringify(value, null, 2);

describe("a bad catalogue file", () => {
  it("is refused with the line of a JSON syntax error", async () => {
    const error = await importText('{\n  "version": 1,\n  "categories": [\n    { "slug": "a" \n  ]\n}');
    expect(error?.line).toBe(5);
    expect(error?.message).toMatch(/^line 5: invalid JSON/);
  });

  it("states where and why as keys with values, which a page writes in its language", async () => {
    const file = smallCatalogue() as any;
    file.categories[0].artefacts[0].price = "cheap";
    const error = await importText(pretty(file));
    const line = error?.line ?? 0;
    const path = "categories[0].artefacts[0].price";
    expect(error?.text).toEqual(
      valuedMessage("importLine", {
        line,
        reason: valuedMessage("importAt", {
          path,
          reason: valuedMessage("propertyMustBeNumber", { property: "price" }),
        }),
      }),
    );
    expect(error?.message).toBe(`line ${line}: ${path}: price must be a number`);
    const { t } = createPageTranslator("es", CATALOGUES.es);
    expect(inLanguage("es", t, error?.text ?? plain(""))).toBe(`línea ${line}: ${path}: price debe ser un número`);
  });

  it.each([
    [
      "a field of the wrong type",
      (c: any) => (c.categories[0].artefacts[0].price = "cheap"),
      "categories[0].artefacts[0].price",
    ],
    [
      "a slug with capitals",
      (c: any) => (c.categories[0].artefacts[1].slug = "Git"),
      "categories[0].artefacts[1].slug: slug must be",
    ],
    ["an unknown field", (c: any) => (c.categories[1].colour = "red"), 'unknown field "colour"'],
    ["a missing title", (c: any) => delete c.categories[0].artefacts[0].contents[0].title, "contents[0].title"],
    ["three decimals", (c: any) => (c.categories[0].artefacts[0].price = 1.999), "price has at most two decimals"],
  ])("is refused for %s, with the line and reason, and changes nothing", async (_name, mutate, reason) => {
    const before = await snapshot();
    const file = smallCatalogue();
    mutate(file);
    const text = pretty(file);
    const error = await importText(text);
    expect(error?.message).toContain(reason);
    expect(error?.line).toBeGreaterThan(1);
    expect(await snapshot()).toBe(before);
  });

  it("points at the offending line", async () => {
    const file = smallCatalogue();
    (file.categories[1] as any).artefacts[0].slug = "Bad Slug";
    const text = pretty(file);
    const error = await importText(text);
    const line = text.split("\n")[(error?.line ?? 0) - 1];
    expect(line).toContain('"slug": "Bad Slug"');
  });

  it.each([
    [
      "a slug used twice",
      (c: any) => (c.categories[1].artefacts[0].slug = "docker"),
      'slug "docker" is used by another category',
      '"slug": "docker"',
    ],
    ["a reserved slug", (c: any) => (c.categories[1].slug = "login"), 'slug "login" is reserved', '"slug": "login"'],
    ["a language's prefix", (c: any) => (c.categories[1].slug = "es"), 'slug "es" is reserved', '"slug": "es"'],
    [
      "a related reference to nothing",
      (c: any) => c.categories[1].artefacts[0].contents[0].related.push("docker/missing"),
      'related content "docker/missing" is not in the file',
      '"docker/missing"',
    ],
    [
      "a content slug used twice",
      (c: any) => (c.categories[0].artefacts[0].contents[0].slug = "images"),
      'content slug "images" is used twice',
      '"slug": "images"',
    ],
    [
      "media whose bytes are not what it claims",
      (c: any) => (c.categories[0].artefacts[1].contents[0].media[0].mimetype = "application/pdf"),
      "media content is image/png, not application/pdf",
      '"mimetype": "application/pdf"',
    ],
  ])("is refused for %s at its line, and changes nothing", async (_name, mutate, reason, lineText) => {
    const before = await snapshot();
    const file: any = smallCatalogue();
    for (const p of file.categories)
      for (const a of p.artefacts ?? []) for (const c of a.contents ?? []) c.related ??= [];
    mutate(file);
    const text = pretty(file);
    const error = await importText(text);
    expect(error?.message).toContain(reason);
    expect(text.split("\n")[(error?.line ?? 0) - 1]).toContain(lineText);
    expect(await snapshot()).toBe(before);
  });
});

describe("a good catalogue file", () => {
  it("keeps the ids of what stays, updates what changed and removes what is gone", async () => {
    await store.importCatalogue(smallCatalogue());
    const before = (await store.app.inject("/api/categories")).json<CategoriesResponse>();
    const file: any = smallCatalogue();
    file.categories[0].artefacts[0].name = "Docker Deep Dive";
    file.categories[0].artefacts[0].contents = []; // "volumes" goes, and so must the link to it
    file.categories[0].artefacts[0].groups[0].contents[0].related = ["git/branches"];
    file.categories.splice(1, 1); // "labs" and "kubernetes" go
    await store.importCatalogue(file);
    const after = (await store.app.inject("/api/categories")).json<CategoriesResponse>();
    const id = (list: CategoriesResponse, slug: string) => list.data.find((c) => c.slug === slug)?.id;
    expect(id(after, "docker")).toBe(id(before, "docker"));
    expect(after.data.find((c) => c.slug === "docker")?.name).toBe("Docker Deep Dive");
    expect(after.data.map((c) => c.slug)).toEqual(["tech-cards", "docker", "git"]);
    const rows = await store.database.db.select({ slug: contents.slug }).from(contents);
    expect(rows.map((r) => r.slug).sort()).toEqual(["branches", "compose", "images", "x"]);
  });

  it("writes more articles than one statement carries, and again with some gone, some new and some changed", async () => {
    // Articles are written 200 to a statement (import-catalogue.ts): 450 take three.
    const withBulk = (slugs: string[], titleOf: (slug: string) => string) => {
      const file: any = smallCatalogue();
      file.categories[0].artefacts.push({
        ...artefact({ slug: "bulk", name: "Bulk" }),
        contents: slugs.map((slug, i) =>
          content({
            slug,
            title: titleOf(slug),
            related: i > 0 ? [`bulk/${slugs[i - 1]}`] : [],
            media: i % 150 === 0 ? [{ name: `${slug}.png`, mimetype: "image/png", data_base64: pngBase64(slug) }] : [],
          }),
        ),
      });
      return file;
    };
    const bulkIds = async () => {
      const rows = await store.database.db
        .select({ id: contents.id, slug: contents.slug, title: contents.title, sortOrder: contents.sortOrder })
        .from(contents)
        .innerJoin(categories, eq(categories.id, contents.categoryId))
        .where(eq(categories.slug, "bulk"));
      return new Map(rows.map((row) => [row.slug, row]));
    };
    const first = Array.from({ length: 450 }, (_, i) => `a-${i}`);
    await store.importCatalogue(withBulk(first, (slug) => `Article ${slug}`));
    const before = await bulkIds();
    expect(before.size).toBe(450);
    expect(before.get("a-449")?.sortOrder).toBe(449);

    // a-10 to a-19 go, five come in the middle, and a-300 gets a new title.
    const second = [
      ...first.slice(0, 10),
      ...first.slice(20, 200),
      "n-1",
      "n-2",
      "n-3",
      "n-4",
      "n-5",
      ...first.slice(200),
    ];
    await store.importCatalogue(withBulk(second, (slug) => (slug === "a-300" ? "Renamed" : `Article ${slug}`)));
    const after = await bulkIds();
    expect(after.size).toBe(445);
    for (const slug of first.filter((s) => !second.includes(s))) expect(after.has(slug)).toBe(false);
    for (const slug of second.filter((s) => s.startsWith("a-"))) expect(after.get(slug)?.id).toBe(before.get(slug)?.id);
    expect(after.get("a-300")?.title).toBe("Renamed");
    expect(after.get("n-1")?.sortOrder).toBe(190);
    // Each article's link to the one before it, and the media of every 150th, point at the right rows.
    const ids = [...after.values()].map((row) => row.id);
    const related = await store.database.db
      .select({ from: relatedContents.contentId, to: relatedContents.relatedId })
      .from(relatedContents)
      .where(inArray(relatedContents.contentId, ids));
    expect(related).toHaveLength(444);
    const slugOf = new Map([...after.values()].map((row) => [row.id, row.slug]));
    for (const { from, to } of related) {
      const at = second.indexOf(slugOf.get(from) ?? "");
      expect(slugOf.get(to)).toBe(second[at - 1]);
    }
    const media = await store.database.db
      .select({ name: contentMedia.name })
      .from(contentMedia)
      .where(inArray(contentMedia.contentId, ids));
    expect(media.map((m) => m.name).sort()).toEqual(
      second.filter((_, i) => i % 150 === 0).map((slug) => `${slug}.png`),
    );
  });

  it("lets the store answer other requests while it writes, not only once it is done", async () => {
    // PGlite answers statements without a turn of the event loop in between; the import gives one per artefact.
    const file: any = smallCatalogue();
    for (let i = 0; i < 60; i++) {
      file.categories[0].artefacts.push({
        ...artefact({ slug: `turn-${i}`, name: `Turn ${i}` }),
        contents: [content({ slug: "only", title: "Only" })],
      });
    }
    let importing = true;
    let turns = 0;
    const otherRequests = (async () => {
      while (importing) {
        await nextTurn();
        turns++;
      }
    })();
    try {
      await store.importCatalogue(file);
    } finally {
      importing = false;
    }
    await otherRequests;
    expect(turns).toBeGreaterThanOrEqual(60);
    expect(JSON.parse(await snapshot()).data.map((parent: { slug: string }) => parent.slug)).toContain(
      file.categories[0].slug,
    );
  });

  it("reads media from files beside the catalogue file", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "catalogue-"));
    await fs.writeFile(path.join(dir, "diagram.png"), Buffer.from(pngBase64("file"), "base64"));
    const file: any = smallCatalogue();
    file.categories[0].artefacts[1].contents[0].media = [
      { name: "diagram.png", mimetype: "image/png", file: "diagram.png" },
    ];
    expect(await importText(pretty(file), dir)).toBeNull();
    const media = await store.database.db.select({ name: contentMedia.name }).from(contentMedia);
    expect(media.map((m) => m.name)).toContain("diagram.png");
    const missing = await importText(pretty(file).replace('"file": "diagram.png"', '"file": "nope.png"'), dir);
    expect(missing?.message).toContain('media file "nope.png" cannot be read');
  });
});

describe("a catalogue file read as it streams", () => {
  /** The text in pieces of `size` bytes, as a slow upload delivers it. */
  async function* pieces(text: string, size: number) {
    const bytes = Buffer.from(text);
    for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
  }
  const storedObjects = async () =>
    (await store.database.db.select({ key: mediaObjects.key, sha256: mediaObjects.sha256 }).from(mediaObjects))
      .map((o) => o.key)
      .sort();

  it("decodes media split anywhere, with line breaks in their base64, into the same bytes", async () => {
    const file: any = smallCatalogue();
    const png = pngBase64("split");
    // Wrapped at 76 characters, as MIME tools write base64; the JSON escapes the line breaks.
    file.categories[0].artefacts[1].contents[0].media = [
      { name: "split.png", mimetype: "image/png", data_base64: png.replace(/(.{76})/g, "$1\n") },
    ];
    await importCatalogueStream(store.database, {
      input: pieces(pretty(file), 7),
      media: store.app.media,
      currency: "GBP",
    });
    const [row] = await store.database.db
      .select({ sha256: mediaObjects.sha256, size: mediaObjects.size })
      .from(contentMedia)
      .innerJoin(mediaObjects, eq(mediaObjects.key, contentMedia.storageKey))
      .where(eq(contentMedia.name, "split.png"));
    const bytes = Buffer.from(png, "base64");
    expect(row).toEqual({ size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") });
  });

  it("refused after its media were stored, keeps none of them, and names the line", async () => {
    await store.importCatalogue(smallCatalogue());
    await store.app.media.settled();
    const before = await storedObjects();
    const file: any = smallCatalogue();
    file.categories[1].artefacts[0].contents[0].related = ["docker/missing"];
    const text = pretty(file);
    const error = await importCatalogueStream(store.database, {
      input: pieces(text, 1000),
      media: store.app.media,
      currency: "GBP",
    })
      .then(() => null)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogueFileError);
    expect(text.split("\n")[((error as CatalogueFileError).line ?? 0) - 1]).toContain('"docker/missing"');
    expect(await storedObjects()).toEqual(before);
  });
});

describe("several instances on one database", () => {
  it("drop their cached catalogue when another one imports", async () => {
    const config = parseConfig({ SEED: "none", LOG_LEVEL: "silent" });
    const other = await buildApp({ config, database: store.database, pages: false });
    await store.importCatalogue(smallCatalogue());
    const first = (await other.inject("/api/categories")).json<CategoriesResponse>();
    expect(first.data[0]?.name).toBe("Tech Cards");
    const file: any = smallCatalogue();
    file.categories[0].name = "Tech Cards v2";
    await replaceCatalogue(store.database, { file: validateCatalogue(file, "GBP"), currency: "GBP" });
    await expect
      .poll(async () => (await other.inject("/api/categories")).json<CategoriesResponse>().data[0]?.name, {
        timeout: 5000,
      })
      .toBe("Tech Cards v2");
    await other.close();
  });
});

describe("tax classes in a catalogue file", () => {
  /** Each category's tax class by slug, and each group's by name (null: taxed as its artefact). */
  const taxClasses = async () => {
    const db = store.database.db;
    const categoryRows = await db.select({ slug: categories.slug, taxClass: categories.taxClass }).from(categories);
    const groupRows = await db
      .select({ name: contentGroups.name, taxClass: contentGroups.taxClass })
      .from(contentGroups);
    return {
      categories: Object.fromEntries(categoryRows.map((r) => [r.slug, r.taxClass])),
      groups: Object.fromEntries(groupRows.map((r) => [r.name, r.taxClass])),
    };
  };
  const allStandard = {
    categories: {
      "tech-cards": "standard",
      docker: "standard",
      git: "standard",
      labs: "standard",
      kubernetes: "standard",
      secret: "standard",
      "hidden-artefact": "standard",
    },
    groups: { Basics: null, Extras: null },
  };
  const withTaxClasses = () => {
    const file: any = smallCatalogue();
    file.categories[0].artefacts[0].tax_class = "e_publication";
    file.categories[0].artefacts[0].groups[0].tax_class = "standard";
    file.categories[0].artefacts[0].groups[1].tax_class = null;
    file.categories[1].artefacts[0].tax_class = "standard";
    return file;
  };

  it("are read for artefacts and groups; a file without them (an older one) imports as standard and as its artefact", async () => {
    expect(await importText(pretty(withTaxClasses()))).toBeNull();
    expect(await taxClasses()).toEqual({
      categories: { ...allStandard.categories, docker: "e_publication" },
      groups: { Basics: "standard", Extras: null },
    });
    expect(await importText(pretty(smallCatalogue()))).toBeNull();
    expect(await taxClasses()).toEqual(allStandard);
  });

  it.each([
    ["an artefact's", (c: any) => (c.categories[0].artefacts[1].tax_class = "zero_rated"), "artefacts[1].tax_class"],
    [
      "a group's",
      (c: any) => (c.categories[0].artefacts[0].groups[1].tax_class = "E_PUBLICATION"),
      "groups[1].tax_class",
    ],
    [
      "a parent's (parents have none)",
      (c: any) => (c.categories[1].tax_class = "e_publication"),
      'unknown field "tax_class"',
    ],
  ])("of no kind, %s, are refused with the message and line, and change nothing", async (_name, mutate, where) => {
    expect(await importText(pretty(withTaxClasses()))).toBeNull();
    const before = await taxClasses();
    const file: any = withTaxClasses();
    mutate(file);
    const text = pretty(file);
    const error = await importText(text);
    expect(error?.message).toContain(where);
    if (!where.startsWith("unknown")) {
      expect(error?.message).toMatch(/tax_class: tax_class must be standard or e_publication$/);
      expect(text.split("\n")[(error?.line ?? 0) - 1]).toMatch(/"tax_class": "(zero_rated|E_PUBLICATION)"/);
      const { t } = createPageTranslator("fr", CATALOGUES.fr);
      expect(inLanguage("fr", t, error?.text ?? plain(""))).toMatch(/tax_class doit être standard ou e_publication$/);
    }
    expect(await taxClasses()).toEqual(before);
    await store.importCatalogue(smallCatalogue());
  });
});

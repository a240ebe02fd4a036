import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { CategoriesResponse } from "@skillshelf/shared/api.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { CatalogueFileError, readCatalogueText, validateCatalogue } from "../src/catalogue/read-catalogue-file.ts";
import { replaceCatalogue } from "../src/catalogue/seed-demo.ts";
import { contentMedia, contents } from "../src/db/schema/index.ts";
import { parseConfig } from "../src/env.ts";
import { createTestStore, type TestStore } from "./helpers/app.ts";
import { pngBase64, smallCatalogue } from "./helpers/factories.ts";

let store: TestStore;

beforeAll(async () => {
  store = await createTestStore();
  await store.importCatalogue(smallCatalogue());
});
afterAll(() => store.close());

/** Imports a file's text as the CLI does; resolves to the refusal, if any. */
async function importText(text: string, baseDir?: string): Promise<CatalogueFileError | null> {
  try {
    const { file, lineOf } = readCatalogueText(text);
    await replaceCatalogue(store.database, { file, lineOf, ...(baseDir ? { baseDir } : {}) });
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

describe("several instances on one database", () => {
  it("drop their cached catalogue when another one imports", async () => {
    const config = parseConfig({ SEED: "none", LOG_LEVEL: "silent" });
    const other = await buildApp({ config, database: store.database, pages: false });
    await store.importCatalogue(smallCatalogue());
    const first = (await other.inject("/api/categories")).json<CategoriesResponse>();
    expect(first.data[0]?.name).toBe("Tech Cards");
    const file: any = smallCatalogue();
    file.categories[0].name = "Tech Cards v2";
    await replaceCatalogue(store.database, { file: validateCatalogue(file) });
    await expect
      .poll(async () => (await other.inject("/api/categories")).json<CategoriesResponse>().data[0]?.name, {
        timeout: 5000,
      })
      .toBe("Tech Cards v2");
    await other.close();
  });
});

import fs from "node:fs/promises";
import { type CatalogueFile, catalogueFileSchema } from "@skillshelf/shared/catalogue-file.ts";
import { RESERVED_SLUGS } from "@skillshelf/shared/reserved-slugs.ts";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { shownText } from "../../test/helpers/pdf.ts";
import { demoCatalogueIn } from "../catalogue/seed-demo.ts";
import { buildDemoCatalogue, DEMO_CATALOGUE_FILE } from "./demo-catalogue.ts";

const unescapeHtml = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function parsed(file: unknown): CatalogueFile {
  const result = catalogueFileSchema("GBP").safeParse(file);
  if (!result.success) throw new Error(JSON.stringify(result.error.issues.slice(0, 5), null, 2));
  return result.data;
}

const catalogue = parsed(await buildDemoCatalogue());
const artefacts = catalogue.categories.flatMap((p) => p.artefacts);
const contents = artefacts.flatMap((a) => [
  ...a.contents.map((c) => ({ artefact: a.slug, content: c })),
  ...a.groups.flatMap((g) => g.contents.map((c) => ({ artefact: a.slug, content: c }))),
]);
const media = contents.flatMap(({ content }) => content.media);

describe("demo catalogue", () => {
  it("seeds a store in any currency: whole yen in JPY, the file's prices in GBP and KWD", async () => {
    const demo = await buildDemoCatalogue();
    const prices = (file: unknown, currency: string) => {
      const result = catalogueFileSchema(currency).safeParse(file);
      if (!result.success) throw new Error(result.error.issues[0]?.message);
      return result.data.categories
        .flatMap((p) => p.artefacts)
        .flatMap((a) => [a.price, ...a.groups.map((g) => g.price)]);
    };
    const pounds = prices(demo, "GBP");
    expect(pounds.some((p) => p !== null && p !== undefined && !Number.isInteger(p))).toBe(true);
    expect(prices(demoCatalogueIn(demo, "JPY"), "JPY")).toEqual(
      pounds.map((p) => (p === null || p === undefined ? p : Math.round(p * 100))),
    );
    expect(prices(demoCatalogueIn(demo, "KWD"), "KWD")).toEqual(pounds);
  });

  it("is a data file in the import format, whose media are all drawn", async () => {
    const file = JSON.parse(await fs.readFile(DEMO_CATALOGUE_FILE, "utf8"));
    expect(catalogueFileSchema("GBP").safeParse(file).success).toBe(true);
    const named = parsed(file)
      .categories.flatMap((p) => p.artefacts)
      .flatMap((a) => [...a.contents, ...a.groups.flatMap((g) => g.contents)])
      .flatMap((c) => c.media);
    expect(named.length).toBe(media.length);
    expect(named.every((m) => m.file && !m.data_base64)).toBe(true);
    expect(media.every((m) => m.data_base64 && !m.file)).toBe(true);
  });

  it("has the six parents in home-page order", () => {
    expect(catalogue.categories.map((p) => p.slug)).toEqual([
      "tech-cards",
      "cheat-sheets",
      "labs",
      "tech-stacks",
      "pocket-guides",
      "interview-kits",
    ]);
    expect(catalogue.categories.map((p) => p.name)).toEqual([
      "Tech Cards",
      "Cheat Sheets",
      "Labs",
      "Tech Stacks",
      "Pocket Guides",
      "Interview Kits",
    ]);
    for (const parent of catalogue.categories) {
      expect(parent.icon).not.toBe("");
      expect(parent.artefacts.length).toBeGreaterThanOrEqual(3);
      expect(parent.artefacts.length).toBeLessThanOrEqual(5);
    }
  });

  it("gives every parent and artefact its one-line description and its SEO title and description", () => {
    // Without them a listing shows the generic hero line and tab title of SPEC.md, which are fallbacks
    // for a catalogue with gaps, not what a demo shows.
    for (const category of [...catalogue.categories, ...artefacts]) {
      expect(category.single_line?.trim(), `${category.slug}: single_line`).toBeTruthy();
      expect(category.meta_title?.trim(), `${category.slug}: meta_title`).toBeTruthy();
      expect(category.meta_description?.trim(), `${category.slug}: meta_description`).toBeTruthy();
    }
  });

  it("uses unique, unreserved category slugs and unique content slugs per artefact", () => {
    const slugs = [...catalogue.categories.map((p) => p.slug), ...artefacts.map((a) => a.slug)];
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(RESERVED_SLUGS as readonly string[]).not.toContain(slug);
    for (const artefact of artefacts) {
      const own = contents.filter((c) => c.artefact === artefact.slug).map((c) => c.content.slug);
      expect(new Set(own).size).toBe(own.length);
    }
  });

  it("has at least 60 contents and artefact names with 15 or more first letters", () => {
    expect(contents.length).toBeGreaterThanOrEqual(60);
    const letters = new Set(artefacts.map((a) => a.name[0]?.toUpperCase()));
    expect(letters.size).toBeGreaterThanOrEqual(15);
  });

  it("puts 3 or 4 categories in the header menu", () => {
    const header = [...catalogue.categories, ...artefacts].filter((c) => c.is_header_menu);
    expect(header.length).toBeGreaterThanOrEqual(3);
    expect(header.length).toBeLessThanOrEqual(4);
  });

  it("resolves every related reference, and shows both filled and empty related lists", () => {
    const known = new Set(contents.map((c) => `${c.artefact}/${c.content.slug}`));
    for (const { artefact, content } of contents) {
      for (const ref of content.related) {
        expect(known.has(ref), `${artefact}/${content.slug} -> ${ref}`).toBe(true);
        expect(ref).not.toBe(`${artefact}/${content.slug}`);
      }
    }
    expect(contents.some((c) => c.content.related.length > 0)).toBe(true);
    expect(contents.some((c) => c.content.related.length === 0)).toBe(true);
  });

  it("draws each image as a 960x640 diagram and each PDF as a one-page cheat sheet of its article", async () => {
    for (const { content } of contents) {
      const pdfs = content.media.filter((m) => m.mimetype === "application/pdf");
      for (const pdf of pdfs) {
        const doc = await PDFDocument.load(Buffer.from(pdf.data_base64 ?? "", "base64"), { updateMetadata: false });
        expect(doc.getPageCount(), pdf.name).toBe(1);
        expect(doc.getTitle(), pdf.name).toBe(content.title);
        // Its text is the article's: the first command of its table, or its first heading.
        const shown = shownText(doc);
        const commands = /<td><code>([^<]+)<\/code><\/td>/.exec(content.description)?.[1];
        const heading = /<h2>([^<]+)<\/h2>/.exec(content.description)?.[1];
        expect(shown, pdf.name).toContain(unescapeHtml(commands ?? heading ?? content.title));
      }
      for (const png of content.media.filter((m) => m.mimetype === "image/png")) {
        const bytes = Buffer.from(png.data_base64 ?? "", "base64");
        // IHDR: width and height, big-endian, right after the signature and chunk header.
        expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], png.name).toEqual([960, 640]);
      }
    }
    // Two images of one article show two views of it.
    const twoImages = contents.find(
      ({ content }) => content.media.filter((m) => m.mimetype === "image/png").length > 1,
    );
    const [first, second] = twoImages?.content.media.filter((m) => m.mimetype === "image/png") ?? [];
    expect(first?.data_base64).not.toBe(second?.data_base64);
  });

  it("gives real PNG and PDF bytes", () => {
    const pngs = media.filter((m) => m.mimetype === "image/png");
    const pdfs = media.filter((m) => m.mimetype === "application/pdf");
    expect(pngs.length).toBeGreaterThan(0);
    expect(pdfs.length).toBeGreaterThan(0);
    for (const png of pngs) {
      const bytes = Buffer.from(png.data_base64 ?? "", "base64");
      expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE), png.name).toBe(true);
    }
    for (const pdf of pdfs) {
      const text = Buffer.from(pdf.data_base64 ?? "", "base64").toString("latin1");
      expect(text.startsWith("%PDF-"), pdf.name).toBe(true);
      expect(text.trimEnd().endsWith("%%EOF"), pdf.name).toBe(true);
    }
    const base64Bytes = media.reduce((sum, m) => sum + (m.data_base64?.length ?? 0), 0);
    expect(base64Bytes).toBeLessThan(4 * 1024 * 1024);
  });

  it("mixes priced and free artefacts, priced and unpriced groups, and ungrouped content", () => {
    expect(artefacts.some((a) => a.price != null && a.payment_note)).toBe(true);
    expect(artefacts.some((a) => a.price == null)).toBe(true);
    expect(artefacts.some((a) => a.price != null && a.groups.length === 0)).toBe(true);
    expect(artefacts.some((a) => a.groups.length > 0 && a.contents.length === 0)).toBe(true);
    expect(artefacts.some((a) => a.groups.length > 0 && a.contents.length > 0)).toBe(true);
    const groups = artefacts.flatMap((a) => a.groups);
    expect(groups.some((g) => g.price != null && g.payment_note)).toBe(true);
    expect(groups.some((g) => g.price == null)).toBe(true);
  });

  it("marks the cheat sheets and pocket guides as e-publications, and everything else at the standard rate", () => {
    const taxed = catalogue.categories.map((p) => [p.slug, [...new Set(p.artefacts.map((a) => a.tax_class))]]);
    expect(taxed).toEqual([
      ["tech-cards", ["standard"]],
      ["cheat-sheets", ["e_publication"]],
      ["labs", ["standard"]],
      ["tech-stacks", ["standard"]],
      ["pocket-guides", ["e_publication"]],
      ["interview-kits", ["standard"]],
    ]);
    // Their groups are taxed as their artefacts.
    expect(artefacts.flatMap((a) => a.groups).every((g) => g.tax_class == null)).toBe(true);
  });

  it("is deterministic", async () => {
    expect(await buildDemoCatalogue()).toEqual(await buildDemoCatalogue());
  });
});

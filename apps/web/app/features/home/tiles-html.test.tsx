import type { HomeCatalogue } from "@skillshelf/shared/api.ts";
import { type Formatting, formattingOf } from "@skillshelf/shared/formatting.ts";
import { CATALOGUES } from "@skillshelf/shared/i18n/catalogues.ts";
import { createPageTranslator, type PageTranslator } from "@skillshelf/shared/i18n/page-translator.ts";
import fc from "fast-check";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TranslatorProvider } from "../../lib/i18n";
import { ArtefactGroups } from "./components/artefact-groups";
import { tilesHtml } from "./tiles-html";

const translators: PageTranslator[] = Object.entries(CATALOGUES).map(([code, resources]) =>
  createPageTranslator(code, resources),
);

/** What home's tiles render as without the kept HTML. */
const rendered = (home: HomeCatalogue, owned: number[], formatting: Formatting, translator: PageTranslator) =>
  renderToStaticMarkup(
    <TranslatorProvider value={translator}>
      <ArtefactGroups home={home} owned={owned} formatting={formatting} />
    </TranslatorProvider>,
  );

/** The drawings the server would send for the icons below (a body of an icon set's markup). */
const ICONS: HomeCatalogue["icons"] = {
  "simple-icons:docker": { body: '<path fill="currentColor" d="M1 1h22v22H1z"/>', viewBox: "0 0 24 24" },
  "lucide:file-text": { body: '<path fill="none" stroke="currentColor" d="M4 2h12l4 4v16H4z"/>', viewBox: "0 0 24 24" },
  "lucide:book-open": { body: '<path fill="none" stroke="currentColor" d="M2 3h8v18H2z"/>', viewBox: "0 0 24 24" },
  "lucide:library": { body: '<path fill="none" stroke="currentColor" d="m16 6l4 14M12 6v14"/>', viewBox: "0 0 24 24" },
};

// Names with what HTML escapes, and now and then the kept HTML's own marker.
const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom("Docker & <Kubernetes>", `"Quoted" 'name'`, "\uE0007\uE000", "C++"),
);
const artefact = (id: number) =>
  fc.record({
    id: fc.constant(id),
    slug: fc.constant(`a-${id}`),
    name: text,
    icon: fc.constantFrom("simple-icons:docker", "lucide:file-text", "lucide:book-open"),
    single_line: text,
    count: fc.integer({ min: 0, max: 40 }),
    offer: fc.record({
      price: fc.option(fc.constantFrom(0.5, 4.99, 19.99, 1234.5), { nil: null }),
      from: fc.boolean(),
    }),
  });
const home: fc.Arbitrary<HomeCatalogue> = fc
  .array(fc.integer({ min: 0, max: 4 }), { minLength: 0, maxLength: 4 })
  .chain((sizes) => {
    let next = 1;
    const parents = sizes.map((size, p) =>
      fc.record({
        id: fc.constant(1000 + p),
        slug: fc.constant(`p-${p}`),
        name: text,
        icon: fc.constantFrom("lucide:library", "lucide:book-open"),
        single_line: text,
        artefacts: fc.tuple(...Array.from({ length: size }, () => artefact(next++))),
      }),
    );
    return fc.record({
      parents: fc.tuple(...parents),
      articleCount: fc.constant(0),
      currency: fc.constantFrom("GBP", "JPY", "EUR"),
      icons: fc.constant(ICONS),
    });
  });
const formatting = fc
  .record({
    language: fc.constantFrom("English", "Spanish", "French"),
    timezone: fc.constantFrom("Europe/London", "America/New_York", "Asia/Tokyo"),
  })
  .map(formattingOf);

describe("home's kept tiles", () => {
  it("give every viewer the HTML their own render gives, whatever they own and however they read", () => {
    fc.assert(
      fc.property(
        home,
        fc.array(fc.integer({ min: 1, max: 20 }), { maxLength: 6 }),
        formatting,
        fc.constantFrom(...translators),
        (catalogue, owned, reader, translator) => {
          const expected = rendered(catalogue, owned, reader, translator);
          // Once to keep the tiles, once from what is kept, and for a viewer who owns nothing.
          expect(tilesHtml(catalogue, owned, reader, translator)).toBe(expected);
          expect(tilesHtml(catalogue, owned, reader, translator)).toBe(expected);
          expect(tilesHtml(catalogue, [], reader, translator)).toBe(rendered(catalogue, [], reader, translator));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("are kept per catalogue: a changed catalogue (a new home view) renders anew", () => {
    const [translator] = translators;
    if (!translator) throw new Error("no catalogues");
    const reader = formattingOf(null);
    const tile = { id: 1, slug: "docker", name: "Docker", icon: "simple-icons:docker", single_line: "", count: 3 };
    const parent = { id: 9, slug: "devops", name: "DevOps", icon: "lucide:library", single_line: "" };
    const before: HomeCatalogue = {
      parents: [{ ...parent, artefacts: [{ ...tile, offer: { price: 4.99, from: false } }] }],
      articleCount: 3,
      currency: "GBP",
      icons: ICONS,
    };
    const after: HomeCatalogue = {
      ...before,
      parents: [{ ...parent, artefacts: [{ ...tile, name: "Docker Pro", offer: { price: 9.99, from: false } }] }],
    };
    expect(tilesHtml(before, [], reader, translator)).toContain("£4.99");
    const changed = tilesHtml(after, [], reader, translator);
    expect(changed).toContain("Docker Pro");
    expect(changed).toContain("£9.99");
    expect(tilesHtml(after, [1], reader, translator)).toBe(rendered(after, [1], reader, translator));
  });

  it("draw each icon once, as a symbol that the headings and tiles use", () => {
    const [translator] = translators;
    if (!translator) throw new Error("no catalogues");
    const artefacts = ["simple-icons:docker", "lucide:file-text", "simple-icons:docker"].map((icon, i) => ({
      id: i + 1,
      slug: `a-${i + 1}`,
      name: `A${i + 1}`,
      icon,
      single_line: "",
      count: 0,
      offer: { price: null, from: false },
    }));
    const catalogue: HomeCatalogue = {
      parents: [{ id: 9, slug: "p", name: "P", icon: "lucide:library", single_line: "", artefacts }],
      articleCount: 0,
      currency: "GBP",
      icons: ICONS,
    };
    const html = tilesHtml(catalogue, [], formattingOf(null), translator);
    // The parent's icon and the two artefacts' distinct ones, each drawn once; four uses.
    expect(html.match(/<symbol /g)).toHaveLength(3);
    expect(html.match(/<path /g)).toHaveLength(3);
    const ids = [...html.matchAll(/<use href="#([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toHaveLength(4);
    for (const id of ids) expect(html).toContain(`<symbol id="${id}"`);
    expect(ids[1]).toBe(ids[3]);
  });
});

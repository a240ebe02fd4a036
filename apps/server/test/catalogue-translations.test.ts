import type { CategoriesResponse, ContentResponse, ListingResponse } from "@skillshelf/shared/api.ts";
import type { CatalogueFileInput } from "@skillshelf/shared/catalogue-file.ts";
import { type LanguageCode, languagePath } from "@skillshelf/shared/i18n/languages.ts";
import type { SearchResults, SearchSuggestion } from "@skillshelf/shared/search.ts";
import { DomUtils, parseDocument } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDemoCatalogue } from "../src/seed/demo-catalogue.ts";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, ensureWebBuild, type TestStore } from "./helpers/app.ts";
import { artefact, content, parent, pngBase64 } from "./helpers/factories.ts";
import { addToCart } from "./helpers/orders.ts";
import { formPost } from "./helpers/pages.ts";

/**
 * The catalogue in Spanish and French (packages/shared/src/catalogue-translations.ts): what a
 * translation gives is shown on that language's pages and answers, found by that language's search,
 * and kept by the export; what it does not give falls back to English, marked `lang="en"`.
 */
let store: TestStore;
let adminToken: string;

const translatedCatalogue = (): CatalogueFileInput => ({
  version: 2,
  categories: [
    {
      ...parent({
        slug: "tech-cards",
        name: "Tech Cards",
        single_line: "Cards that explain one idea.",
        is_header_menu: true,
      }),
      translations: {
        es: { name: "Tarjetas técnicas" },
        fr: { name: "Fiches techniques", single_line: "Une idée par fiche." },
      },
      artefacts: [
        {
          ...artefact({ slug: "docker", name: "Docker", single_line: "Images and layers on cards.", price: 9 }),
          translations: { es: { single_line: "Imágenes y capas en tarjetas." } },
          groups: [
            {
              name: "Basics",
              price: 5,
              translations: { es: { name: "Lo básico" } },
              contents: [
                content({
                  slug: "image-layers",
                  title: "Image layers",
                  short_description: "How a Dockerfile becomes layers.",
                  description: "<h2>The idea</h2><p>Each instruction writes a layer.</p>",
                  media: [
                    {
                      name: "layers.png",
                      mimetype: "image/png",
                      data_base64: pngBase64("layers"),
                      translations: { es: { name: "capas.png" } },
                    },
                  ],
                  translations: {
                    es: {
                      title: "Capas de la imagen",
                      short_description: "Cómo un Dockerfile se convierte en capas.",
                      description:
                        '<h2>La idea</h2><p onclick="steal()">Cada instrucción escribe una capa.</p><script>alert(1)</script>',
                    },
                  },
                }),
              ],
            },
          ],
          contents: [
            content({
              slug: "volumes",
              title: "Volumes",
              short_description: "Data that outlives a container.",
              description: "<p>Data that outlives a container.</p>",
            }),
          ],
        },
      ],
    },
  ],
});

beforeAll(async () => {
  ensureWebBuild();
  store = await createTestStore({ pages: true });
  await store.importCatalogue(translatedCatalogue());
  adminToken = await signIn(store, (await createUser(store, { role: "admin" })).id);
}, 180_000);
afterAll(() => store?.close());

/** A guest's page at `url` in `language`: its language's URL (/es/docker). */
const page = async (url: string, language: LanguageCode) => {
  const res = await store.app.inject({
    method: "GET",
    url: languagePath(language, url),
    headers: { "accept-encoding": "identity" },
  });
  expect(res.statusCode, url).toBe(200);
  return parseDocument(res.body);
};
/** The texts of a page's elements marked lang="en" (but <html> and the language switcher's "English"). */
const englishMarked = (doc: ReturnType<typeof parseDocument>) =>
  DomUtils.findAll((el) => !["html", "option"].includes(el.name) && el.attribs.lang === "en", doc.children).map((el) =>
    DomUtils.textContent(el).trim(),
  );
const textOf = (
  doc: ReturnType<typeof parseDocument>,
  selector: (el: { name: string; attribs: Record<string, string> }) => boolean,
) => DomUtils.findAll(selector, doc.children).map((el) => DomUtils.textContent(el).trim());
const api = <T>(url: string, payload?: object) =>
  store.app
    .inject({ method: payload ? "POST" : "GET", url, ...(payload ? { payload } : {}) })
    .then((res) => res.json<T>());

describe("a catalogue in three languages", () => {
  it("shows a Spanish page's translated texts and marks the English ones it falls back to", async () => {
    const listing = await page("/docker", "es");
    expect(textOf(listing, (el) => el.attribs.class === "page-hero__lead")).toEqual(["Imágenes y capas en tarjetas."]);
    expect(textOf(listing, (el) => el.attribs.class === "group-card__title")).toEqual(["Lo básico"]);
    // Not translated: the artefact's name, the ungrouped article, and the header's name in French only.
    const marked = englishMarked(listing);
    expect(marked).toEqual(expect.arrayContaining(["Docker", "Volumes", "Data that outlives a container."]));
    expect(marked).not.toContain("Lo básico");
    expect(textOf(listing, (el) => el.name === "a" && el.attribs.class === "nav-link")).toContain("Tarjetas técnicas");

    const article = await page("/docker/image-layers", "es");
    expect(textOf(article, (el) => el.name === "h1")).toEqual(["Capas de la imagen"]);
    const body = DomUtils.findOne((el) => el.attribs.class === "prose", article.children);
    expect(body && DomUtils.getOuterHTML(body, { decodeEntities: false, encodeEntities: false })).toBe(
      '<article class="prose"><h2>La idea</h2><p>Cada instrucción escribe una capa.</p></article>',
    );
    expect(englishMarked(article)).not.toContain("Capas de la imagen");

    const untranslated = await page("/docker/volumes", "es");
    const englishBody = DomUtils.findOne((el) => el.attribs.class === "prose", untranslated.children);
    expect(englishBody?.attribs.lang).toBe("en");
  });

  it("leaves English pages exactly as they were: English texts, nothing marked", async () => {
    for (const url of ["/", "/docker", "/docker/image-layers", "/search?q=layers"]) {
      const doc = await page(url, "en");
      expect(englishMarked(doc), url).toEqual([]);
    }
    const article = await page("/docker/image-layers", "en");
    expect(textOf(article, (el) => el.name === "h1")).toEqual(["Image layers"]);
  });

  it("answers the catalogue API in the language asked, English by default, saying what is untranslated", async () => {
    const es = await api<CategoriesResponse>("/api/categories?lang=es");
    const parentEs = es.data.find((c) => c.slug === "tech-cards");
    expect(parentEs).toMatchObject({ name: "Tarjetas técnicas", untranslated: ["single_line"] });
    const fr = await api<CategoriesResponse>("/api/categories?lang=fr");
    expect(fr.data.find((c) => c.slug === "tech-cards")).toMatchObject({
      name: "Fiches techniques",
      single_line: "Une idée par fiche.",
    });
    expect(fr.data.find((c) => c.slug === "tech-cards")).not.toHaveProperty("untranslated");
    const en = await api<CategoriesResponse>("/api/categories");
    expect(en.data.find((c) => c.slug === "tech-cards")).toEqual(
      expect.not.objectContaining({ untranslated: expect.anything() }),
    );
    expect(en.data.find((c) => c.slug === "tech-cards")?.name).toBe("Tech Cards");

    const listing = await api<ListingResponse>("/api/get-data?lang=es", { slug: "docker" });
    expect(listing.groups[0]).toMatchObject({ name: "Lo básico", contents: [{ title: "Capas de la imagen" }] });
    const content = await api<ContentResponse>("/api/get-content?lang=es", { slug: "docker", content: "image-layers" });
    expect(content.data).toMatchObject({ title: "Capas de la imagen", content_media: [{ name: "capas.png" }] });
    // Every text it has is translated (it has no SEO texts of its own).
    expect(content.data).not.toHaveProperty("untranslated");

    const refused = await store.app.inject({ method: "GET", url: "/api/categories?lang=de" });
    expect(refused.statusCode).toBe(422);
  });

  it("finds articles by their Spanish text with Spanish stemming, and still by their English text", async () => {
    const byStem = await api<{ data: SearchResults }>("/api/search?q=capa&lang=es");
    const hit = byStem.data.artefacts[0];
    expect(hit?.articles.map((a) => a.title.map((p) => p.text).join(""))).toEqual(["Capas de la imagen"]);
    expect(hit?.name.map((p) => p.text).join("")).toBe("Docker");
    expect(hit?.untranslated).toEqual(["name"]);
    const byEnglish = await api<{ data: SearchResults }>("/api/search?q=outlives&lang=es");
    expect(byEnglish.data.artefacts[0]?.articles[0]?.untranslated).toEqual(expect.arrayContaining(["title"]));
    // English searches do not read the English page's texts in Spanish.
    const english = await api<{ data: SearchResults }>("/api/search?q=layers");
    expect(english.data.artefacts[0]?.articles[0]?.title.map((p) => p.text).join("")).toBe("Image layers");
    const suggestions = await api<{ data: SearchSuggestion[] }>("/api/search/suggestions?q=capas&lang=es");
    expect(suggestions.data).toEqual([
      { kind: "article", label: "Capas de la imagen", context: "Docker", url: "/docker/image-layers" },
    ]);
  });

  it("keeps the translations through an export and an import, and reads an older file as English", async () => {
    const exported = await store.app.inject({
      method: "GET",
      url: "/api/admin/catalogue/export",
      headers: bearer(adminToken),
    });
    const file = JSON.parse(exported.body);
    expect(file.version).toBe(2);
    expect(file.categories[0].translations).toEqual({
      es: { name: "Tarjetas técnicas" },
      fr: { name: "Fiches techniques", single_line: "Une idée par fiche." },
    });
    const article = file.categories[0].artefacts[0].groups[0].contents[0];
    // Stored sanitized, as the English body is.
    expect(article.translations.es.description).toBe("<h2>La idea</h2><p>Cada instrucción escribe una capa.</p>");
    expect(article.media[0].translations).toEqual({ es: { name: "capas.png" } });
    // No translations: no field.
    expect(file.categories[0].artefacts[0].contents[0]).not.toHaveProperty("translations");

    const again = await store.app.inject({
      method: "POST",
      url: "/api/admin/catalogue/import",
      headers: { ...bearer(adminToken), "content-type": "application/json" },
      payload: exported.body,
    });
    expect(again.statusCode).toBe(200);
    expect(
      (await store.app.inject({ method: "GET", url: "/api/admin/catalogue/export", headers: bearer(adminToken) })).body,
    ).toBe(exported.body);

    const older = { ...file, version: 1 };
    older.categories[0] = { ...older.categories[0], translations: undefined };
    const oldImport = await store.app.inject({
      method: "POST",
      url: "/api/admin/catalogue/import",
      headers: { ...bearer(adminToken), "content-type": "application/json" },
      payload: JSON.stringify(older),
    });
    expect(oldImport.statusCode).toBe(200);
    expect((await api<CategoriesResponse>("/api/categories?lang=es")).data[0]).toMatchObject({
      name: "Tech Cards",
      untranslated: ["name", "single_line"],
    });
    await store.importCatalogue(translatedCatalogue());
  });

  it("refuses a translation of an unknown language or text, or too long, with its place in the file", async () => {
    const cases: [object, RegExp][] = [
      [{ de: { name: "Technische Karten" } }, /categories\[0\]\.translations.*"de"/],
      [{ es: { title: "Tarjetas" } }, /"title"/],
      [{ es: { name: "x".repeat(121) } }, /name.*120/],
    ];
    for (const [translations, reason] of cases) {
      const file = translatedCatalogue();
      const first = file.categories[0];
      if (!first) throw new Error("no parent");
      file.categories[0] = { ...first, translations: translations as never };
      const res = await store.app.inject({
        method: "POST",
        url: "/api/admin/catalogue/import",
        headers: { ...bearer(adminToken), "content-type": "application/json" },
        payload: JSON.stringify(file, null, 2),
      });
      expect(res.statusCode, JSON.stringify(translations)).toBe(422);
      expect(res.json<{ message: string }>().message).toMatch(reason);
    }
  });

  it("lets an operator translate an item through the API; pages show it at once; others may not", async () => {
    const tree = await store.app.inject({ method: "GET", url: "/api/admin/catalogue", headers: bearer(adminToken) });
    const docker = tree
      .json<{
        data: { categories: { artefacts: { slug: string; id: number; contents: { id: number; slug: string }[] }[] }[] };
      }>()
      .data.categories.flatMap((p) => p.artefacts)
      .find((a) => a.slug === "docker");
    const volumes = docker?.contents.find((c) => c.slug === "volumes");
    if (!docker || !volumes) throw new Error("no docker/volumes");
    const put = (payload: object, token = adminToken) =>
      store.app.inject({
        method: "PUT",
        url: "/api/admin/catalogue/translations",
        headers: bearer(token),
        payload,
      });
    const saved = await put({
      kind: "content",
      id: volumes.id,
      translations: { es: { title: " Volúmenes ", short_description: "" }, fr: { title: "Volumes (fr)" } },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      message: "Translations saved.",
      data: {
        kind: "content",
        id: volumes.id,
        translations: { es: { title: "Volúmenes" }, fr: { title: "Volumes (fr)" } },
      },
    });
    const listing = await page("/docker", "es");
    expect(textOf(listing, (el) => el.attribs.class === "content-card__title")).toContain("Volúmenes");

    const tooLong = await put({ kind: "group", id: 1, translations: { es: { name: "x".repeat(121) } } });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json<{ errors: Record<string, string> }>().errors).toHaveProperty(["translations.es.name"]);
    expect((await put({ kind: "content", id: 999999, translations: {} })).statusCode).toBe(404);
    const learner = await signIn(store, (await createUser(store)).id);
    expect((await put({ kind: "content", id: volumes.id, translations: {} }, learner)).statusCode).toBe(403);

    // The editor's form without JavaScript: a plain post, then the editor again with the texts.
    const editor = `/admin/catalogue/contents/${volumes.id}`;
    const posted = await formPost(
      store,
      editor,
      {
        intent: "translate",
        kind: "content",
        id: String(volumes.id),
        "es.title": "Volúmenes de datos",
        "fr.title": "",
      },
      { cookie: `access-token=${adminToken}` },
    );
    expect(posted.statusCode).toBe(303);
    const form = await store.app.inject({
      method: "GET",
      url: editor,
      headers: { cookie: `access-token=${adminToken}`, "accept-encoding": "identity" },
    });
    expect(form.body).toContain('value="Volúmenes de datos"');
    expect(form.body).toContain("Missing, shown in English: Title, Short description");
    expect(
      (await api<ContentResponse>("/api/get-content?lang=fr", { slug: "docker", content: "volumes" })).data,
    ).toMatchObject({
      title: "Volumes",
      untranslated: expect.arrayContaining(["title"]),
    });
  });

  it("lets an operator translate a media caption under its article's editor, without JavaScript too", async () => {
    const layers = await api<ContentResponse>("/api/get-content", { slug: "docker", content: "image-layers" });
    const media = layers.data.content_media[0];
    if (!media) throw new Error("no media on image-layers");
    const editor = `/admin/catalogue/contents/${layers.data.id}`;
    const admin = { cookie: `access-token=${adminToken}`, "accept-encoding": "identity" };
    const before = await store.app.inject({ method: "GET", url: editor, headers: admin });
    expect(before.body).toContain("Translate the caption");

    // Too long: the editor comes back with the caption's form open, what was typed and why.
    const fields = { intent: "translate", kind: "media", id: String(media.id), "es.name": "capas.png" };
    const refused = await formPost(store, editor, { ...fields, "fr.name": "x".repeat(201) }, admin);
    expect(refused.statusCode).toBe(422);
    const refusedPage = parseDocument(refused.body);
    const open = DomUtils.findAll((el) => el.name === "details" && "open" in el.attribs, refusedPage.children);
    expect(open.map((el) => DomUtils.textContent(el))).toEqual([expect.stringContaining("Caption translations")]);

    expect((await formPost(store, editor, { ...fields, "fr.name": "couches.png" }, admin)).statusCode).toBe(303);
    const after = await store.app.inject({ method: "GET", url: editor, headers: admin });
    expect(after.body).toContain("Caption translated");
    const french = await api<ContentResponse>("/api/get-content?lang=fr", { slug: "docker", content: "image-layers" });
    expect(french.data.content_media[0]).toMatchObject({ name: "couches.png" });
    expect(french.data.content_media[0]?.untranslated).toBeUndefined();
  });

  it("ships a demo whose parents, artefacts and Docker's articles are in Spanish and French", async () => {
    const demo = await buildDemoCatalogue();
    const named = (item: { translations?: unknown }) =>
      ["es", "fr"].every((language) => {
        const texts = (item.translations as Record<string, Record<string, string>> | undefined)?.[language];
        return Boolean(texts?.name && texts.single_line);
      });
    const artefacts = demo.categories.flatMap((p) => p.artefacts ?? []);
    expect(demo.categories.filter((p) => !named(p))).toEqual([]);
    expect(artefacts.filter((a) => !named(a)).map((a) => a.slug)).toEqual([]);
    const docker = artefacts.find((a) => a.slug === "docker");
    for (const article of docker?.contents ?? []) {
      for (const language of ["es", "fr"] as const) {
        expect(article.translations?.[language], `${article.slug} ${language}`).toMatchObject({
          title: expect.any(String),
          short_description: expect.any(String),
          description: expect.stringContaining("<h2>"),
        });
        // The media drawn for the demo keep their captions.
        for (const media of article.media ?? []) {
          expect(media.translations?.[language]?.name, `${media.name} ${language}`).toEqual(expect.any(String));
        }
      }
    }
  });

  it("names a Spanish learner's cart lines in Spanish, marking the English ones", async () => {
    const token = await signIn(store, (await createUser(store, { language: "Spanish" })).id);
    const listing = await api<ListingResponse>("/api/get-data", { slug: "docker" });
    await addToCart(store, token, listing, "Basics");
    const res = await store.app.inject({
      method: "GET",
      url: "/cart",
      headers: { cookie: `access-token=${token}`, "accept-encoding": "identity" },
    });
    const cart = parseDocument(res.body);
    expect(textOf(cart, (el) => el.attribs.class === "cart-line__name")).toEqual(["Docker"]);
    expect(englishMarked(cart)).toEqual(["Docker"]);
    expect(res.body).toContain("Lo básico");
  });
});

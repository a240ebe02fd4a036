import { CATALOGUES } from "@skillshelf/shared/i18n/catalogues.ts";
import type { LanguageCode } from "@skillshelf/shared/i18n/languages.ts";
import { DomUtils, parseDocument } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, ensureWebBuild, PUBLIC_URL, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";

let store: TestStore;

beforeAll(async () => {
  ensureWebBuild();
  store = await createTestStore({ pages: true });
  await store.importCatalogue(smallCatalogue());
}, 180_000);
afterAll(() => store?.close());

/** Every public route, in each of its states that has texts of its own. */
const PUBLIC_PAGES = [
  "/",
  "/tech-cards",
  "/docker",
  "/git",
  "/docker/images",
  "/docker/volumes",
  "/more",
  "/search",
  "/search?q=docker",
  "/search?q=zzzzqqq",
  `/search?q=${"x".repeat(201)}`,
  "/no-such-page",
  "/login",
  "/login?notice=registered",
  "/registration",
  "/forgot-password",
  "/reset-password/not-a-token",
];

const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * The English interface texts that must not be left in a page of `code`: each
 * text of the English catalogue cut at its placeholders and tags, keeping the
 * pieces of 4 characters or more that the language does not also use.
 */
function englishPieces(code: LanguageCode): string[] {
  const cut = (text: string) =>
    text
      .split(/\{\{[^}]*\}\}|<\/?\w+>/)
      .map((piece) => piece.trim())
      .filter((piece) => piece.length >= 4);
  const own = new Set(Object.values(CATALOGUES[code]).flatMap((strings) => Object.values(strings).flatMap(cut)));
  const english = Object.values(CATALOGUES.en).flatMap((strings) =>
    Object.entries(strings).flatMap(([key, text]) => (PLURAL.test(key) ? cut(text) : cut(key))),
  );
  return [...new Set(english)].filter((piece) => !own.has(piece));
}

/** What a reader sees or hears of a page: its text (not scripts), title, labels, alternative texts and descriptions. */
function readerTexts(html: string): string[] {
  const document = parseDocument(html);
  const texts: string[] = [];
  const walk = (nodes: ReturnType<typeof parseDocument>["children"]) => {
    for (const node of nodes) {
      if (DomUtils.isText(node)) texts.push(node.data);
      if (!DomUtils.isTag(node) || node.name === "script" || node.name === "style") continue;
      for (const name of ["aria-label", "title", "placeholder", "alt"]) {
        if (node.attribs[name]) texts.push(node.attribs[name]);
      }
      const meta = node.attribs.name ?? node.attribs.property ?? "";
      if (node.name === "meta" && /^(description|keywords|og:title|og:description|og:image:alt)$/.test(meta)) {
        texts.push(node.attribs.content ?? "");
      }
      walk(node.children);
    }
  };
  walk(document.children);
  // htmlparser2 has decoded the entities already.
  return texts.map((text) => text.trim()).filter(Boolean);
}

/** The English pieces a page still shows: a whole text, or inside a longer one when 12 characters or more. */
function englishLeftIn(html: string, pieces: string[]): string[] {
  const texts = readerTexts(html);
  return pieces.filter((piece) => texts.some((text) => text === piece || (piece.length >= 12 && text.includes(piece))));
}

const get = (url: string, headers: Record<string, string> = {}) =>
  store.app.inject({ method: "GET", url, headers: { "accept-encoding": "identity", ...headers } });

describe("pages in Spanish and French", () => {
  for (const code of ["es", "fr"] as const) {
    it(`leave no English interface text in a ${code} page, for a guest who chose ${code}`, async () => {
      const pieces = englishPieces(code);
      expect(pieces.length).toBeGreaterThan(100);
      for (const page of PUBLIC_PAGES) {
        const res = await get(page, { cookie: `lang=${code}` });
        expect([200, 404, 422], page).toContain(res.statusCode);
        expect(res.body, page).toContain(`<html lang="${code}"`);
        expect(englishLeftIn(res.body, pieces), page).toEqual([]);
      }
    });
  }

  it("show a plain form post's messages in the page's language (the schemas' English, translated where shown)", async () => {
    const res = await store.app.inject({
      method: "POST",
      url: "/registration",
      payload: "name=&email=nope&password=short&confirm_password=other",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: PUBLIC_URL,
        "sec-fetch-site": "same-origin",
        cookie: "lang=es",
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain("El nombre completo es obligatorio");
    expect(res.body).toContain("Dirección de correo no válida");
    expect(englishLeftIn(res.body, englishPieces("es"))).toEqual([]);
  });

  for (const code of ["es", "fr"] as const) {
    it(`leave no English interface text in a learner's ${code} cart, empty and with a line`, async () => {
      const learner = await createUser(store, { language: code === "es" ? "Spanish" : "French" });
      const token = await signIn(store, learner.id);
      const headers = { cookie: `access-token=${token}` };
      const pieces = englishPieces(code);
      const empty = await get("/cart", headers);
      expect(empty.body).toContain(`<html lang="${code}"`);
      expect(englishLeftIn(empty.body, pieces)).toEqual([]);
      const docker = await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } });
      const id = docker.json<{ seo_data: { id: number } }>().seo_data.id;
      const added = await store.app.inject({
        method: "POST",
        url: "/api/cart/add",
        headers: { authorization: `Bearer ${token}` },
        payload: { sub_category_id: id, group_id: null },
      });
      expect(added.statusCode, added.body).toBe(201);
      const full = await get("/cart", headers);
      expect(full.body).toContain(code === "es" ? "1 artículo en el carrito" : "1 article dans le panier");
      expect(englishLeftIn(full.body, pieces)).toEqual([]);
    });
  }

  it("still show English in an English page (the test sees English when it is there)", async () => {
    const pieces = englishPieces("es");
    const res = await get("/docker");
    expect(res.body).toContain('<html lang="en"');
    expect(englishLeftIn(res.body, pieces)).toEqual(expect.arrayContaining(["Add To Cart", "Browse Courses"]));
  });
});

describe("the page's language", () => {
  it("is a guest's Accept-Language, then their choice by ?lang= remembered in the lang cookie", async () => {
    const spanish = await get("/docker", { "accept-language": "es-ES,es;q=0.9,en;q=0.8" });
    expect(spanish.body).toContain('<html lang="es"');
    expect(spanish.body).toContain("Añadir al carrito");
    // A sentence with a link in it keeps the link's words inside the link.
    expect((await get("/docker/images", { cookie: "lang=es" })).body).toContain(
      'Consíguelos en la <a href="/docker" data-discover="true">página de Docker</a>',
    );
    expect(String(spanish.headers.vary).toLowerCase()).toMatch(/cookie.*accept-language|accept-language.*cookie/);

    const preferred = await get("/docker", { "accept-language": "de-DE, fr;q=0.7, es;q=0.5" });
    expect(preferred.body).toContain('<html lang="fr"');
    expect((await get("/docker", { "accept-language": "de-DE" })).body).toContain('<html lang="en"');

    const chosen = await get("/docker?lang=fr", { "accept-language": "es" });
    expect(chosen.body).toContain('<html lang="fr"');
    expect(String(chosen.headers["set-cookie"])).toMatch(/^lang=fr; Max-Age=31536000; Path=\/; SameSite=Lax/);
    // The cookie then wins over Accept-Language; the canonical link stays without the query.
    const remembered = await get("/docker", { cookie: "lang=fr", "accept-language": "es" });
    expect(remembered.body).toContain('<html lang="fr"');
    expect(remembered.body).toContain("Ajouter au panier");
    expect(remembered.headers["set-cookie"]).toBeUndefined();
    expect(remembered.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/docker"/>`);
    // Unknown values are ignored.
    expect((await get("/docker?lang=de", { cookie: "lang=xx" })).body).toContain('<html lang="en"');
  });

  it("keeps guests' pages per language: English, Spanish and French of one address are three pages", async () => {
    const en = await get("/tech-cards");
    const es = await get("/tech-cards", { cookie: "lang=es" });
    const fr = await get("/tech-cards", { "accept-language": "fr" });
    const again = await get("/tech-cards", { cookie: "lang=es" });
    expect(new Set([en.headers.etag, es.headers.etag, fr.headers.etag]).size).toBe(3);
    expect(again.headers.etag).toBe(es.headers.etag);
    expect(again.body).toContain('<html lang="es"');
    expect(en.body).toContain('<html lang="en"');
    expect(en.body).toContain("Artefacts in Tech Cards");
  });

  it("links each public page to itself in every language (hreflang), x-default without the query", async () => {
    const res = await get("/docker/images", { cookie: "lang=es" });
    const links = [...res.body.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(links).toEqual([
      ["en", `${PUBLIC_URL}/docker/images?lang=en`],
      ["es", `${PUBLIC_URL}/docker/images?lang=es`],
      ["fr", `${PUBLIC_URL}/docker/images?lang=fr`],
      ["x-default", `${PUBLIC_URL}/docker/images`],
    ]);
  });

  it("is a learner's setting, whatever the cookie or the browser says; prices and dates follow it", async () => {
    const learner = await createUser(store, { language: "Spanish" });
    const token = await signIn(store, learner.id);
    const res = await get("/docker", { cookie: `access-token=${token}; lang=fr`, "accept-language": "fr" });
    expect(res.body).toContain('<html lang="es"');
    expect(res.body).toContain("Cerrar sesión");
    // Spanish money: "19,99 £".
    expect(res.body).toContain("19,99");

    const guest = await get("/docker", { cookie: "lang=fr" });
    expect(guest.body).toMatch(/19,99\s£/);
    expect((await get("/docker")).body).toContain("£19.99");
  });

  it("puts a searched text into a translated sentence as text, never as markup or a placeholder", async () => {
    const query = "<anchor>x</anchor> {{query}} & $t(Sign out)";
    const res = await get(`/search?q=${encodeURIComponent(query)}`, { cookie: "lang=es" });
    const status = DomUtils.findOne(
      (node) => node.name === "p" && node.attribs.role === "status",
      parseDocument(res.body).children,
    );
    expect(status && DomUtils.textContent(status)).toBe(`No hay resultados para «${query}».`);
    const strong = status && DomUtils.findOne((node) => node.name === "strong", status.children);
    expect(strong && DomUtils.textContent(strong)).toBe(`«${query}»`);
    expect(status && DomUtils.findOne((node) => node.name === "anchor", status.children)).toBeNull();
  });

  it("is offered to guests by a switcher that works as a plain form", async () => {
    const res = await get("/search?q=docker", { cookie: "lang=fr" });
    const form = /<form class="language-switcher" action="\/search" method="get">([\s\S]*?)<\/form>/.exec(
      res.body,
    )?.[1];
    expect(form).toBeDefined();
    expect(form).toContain('<input type="hidden" name="q" value="docker"/>');
    expect(form).toContain('<select id="language-switcher" name="lang">');
    expect(form).toMatch(/<option value="fr" lang="fr" selected="">Français<\/option>/);
  });
});

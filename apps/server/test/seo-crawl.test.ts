import { HOME_CARD_SLUGS } from "@skillshelf/shared/constants.ts";
import { LANGUAGE_CODES, type LanguageCode, languageOfPath } from "@skillshelf/shared/i18n/languages.ts";
import { DomUtils, parseDocument } from "htmlparser2";
import robotsParser from "robots-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestStore, ensureWebBuild, PUBLIC_URL, type TestStore } from "./helpers/app.ts";
import { parent, smallCatalogue } from "./helpers/factories.ts";

/*
 * A search engine's crawl of the store in its three languages: from the home page of each, every
 * page a link of a public page leads to, and every URL of the sitemap. Each must be a page of its
 * own language, its own canonical, linked to its URL in every other language by hreflang and
 * back, and listed in the sitemap with the same alternates.
 */

let store: TestStore;

beforeAll(async () => {
  ensureWebBuild();
  // The sitemap in numbered files of 6 URLs: the crawl reads it as a crawler does, through its index.
  store = await createTestStore({ pages: true, sitemapUrlsPerFile: 6 });
  // With a parent for each of home's six format cards (SPEC.md), which link to them whatever the catalogue.
  const catalogue = smallCatalogue();
  for (const slug of HOME_CARD_SLUGS) {
    if (!catalogue.categories.some((c) => c.slug === slug))
      catalogue.categories.push({ ...parent({ slug }), artefacts: [] });
  }
  await store.importCatalogue(catalogue);
}, 180_000);
afterAll(() => store?.close());

const get = (url: string) => store.app.inject({ method: "GET", url, headers: { "accept-encoding": "identity" } });

/** A page's alternates as hreflang → absolute URL, in the order given. */
type Alternates = Record<string, string>;

/** What a crawler reads of a page: its language, canonical, alternates, robots meta and links. */
function readPage(html: string) {
  const document = parseDocument(html);
  const all = (test: (name: string, attribs: Record<string, string>) => boolean) =>
    DomUtils.findAll((element) => test(element.name, element.attribs), document.children);
  const alternates: Alternates = {};
  for (const link of all((name, a) => name === "link" && a.rel === "alternate" && a.hreflang !== undefined)) {
    alternates[link.attribs.hreflang ?? ""] = link.attribs.href ?? "";
  }
  return {
    lang: all((name) => name === "html")[0]?.attribs.lang,
    canonical: all((name, a) => name === "link" && a.rel === "canonical").map((e) => e.attribs.href),
    ogLocale: all((name, a) => name === "meta" && a.property === "og:locale").map((e) => e.attribs.content),
    robots: all((name, a) => name === "meta" && a.name === "robots").map((e) => e.attribs.content),
    alternates,
    links: all((name, a) => name === "a" && a.href !== undefined).map((e) => e.attribs.href ?? ""),
    forms: all((name) => name === "form").map((e) => ({
      action: e.attribs.action ?? "",
      method: (e.attribs.method ?? "get").toLowerCase(),
    })),
  };
}

/** Every URL of the sitemap with its alternates, read through the index and its numbered files. */
async function readSitemaps(): Promise<Map<string, Alternates>> {
  const listed = new Map<string, Alternates>();
  const read = async (path: string) => {
    const res = await get(path);
    expect(res.statusCode, path).toBe(200);
    const document = parseDocument(res.body, { xmlMode: true });
    for (const sitemap of DomUtils.getElementsByTagName("sitemap", document)) {
      const loc = DomUtils.textContent(DomUtils.getElementsByTagName("loc", sitemap.children, false)[0] ?? []);
      await read(new URL(loc).pathname);
    }
    for (const url of DomUtils.getElementsByTagName("url", document)) {
      const loc = DomUtils.textContent(DomUtils.getElementsByTagName("loc", url.children, false)[0] ?? []);
      const alternates: Alternates = {};
      for (const link of DomUtils.getElementsByTagName("xhtml:link", url.children, false)) {
        expect(link.attribs.rel).toBe("alternate");
        alternates[link.attribs.hreflang ?? ""] = link.attribs.href ?? "";
      }
      expect(listed.has(loc), `${loc} listed twice`).toBe(false);
      listed.set(loc, alternates);
    }
  };
  await read("/sitemap.xml");
  return listed;
}

/** The languages' hreflang values, and x-default. */
const HREFLANGS = [...LANGUAGE_CODES, "x-default"];

describe("a crawl of the store in every language", () => {
  it("finds every language's URLs from its home page and the sitemap: each 200, self-canonical, hreflang-linked both ways, listed, and where ?lang= leads", async () => {
    const robots = robotsParser(`${PUBLIC_URL}/robots.txt`, (await get("/robots.txt")).body);
    const sitemap = await readSitemaps();
    const pages = new Map<string, { language: LanguageCode; alternates: Alternates }>();
    const queue = ["/", "/es", "/fr", ...[...sitemap.keys()].map((loc) => loc.slice(PUBLIC_URL.length))];
    while (queue.length > 0) {
      const path = queue.shift() ?? "";
      if (pages.has(path)) continue;
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      const page = readPage(res.body);
      const language = languageOfPath(path);
      const url = PUBLIC_URL + path;
      expect(page.lang, path).toBe(language);
      expect(page.canonical, path).toEqual([url]);
      expect(page.ogLocale, path).toEqual([{ en: "en_GB", es: "es_ES", fr: "fr_FR" }[language]]);
      expect(page.robots, path).toEqual([]);
      // Each language's URL, this one's its own, and English's again for any other reader.
      expect(Object.keys(page.alternates), path).toEqual(HREFLANGS);
      expect(page.alternates[language], path).toBe(url);
      expect(page.alternates["x-default"], path).toBe(page.alternates.en);
      for (const code of LANGUAGE_CODES)
        expect(languageOfPath(new URL(page.alternates[code] ?? "").pathname)).toBe(code);
      expect(sitemap.get(url), `${path} in the sitemap`).toEqual(page.alternates);
      pages.set(path, { language, alternates: page.alternates });

      // Its links and forms stay in its language; the cart (an English URL only) and the article's own HTML aside.
      for (const href of page.links) {
        if (!href.startsWith("/") || href.startsWith("//")) continue;
        const target = href.split("#")[0] || path;
        if (target !== "/cart") expect(languageOfPath(target), `${path} links to ${href}`).toBe(language);
        if (robots.isAllowed(PUBLIC_URL + target, "Googlebot") && !target.startsWith("/og/")) queue.push(target);
      }
      for (const { action, method } of page.forms) {
        if (method === "get") expect(languageOfPath(action), `${path}: a form to ${action}`).toBe(language);
      }
      for (const alternate of Object.values(page.alternates)) queue.push(alternate.slice(PUBLIC_URL.length));
    }

    // Every page is one of three: the same alternates in each language, each naming the other two.
    for (const [path, { alternates }] of pages) {
      for (const code of LANGUAGE_CODES) {
        const other = pages.get((alternates[code] ?? "").slice(PUBLIC_URL.length));
        expect(other?.alternates, `${path} and its ${code} page`).toEqual(alternates);
      }
    }
    expect([...pages.keys()].map((path) => PUBLIC_URL + path).sort()).toEqual([...sitemap.keys()].sort());
    // A link from before the languages had URLs (?lang=, the switcher's too) leads there for good.
    for (const [path, { alternates }] of pages) {
      for (const code of LANGUAGE_CODES) {
        const moved = await get(`${path}?lang=${code}`);
        expect(moved.statusCode, `${path}?lang=${code}`).toBe(301);
        expect(PUBLIC_URL + String(moved.headers.location), `${path}?lang=${code}`).toBe(alternates[code]);
      }
    }
    // 16 public pages (home, More.., 9 listings, 5 articles) in 3 languages.
    expect(pages.size).toBe(48);
    for (const code of LANGUAGE_CODES) {
      expect([...pages.values()].filter((page) => page.language === code)).toHaveLength(16);
    }
  });
});

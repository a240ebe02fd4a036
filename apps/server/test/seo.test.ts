import { brotliDecompressSync } from "node:zlib";
import type { AdminCatalogueTree } from "@skillshelf/shared/admin-forms.ts";
import { LANGUAGE_CODES, languagePath } from "@skillshelf/shared/i18n/languages.ts";
import type { LightMyRequestResponse } from "fastify";
import { DomUtils, parseDocument } from "htmlparser2";
import robotsParser from "robots-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, PUBLIC_URL, type TestStore } from "./helpers/app.ts";
import { artefact, content, parent, smallCatalogue } from "./helpers/factories.ts";

/** Every page of smallCatalogue() that anyone may read: home, More.., parents, artefact listings, articles. */
const PUBLIC_PAGES = [
  "/",
  "/more",
  "/tech-cards",
  "/docker",
  "/docker/images",
  "/docker/compose",
  "/docker/volumes",
  "/git",
  "/git/branches",
  "/labs",
  "/kubernetes",
  "/kubernetes/pods",
];

/** Each page at its URL in every language: /docker, /es/docker, /fr/docker. */
const PUBLIC_PATHS = PUBLIC_PAGES.flatMap((page) => LANGUAGE_CODES.map((code) => languagePath(code, page)));

/**
 * The sitemap's entries as XML, read by a real parser: tag (url or sitemap), loc, lastmod and a
 * URL's alternates (hreflang and href of each xhtml:link, in order).
 */
function readSitemap(res: LightMyRequestResponse) {
  const document = parseDocument(res.body, { xmlMode: true });
  const root = DomUtils.findOne(() => true, document.children, false);
  const entries = DomUtils.getElementsByTagName((name) => name === "url" || name === "sitemap", document).map(
    (element) => {
      const text = (tag: string) => {
        const found = DomUtils.getElementsByTagName(tag, element.children, false)[0];
        return found ? DomUtils.textContent(found) : undefined;
      };
      const alternates = DomUtils.getElementsByTagName("xhtml:link", element.children, false).map((link) => {
        expect(link.attribs.rel).toBe("alternate");
        return [link.attribs.hreflang, link.attribs.href];
      });
      return { tag: element.name, loc: text("loc") ?? "", lastmod: text("lastmod"), alternates };
    },
  );
  return { root: root?.name, xmlns: root?.attribs.xmlns, xhtml: root?.attribs["xmlns:xhtml"], entries };
}

const get = (store: TestStore, url: string, headers: Record<string, string> = {}) =>
  store.app.inject({ method: "GET", url, headers });

describe("GET /sitemap.xml", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore();
    await store.importCatalogue(smallCatalogue());
  });
  afterAll(() => store.close());

  it("lists every public page of the visible catalogue, with absolute URLs from PUBLIC_URL and lastmod", async () => {
    // A crawler's Host header names any host it likes: the URLs come from PUBLIC_URL all the same.
    const res = await get(store, "/sitemap.xml", { host: "evil.example" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const sitemap = readSitemap(res);
    expect(sitemap.root).toBe("urlset");
    expect(sitemap.xmlns).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    expect(sitemap.xhtml).toBe("http://www.w3.org/1999/xhtml");
    expect(sitemap.entries.map((e) => e.loc).sort()).toEqual(PUBLIC_PATHS.map((p) => PUBLIC_URL + p).sort());
    expect(sitemap.entries.every((e) => e.tag === "url")).toBe(true);
    for (const { lastmod } of sitemap.entries) {
      expect(lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(Date.parse(lastmod ?? "")).toBeLessThanOrEqual(Date.now());
    }
    // Home changed when anything on the store did last.
    const home = sitemap.entries.find((e) => e.loc === `${PUBLIC_URL}/`);
    expect(sitemap.entries.find((e) => e.loc === `${PUBLIC_URL}/es`)?.lastmod).toBe(home?.lastmod);
    expect(home?.lastmod).toBe(
      sitemap.entries
        .map((e) => e.lastmod ?? "")
        .sort()
        .at(-1),
    );
  });

  it("gives each language's URL of a page the page's URL in every language, itself too, and x-default", async () => {
    const { entries } = readSitemap(await get(store, "/sitemap.xml"));
    for (const page of PUBLIC_PAGES) {
      const urls = LANGUAGE_CODES.map((code) => PUBLIC_URL + languagePath(code, page));
      const alternates = [...LANGUAGE_CODES.map((code, i) => [code, urls[i]]), ["x-default", PUBLIC_URL + page]];
      const listed = entries.filter((e) => urls.includes(e.loc));
      expect(
        listed.map((e) => e.loc),
        page,
      ).toEqual(urls);
      // The three share what they say of the page: its alternates and when it last changed.
      for (const entry of listed) {
        expect(entry.alternates, entry.loc).toEqual(alternates);
        expect(entry.lastmod, entry.loc).toBe(listed[0]?.lastmod);
      }
    }
    expect((await get(store, "/sitemap.xml")).body).toContain(
      "<url><loc>http://store.test:3000/es/docker/images</loc><lastmod>",
    );
  });

  it("lists no hidden category, no private page and no media file, paid or free", async () => {
    const res = await get(store, "/sitemap.xml");
    const locs = readSitemap(res).entries.map((e) => e.loc);
    for (const loc of locs) {
      const path = new URL(loc).pathname;
      expect(path).not.toMatch(
        /^(\/es|\/fr)?\/(media|api|admin|cart|checkout|login|registration|dashboard|my-items|my-orders|emulator)\b/,
      );
      expect(path).not.toMatch(/secret|hidden-artefact/);
    }
    // The articles' media (a paid PNG and PDF, a free PNG) are not named anywhere.
    expect(res.body).not.toMatch(/media|layers|\.png|\.pdf/);
  });

  it("answers 304 to the ETag it gave, and is compressed like the other catalogue bodies", async () => {
    const first = await get(store, "/sitemap.xml");
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers["cache-control"]).toBe("no-cache");
    const again = await get(store, "/sitemap.xml", { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");

    expect(first.rawPayload.length).toBeGreaterThan(1024);
    const br = await get(store, "/sitemap.xml", { "accept-encoding": "br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
  });

  it("shows an admin's change on the next request: a hidden artefact leaves, a new article comes", async () => {
    const before = await get(store, "/sitemap.xml");
    const adminToken = await signIn(store, (await createUser(store, { role: "admin" })).id);
    const admin = (method: "GET" | "PATCH" | "POST", url: string, payload?: Record<string, unknown>) =>
      store.app.inject({ method, url, headers: bearer(adminToken), ...(payload ? { payload } : {}) });
    const tree = (await admin("GET", "/api/admin/catalogue")).json<{ data: AdminCatalogueTree }>().data;
    const artefacts = tree.categories.flatMap((p) => p.artefacts);
    const git = artefacts.find((a) => a.slug === "git");
    const kubernetes = artefacts.find((a) => a.slug === "kubernetes");
    if (!git || !kubernetes) throw new Error("the small catalogue has git and kubernetes");

    expect((await admin("PATCH", `/api/admin/categories/${git.id}`, { hidden: true })).statusCode).toBe(200);
    const created = await admin("POST", `/api/admin/categories/${kubernetes.id}/contents`, {
      slug: "services",
      title: "Services",
      short_description: "How pods are reached.",
      description: "<p>Services.</p>",
    });
    expect(created.statusCode).toBe(201);

    const after = await get(store, "/sitemap.xml", { "if-none-match": before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const locs = readSitemap(after).entries.map((e) => e.loc);
    expect(locs).toContain(`${PUBLIC_URL}/kubernetes/services`);
    expect(locs).toContain(`${PUBLIC_URL}/fr/kubernetes/services`);
    expect(locs).not.toContain(`${PUBLIC_URL}/git`);
    expect(locs).not.toContain(`${PUBLIC_URL}/es/git/branches`);
    await admin("PATCH", `/api/admin/categories/${git.id}`, { hidden: false });
  });
});

describe("a catalogue above one sitemap file's limit", () => {
  let store: TestStore;
  // Five pages a file: each page's three language URLs stay together.
  const perFile = 15;
  beforeAll(async () => {
    store = await createTestStore({ sitemapUrlsPerFile: perFile });
    await store.importCatalogue(smallCatalogue());
  });
  afterAll(() => store.close());

  it("is a sitemap index of numbered sitemaps that together list every public page once", async () => {
    const index = await get(store, "/sitemap.xml");
    expect(index.statusCode).toBe(200);
    const read = readSitemap(index);
    expect(read.root).toBe("sitemapindex");
    const files = Math.ceil(PUBLIC_PAGES.length / 5);
    expect(read.entries.map((e) => e.loc)).toEqual(
      Array.from({ length: files }, (_, i) => `${PUBLIC_URL}/sitemaps/${i + 1}.xml`),
    );
    const listed: string[] = [];
    for (const entry of read.entries) {
      expect(entry.tag).toBe("sitemap");
      expect(entry.lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      const part = await get(store, new URL(entry.loc).pathname);
      expect(part.statusCode).toBe(200);
      expect(part.headers["content-type"]).toBe("application/xml; charset=utf-8");
      const urls = readSitemap(part);
      expect(urls.root).toBe("urlset");
      expect(urls.entries.length).toBeLessThanOrEqual(perFile);
      expect(urls.entries.length % LANGUAGE_CODES.length).toBe(0);
      // A file's lastmod in the index is the latest of its URLs'.
      expect(entry.lastmod).toBe(
        urls.entries
          .map((e) => e.lastmod ?? "")
          .sort()
          .at(-1),
      );
      listed.push(...urls.entries.map((e) => e.loc));
      const revalidated = await get(store, new URL(entry.loc).pathname, {
        "if-none-match": part.headers.etag as string,
      });
      expect(revalidated.statusCode).toBe(304);
    }
    expect(listed.sort()).toEqual(PUBLIC_PATHS.map((p) => PUBLIC_URL + p).sort());
  });

  it("answers 404 for a numbered sitemap it does not have", async () => {
    for (const url of ["/sitemaps/0.xml", "/sitemaps/4.xml", "/sitemaps/1", "/sitemaps/x.xml", "/sitemaps/01.xml"]) {
      const res = await get(store, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ status: false, message: "Not found" });
    }
  });

  it("goes back to one file when the catalogue shrinks below the limit", async () => {
    await store.importCatalogue({
      version: 1,
      categories: [
        { ...parent({ slug: "one" }), artefacts: [{ ...artefact({ slug: "two" }), contents: [content()] }] },
      ],
    });
    const read = readSitemap(await get(store, "/sitemap.xml"));
    expect(read.root).toBe("urlset");
    // Home, More.., one, two and its article, in three languages: the file's 15.
    expect(read.entries).toHaveLength(15);
    expect((await get(store, "/sitemaps/1.xml")).statusCode).toBe(404);
  });
});

describe("GET /robots.txt", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore();
    await store.importCatalogue(smallCatalogue());
  });
  afterAll(() => store.close());

  it("lets crawlers read the store and its sitemap's every URL, and points at the sitemap", async () => {
    const res = await get(store, "/robots.txt", { host: "evil.example" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const robots = robotsParser(`${PUBLIC_URL}/robots.txt`, res.body);
    expect(robots.getSitemaps()).toEqual([`${PUBLIC_URL}/sitemap.xml`]);
    const locs = readSitemap(await get(store, "/sitemap.xml")).entries.map((e) => e.loc);
    expect(locs.length).toBe(PUBLIC_PATHS.length);
    for (const loc of locs) expect(robots.isAllowed(loc, "Googlebot"), loc).toBe(true);
    // Categories whose slugs begin with a private page's name stay open, and so does More..
    for (const path of [
      "/more",
      "/cart-basics",
      "/admin-tools/intro",
      "/settings-guide",
      "/login-flows",
      "/es/more",
      "/fr/login-flows",
    ]) {
      expect(robots.isAllowed(PUBLIC_URL + path, "Googlebot"), path).toBe(true);
    }
  });

  it("keeps crawlers out of the account, admin, cart, checkout, payment, API and media pages", async () => {
    const robots = robotsParser(`${PUBLIC_URL}/robots.txt`, (await get(store, "/robots.txt")).body);
    const privatePaths = [
      "/login",
      "/login?redirect=%2Fcart",
      "/registration",
      "/forgot-password",
      "/reset-password/abc",
      "/dashboard",
      "/my-items",
      "/my-orders",
      "/my-teams",
      "/teams/join/a-code",
      "/order-details/12",
      "/notifications",
      "/settings",
      "/cart",
      "/checkout",
      "/payment-confirmation?session_id=x",
      "/order-confirmation",
      "/payment-cancelled",
      "/admin",
      "/admin/orders?page=2",
      "/api/categories",
      "/api/docs",
      "/media/3?expires=1&signature=x",
      "/emulator/stripe/checkout/cs_1",
      // The guests' forms at every language's URL.
      "/es/login",
      "/fr/login?redirectTo=%2Fcart",
      "/es/registration",
      "/fr/forgot-password",
      "/es/reset-password/abc",
      "/unsubscribe/12.uvWxYz0123456789abcdef",
    ];
    for (const path of privatePaths) expect(robots.isDisallowed(PUBLIC_URL + path, "Googlebot"), path).toBe(true);
  });
});

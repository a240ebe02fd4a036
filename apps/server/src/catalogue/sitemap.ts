import { MORE_CATEGORY } from "@skillshelf/shared/constants.ts";
import { LANGUAGE_CODES, languagePath } from "@skillshelf/shared/i18n/languages.ts";
import { type CachedBody, cachedBody } from "../lib/cached-body.ts";
import type { CatalogueSnapshot, CategoryRow } from "./load-snapshot.ts";

/**
 * The URLs in one file (the protocol allows 50,000 and 50 MB). Each is one language's URL of a
 * page with the page's URL in every language beside it (xhtml:link), at most some 1.7 KB with
 * slugs of 120 characters: 10,000 keep a file below 17 MB, and a few MB as slugs usually are.
 */
const SITEMAP_URLS_PER_FILE = 10_000;

/** Where the numbered sitemaps of an index are served: /sitemaps/1.xml, /sitemaps/2.xml, ... */
const sitemapPartPath = (n: number) => `/sitemaps/${n}.xml`;

export interface Sitemaps {
  /** GET /sitemap.xml: every URL, or an index of the numbered files when they are more than one file holds. */
  root: CachedBody;
  /**
   * The numbered file `n` (/sitemaps/1.xml is part(1)), written when first asked for and then kept
   * for the catalogue version; null past the last, or when root lists the URLs itself.
   */
  part: (n: number) => CachedBody | null;
}

interface SitemapUrl {
  path: string;
  lastmod: Date | null;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const XMLNS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const XMLNS_XHTML = 'xmlns:xhtml="http://www.w3.org/1999/xhtml"';

const xmlText = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c);

/** W3C datetime, to the second. */
const w3cDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

const latest = (dates: (Date | null)[]): Date | null =>
  dates.reduce<Date | null>((max, d) => (d && (!max || d > max) ? d : max), null);

const entry = (tag: "url" | "sitemap", loc: string, lastmod: Date | null, inside = "") =>
  `<${tag}><loc>${xmlText(loc)}</loc>${lastmod ? `<lastmod>${w3cDate(lastmod)}</lastmod>` : ""}${inside}</${tag}>\n`;

/**
 * A page's URL in each language, each listing all of them (itself too) and the English one again
 * as x-default, as the page's own hreflang links do (apps/web/app/lib/meta.ts): Google's rule for
 * alternates in a sitemap.
 */
function languageEntries(origin: string, { path, lastmod }: SitemapUrl): string {
  const urls = LANGUAGE_CODES.map((code) => [code, origin + languagePath(code, path)] as const);
  const links = [...urls, ["x-default", origin + path] as const]
    .map(([hreflang, url]) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${xmlText(url)}"/>`)
    .join("");
  return urls.map(([, url]) => entry("url", url, lastmod, links)).join("");
}

/**
 * The public pages of the visible catalogue, as the store renders them (by their English paths):
 * home, More.., each parent category, each artefact listing and each article. A listing's lastmod is the latest change
 * of what it shows (its own row, its groups and articles; a parent's, its artefacts'); home's
 * is the latest of all. Media are never listed: paid ones are only served through URLs signed
 * for one viewer.
 */
function publicUrls(snapshot: CatalogueSnapshot): SitemapUrl[] {
  const urls: SitemapUrl[] = [];
  const segment = encodeURIComponent;
  for (const parent of snapshot.parents) {
    const parentUrl: SitemapUrl = { path: `/${segment(parent.slug)}`, lastmod: parent.updatedAt };
    urls.push(parentUrl);
    const artefactDates: (Date | null)[] = [];
    for (const artefact of snapshot.childrenOf.get(parent.id) ?? []) {
      const artefactUrl: SitemapUrl = { path: `/${segment(artefact.slug)}`, lastmod: null };
      urls.push(artefactUrl);
      const contents = snapshot.contentsOf.get(artefact.id) ?? [];
      for (const content of contents) {
        urls.push({ path: `/${segment(artefact.slug)}/${segment(content.slug)}`, lastmod: content.updatedAt });
      }
      artefactUrl.lastmod = listingChange(artefact, snapshot, contents);
      artefactDates.push(artefactUrl.lastmod);
    }
    parentUrl.lastmod = latest([parent.updatedAt, ...artefactDates]);
  }
  const everything = latest(urls.map((u) => u.lastmod));
  return [{ path: "/", lastmod: everything }, { path: `/${MORE_CATEGORY.slug}`, lastmod: everything }, ...urls];
}

function listingChange(artefact: CategoryRow, snapshot: CatalogueSnapshot, contents: { updatedAt: Date }[]) {
  const groups = snapshot.groupsOf.get(artefact.id) ?? [];
  return latest([artefact.updatedAt, ...groups.map((g) => g.updatedAt), ...contents.map((c) => c.updatedAt)]);
}

/**
 * The sitemap of the visible catalogue with absolute URLs from PUBLIC_URL, each page at its
 * URL in every language. Up to `urlsPerFile` URLs it is one file; past that, /sitemap.xml is a
 * sitemap index of numbered files of at most `urlsPerFile` URLs each, a page's languages
 * together, each file written only when asked for.
 */
export function buildSitemaps(
  snapshot: CatalogueSnapshot,
  options: { publicUrl: string; urlsPerFile?: number },
): Sitemaps {
  const origin = options.publicUrl.replace(/\/+$/, "");
  const pagesPerFile = Math.max(1, Math.floor((options.urlsPerFile ?? SITEMAP_URLS_PER_FILE) / LANGUAGE_CODES.length));
  const pages = publicUrls(snapshot);
  const urlset = (list: SitemapUrl[]) =>
    cachedBody(
      `${XML_HEAD}<urlset ${XMLNS} ${XMLNS_XHTML}>\n${list.map((page) => languageEntries(origin, page)).join("")}</urlset>\n`,
    );
  if (pages.length <= pagesPerFile) return { root: urlset(pages), part: () => null };

  const chunks: SitemapUrl[][] = [];
  for (let i = 0; i < pages.length; i += pagesPerFile) chunks.push(pages.slice(i, i + pagesPerFile));
  const index = chunks
    .map((chunk, i) => entry("sitemap", origin + sitemapPartPath(i + 1), latest(chunk.map((u) => u.lastmod))))
    .join("");
  const parts = new Map<number, CachedBody>();
  return {
    root: cachedBody(`${XML_HEAD}<sitemapindex ${XMLNS}>\n${index}</sitemapindex>\n`),
    part: (n) => {
      const chunk = chunks[n - 1];
      if (!chunk) return null;
      let body = parts.get(n);
      if (!body) {
        body = urlset(chunk);
        parts.set(n, body);
      }
      return body;
    },
  };
}

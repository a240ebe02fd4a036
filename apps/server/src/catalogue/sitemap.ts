import { type CachedBody, cachedBody } from "../lib/cached-body.ts";
import type { CatalogueSnapshot, CategoryRow } from "./load-snapshot.ts";

/**
 * The sitemap protocol's limit of URLs in one file. Each entry here is at most a few hundred
 * bytes (slugs are at most 120 characters), so a full file stays far below its 50 MB limit too.
 */
const SITEMAP_URLS_PER_FILE = 50_000;

/** Where the numbered sitemaps of an index are served: /sitemaps/1.xml, /sitemaps/2.xml, ... */
const sitemapPartPath = (n: number) => `/sitemaps/${n}.xml`;

export interface Sitemaps {
  /** GET /sitemap.xml: every URL, or an index of the numbered files when they are more than one file holds. */
  root: CachedBody;
  /** The numbered files, in order (/sitemaps/1.xml is parts[0]); empty when root lists the URLs itself. */
  parts: CachedBody[];
}

interface SitemapUrl {
  path: string;
  lastmod: Date | null;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const XMLNS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

const xmlText = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c);

/** W3C datetime, to the second. */
const w3cDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

const latest = (dates: (Date | null)[]): Date | null =>
  dates.reduce<Date | null>((max, d) => (d && (!max || d > max) ? d : max), null);

const entry = (tag: "url" | "sitemap", loc: string, lastmod: Date | null) =>
  `<${tag}><loc>${xmlText(loc)}</loc>${lastmod ? `<lastmod>${w3cDate(lastmod)}</lastmod>` : ""}</${tag}>\n`;

/**
 * The public pages of the visible catalogue, as the store renders them: home, each parent
 * category, each artefact listing and each article. A listing's lastmod is the latest change
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
  return [{ path: "/", lastmod: latest(urls.map((u) => u.lastmod)) }, ...urls];
}

function listingChange(artefact: CategoryRow, snapshot: CatalogueSnapshot, contents: { updatedAt: Date }[]) {
  const groups = snapshot.groupsOf.get(artefact.id) ?? [];
  return latest([artefact.updatedAt, ...groups.map((g) => g.updatedAt), ...contents.map((c) => c.updatedAt)]);
}

/**
 * The sitemap of the visible catalogue with absolute URLs from PUBLIC_URL. Up to
 * `urlsPerFile` URLs it is one file; past that, /sitemap.xml is a sitemap index of
 * numbered files of at most `urlsPerFile` URLs each.
 */
export function buildSitemaps(
  snapshot: CatalogueSnapshot,
  options: { publicUrl: string; urlsPerFile?: number },
): Sitemaps {
  const origin = options.publicUrl.replace(/\/+$/, "");
  const perFile = options.urlsPerFile ?? SITEMAP_URLS_PER_FILE;
  const urls = publicUrls(snapshot);
  const urlset = (list: SitemapUrl[]) =>
    cachedBody(
      `${XML_HEAD}<urlset ${XMLNS}>\n${list.map((u) => entry("url", origin + u.path, u.lastmod)).join("")}</urlset>\n`,
    );
  if (urls.length <= perFile) return { root: urlset(urls), parts: [] };

  const chunks: SitemapUrl[][] = [];
  for (let i = 0; i < urls.length; i += perFile) chunks.push(urls.slice(i, i + perFile));
  const index = chunks
    .map((chunk, i) => entry("sitemap", origin + sitemapPartPath(i + 1), latest(chunk.map((u) => u.lastmod))))
    .join("");
  return {
    root: cachedBody(`${XML_HEAD}<sitemapindex ${XMLNS}>\n${index}</sitemapindex>\n`),
    parts: chunks.map(urlset),
  };
}

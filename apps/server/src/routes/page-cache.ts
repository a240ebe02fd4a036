import { createHash, randomBytes } from "node:crypto";
import { LRUCache } from "lru-cache";

/**
 * A page rendered for a visitor without a session, kept as the HTML around its
 * CSP nonces: each response joins the parts with a nonce of its own. The parts
 * are kept as UTF-8 bytes: a big page (home at 100x the demo is 950 KB) encoded
 * again on every response cost more than compressing it.
 */
export interface VisitorPage {
  status: number;
  /** The headers the app gave the page. */
  headers: [string, string][];
  /** The body's UTF-8 bytes, split wherever the render's placeholder nonce stood. */
  parts: Buffer[];
  /** A weak validator over the page without its nonces: the same page has the same ETag on every instance. */
  etag: string;
  /** Whether every visitor may get this page: a 200 the app marked public, with no Set-Cookie. */
  shared: boolean;
  /** A 404 with no Set-Cookie: kept for visitors too, but never for other caches, and in a budget of its own. */
  missing: boolean;
}

/** The nonce a page is rendered with for the cache: random, so no catalogue text can contain it. */
export const placeholderNonce = () => randomBytes(18).toString("base64");

export function toVisitorPage(
  response: { status: number; headers: Headers },
  body: string,
  nonce: string,
): VisitorPage {
  const parts = body.split(nonce).map((part) => Buffer.from(part));
  const noCookie = response.headers.getSetCookie().length === 0;
  const shared = response.status === 200 && noCookie && /\bpublic\b/.test(response.headers.get("cache-control") ?? "");
  return {
    status: response.status,
    headers: [...response.headers],
    parts,
    etag: `W/"${parts.reduce((hash, part) => hash.update(part), createHash("sha1")).digest("base64url")}"`,
    shared,
    missing: response.status === 404 && noCookie,
  };
}

/** A kept page's bytes for one response, with its own nonce where the placeholder stood. */
export function joinParts(parts: Buffer[], nonce: string): Buffer {
  const between = Buffer.from(nonce);
  return Buffer.concat(parts.flatMap((part, i) => (i === 0 ? [part] : [between, part])));
}

interface Entry {
  page: VisitorPage;
  /** The catalogue version it was rendered from. */
  version: number;
  /** When it was kept (ms since the epoch). */
  keptAt: number;
}

/**
 * Pages for visitors, by path and query. A kept page is valid while the catalogue
 * version it was rendered from is current, and fresh for `ttlMs` (free articles
 * carry media URLs signed for a limited time). After that, and for up to
 * `staleMs` more, it is still sent while one render replaces it in the
 * background, so no visitor waits for a render of a page the store already has
 * (a big home page takes a second or more to render); a catalogue change is
 * never served stale. Bounded in size. Requests for the same page at once share
 * one render, whether or not the page may be kept.
 *
 * A path that is not a page gets its 404 kept as well, so a broken link or a
 * probe asked again and again costs no render; those are kept apart, in
 * `missingMaxBytes`, so that any number of made-up paths cannot push the
 * store's pages out.
 */
export class PageCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly missing: LRUCache<string, Entry>;
  private readonly renders = new Map<string, Promise<VisitorPage>>();
  private readonly ttlMs: number;
  private readonly staleMs: number;
  private readonly now: () => number;

  constructor(options: {
    maxBytes: number;
    missingMaxBytes: number;
    ttlMs: number;
    staleMs: number;
    now?: () => number;
  }) {
    this.ttlMs = options.ttlMs;
    this.staleMs = options.staleMs;
    this.now = options.now ?? Date.now;
    const sizeCalculation = (entry: Entry) => entry.page.parts.reduce((n, p) => n + p.length, 64);
    this.entries = new LRUCache<string, Entry>({ maxSize: options.maxBytes, sizeCalculation });
    this.missing = new LRUCache<string, Entry>({ maxSize: options.missingMaxBytes, sizeCalculation });
  }

  async get(key: string, version: () => number, render: () => Promise<VisitorPage>): Promise<VisitorPage> {
    const current = version();
    // A key is in one of the two at most: keeping it in one drops it from the other.
    const entry = this.entries.get(key) ?? this.missing.get(key);
    if (entry && entry.version === current) {
      const age = this.now() - entry.keptAt;
      if (age < this.ttlMs) return entry.page;
      if (age < this.ttlMs + this.staleMs) {
        // A failed render keeps the stale page until it is too old; the next request tries again.
        this.renderOnce(key, current, version, render).catch(() => {});
        return entry.page;
      }
    }
    return this.renderOnce(key, current, version, render);
  }

  private async renderOnce(
    key: string,
    current: number,
    version: () => number,
    render: () => Promise<VisitorPage>,
  ): Promise<VisitorPage> {
    const renderKey = `${current} ${key}`;
    const inFlight = this.renders.get(renderKey);
    if (inFlight) return inFlight;
    const rendering = render().then((page) => {
      // A catalogue change during the render makes the page stale before it is kept.
      if ((page.shared || page.missing) && version() === current) {
        const entry = { page, version: current, keptAt: this.now() };
        (page.shared ? this.entries : this.missing).set(key, entry);
        (page.shared ? this.missing : this.entries).delete(key);
      }
      return page;
    });
    this.renders.set(renderKey, rendering);
    try {
      return await rendering;
    } finally {
      this.renders.delete(renderKey);
    }
  }
}

import { createHash, randomBytes } from "node:crypto";
import type { OutgoingHttpHeaders } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { LRUCache } from "lru-cache";
import { COMPRESSION_THRESHOLD, type ResponseEncoding } from "../plugins/compression.ts";

/**
 * A page rendered for a visitor without a session: the same bytes for every
 * visitor. Its inline scripts are allowed by their hashes rather than by a
 * nonce (a nonce kept in a shared page would be no secret), so nothing in the
 * body changes between responses, and each encoding is made once for the page
 * (decision 0038).
 */
export interface VisitorPage {
  status: number;
  /** The headers the app gave the page. */
  headers: [string, string][];
  /** The document's UTF-8 bytes. */
  body: Buffer;
  /** The script-src sources of its inline scripts: each one's SHA-256, as `'sha256-…'`. */
  scriptHashes: string[];
  /** A weak validator over the page (weak: the same for each encoding): the same page has the same ETag on every instance. */
  etag: string;
  /** Whether every visitor may get this page: a 200 the app marked public, with no Set-Cookie. */
  shared: boolean;
  /** A 404 with no Set-Cookie: kept for visitors too, but never for other caches, and in a budget of its own. */
  missing: boolean;
  /** The body in each encoding asked for so far, each made once. */
  encoded: Map<ResponseEncoding, Promise<Buffer>>;
  /** What Fastify sent for it, by replayKey (front-door.ts): sent again as it is, before Fastify. */
  replays: Map<string, Replay>;
}

/** A whole answer as it went out: its status, every header Fastify set (content-length too) and its bytes. */
export interface Replay {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

/** The nonce a page is rendered with for the cache: random, so no catalogue text can contain it. */
export const placeholderNonce = () => randomBytes(18).toString("base64");

export function toVisitorPage(
  response: { status: number; headers: Headers },
  rendered: string,
  nonce: string,
): VisitorPage {
  // The scripts React and React Router write carry the render's nonce; each is allowed by its hash instead.
  const scripts = new RegExp(`<script nonce="${escapeRegExp(nonce)}"[^>]*>([\\s\\S]*?)</script>`, "g");
  const scriptHashes = [...rendered.matchAll(scripts)].map(
    (match) =>
      `'sha256-${createHash("sha256")
        .update(match[1] ?? "")
        .digest("base64")}'`,
  );
  const html = rendered.replaceAll(` nonce="${nonce}"`, "");
  // Anywhere else (a script that copies its nonce to the scripts it adds), a hash would not cover it.
  if (html.includes(nonce)) throw new Error("the render used its CSP nonce outside a nonce attribute");
  const body = Buffer.from(html);
  const noCookie = response.headers.getSetCookie().length === 0;
  const shared = response.status === 200 && noCookie && /\bpublic\b/.test(response.headers.get("cache-control") ?? "");
  return {
    status: response.status,
    headers: [...response.headers],
    body,
    scriptHashes,
    etag: `W/"${createHash("sha1").update(body).digest("base64url")}"`,
    shared,
    missing: response.status === 404 && noCookie,
    encoded: new Map(),
    replays: new Map(),
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The response's policy for a kept page: its inline scripts allowed by hash, and its module scripts by origin
 * (they no longer inherit a nonce); no nonce anywhere, for none is in the page.
 */
export function visitorPolicy(policy: string, scriptHashes: string[]): string {
  return policy
    .replace(/ ?'nonce-[^']*'/g, "")
    .replace(/(^|;)\s*script-src\b[^;]*/, `$1script-src 'self' ${scriptHashes.join(" ")}`.trimEnd());
}

/** Brotli's best quality for pages of a usual size; a huge one (home at 100x the demo) at a quicker setting. */
const BEST_QUALITY_UP_TO_BYTES = 256 * 1024;

/**
 * A kept page's body in `encoding`, made once per page (on the thread pool), or null when it is too small to
 * gain from it.
 */
export function encodedBody(page: VisitorPage, encoding: ResponseEncoding): Promise<Buffer> | null {
  if (page.body.length < COMPRESSION_THRESHOLD) return null;
  let encoded = page.encoded.get(encoding);
  if (!encoded) {
    encoded =
      encoding === "br"
        ? brotliCompress(page.body, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: page.body.length <= BEST_QUALITY_UP_TO_BYTES ? 11 : 6,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.body.length,
            },
          })
        : gzip(page.body, { level: 9 });
    // A failure is not kept: the next request tries again.
    encoded.catch(() => page.encoded.delete(encoding));
    page.encoded.set(encoding, encoded);
  }
  return encoded;
}

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

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
  /** How many answers the front door has sent from kept pages' replays (front-door.ts). */
  replayed = 0;
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
    // A page's compressed copies are a fraction of it (a fifth or less): counted at half its size, made or not.
    const sizeCalculation = (entry: Entry) => Math.ceil(entry.page.body.length * 1.5) + 64;
    this.entries = new LRUCache<string, Entry>({ maxSize: options.maxBytes, sizeCalculation });
    this.missing = new LRUCache<string, Entry>({ maxSize: options.missingMaxBytes, sizeCalculation });
  }

  async get(key: string, version: () => number, render: () => Promise<VisitorPage>): Promise<VisitorPage> {
    const current = version();
    const kept = this.kept(key, current);
    if (kept) {
      if (kept.age < this.ttlMs) return kept.page;
      if (kept.age < this.ttlMs + this.staleMs) {
        // A failed render keeps the stale page until it is too old; the next request tries again.
        this.renderOnce(key, current, version, render).catch(() => {});
        return kept.page;
      }
    }
    return this.renderOnce(key, current, version, render);
  }

  /** The page kept under `key` while it is fresh and of the catalogue version `current`; else null. */
  fresh(key: string, current: number): VisitorPage | null {
    const kept = this.kept(key, current);
    return kept && kept.age < this.ttlMs ? kept.page : null;
  }

  /** The page kept under `key` from the catalogue version `current`, and its age; else null. */
  private kept(key: string, current: number): { page: VisitorPage; age: number } | null {
    // A key is in one of the two at most: keeping it in one drops it from the other.
    const entry = this.entries.get(key) ?? this.missing.get(key);
    return entry && entry.version === current ? { page: entry.page, age: this.now() - entry.keptAt } : null;
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
        // The same bytes again (a page renewed after its lifetime): the encodings made already still serve.
        const before = this.entries.peek(key) ?? this.missing.peek(key);
        if (before?.page.etag === page.etag) {
          page.encoded = before.page.encoded;
          page.replays = before.page.replays;
        }
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

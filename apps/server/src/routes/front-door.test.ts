import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { replayKey, visitorPageDoor } from "./front-door.ts";
import { PageCache, type VisitorPage } from "./page-cache.ts";

const page = (): VisitorPage => ({
  status: 200,
  headers: [],
  body: Buffer.from("<p>page</p>"),
  scriptHashes: [],
  etag: 'W/"page"',
  shared: true,
  missing: false,
  encoded: new Map(),
  replays: new Map([
    [replayKey(null), { status: 200, headers: { "content-length": 11 }, body: Buffer.from("<p>page</p>") }],
  ]),
});

/** A door over a cache holding the English /docker and the Spanish /es/docker, and what it wrote for one request. */
async function knock(
  request: { method?: string; url?: string; headers?: Record<string, string> },
  options: { closing?: boolean; now?: number; version?: number } = {},
) {
  let now = 0;
  const pages = new PageCache({ maxBytes: 1e6, missingMaxBytes: 1e6, ttlMs: 60_000, staleMs: 60_000, now: () => now });
  for (const key of ["en /docker", "es /es/docker"]) {
    await pages.get(
      key,
      () => 1,
      async () => page(),
    );
  }
  now = options.now ?? 0;
  const door = visitorPageDoor({
    pages,
    version: () => options.version ?? 1,
    closing: () => options.closing ?? false,
    parseCookie: (header) => Object.fromEntries(header.split("; ").map((pair) => pair.split("="))),
  });
  const written: unknown[] = [];
  const response = {
    writeHead: (...args: unknown[]) => written.push(args),
    end: (body: unknown) => written.push(body),
  } as unknown as ServerResponse;
  const answered = door(
    { method: "GET", url: "/docker", headers: {}, ...request } as unknown as IncomingMessage,
    response,
  );
  return { answered, written };
}

describe("visitorPageDoor", () => {
  it("answers a visitor's GET of a kept, fresh page with its replay", async () => {
    const { answered, written } = await knock({});
    expect(answered).toBe(true);
    expect(written).toEqual([[200, { "content-length": 11 }], Buffer.from("<p>page</p>")]);
  });

  it.each([
    ["a chosen language at an English URL (its page is English)", { headers: { cookie: "lang=fr" } }],
    ["an English browser", { headers: { "accept-language": "en-GB" } }],
    ["any browser at a Spanish URL", { url: "/es/docker", headers: { "accept-language": "fr", cookie: "lang=en" } }],
  ])("answers %s", async (_name, request) => {
    expect((await knock(request)).answered).toBe(true);
  });

  it.each([
    ["a HEAD", { method: "HEAD" }],
    ["a session cookie", { headers: { cookie: "access-token=abc" } }],
    ["a bearer token", { headers: { authorization: "Bearer abc" } }],
    ["a revalidation", { headers: { "if-none-match": 'W/"page"' } }],
    ["?lang=", { url: "/docker?lang=en" }],
    ["a first visit offered another language (no notice kept)", { headers: { "accept-language": "fr" } }],
    ["another language's URL not kept", { url: "/fr/docker" }],
    ["a page not kept", { url: "/git" }],
  ])("leaves %s to Fastify", async (_name, request) => {
    const { answered, written } = await knock(request);
    expect(answered).toBe(false);
    expect(written).toEqual([]);
  });

  it("leaves to Fastify a page past its lifetime, of another catalogue version, or while the store is closing", async () => {
    expect((await knock({}, { now: 60_000 })).answered).toBe(false);
    expect((await knock({}, { version: 2 })).answered).toBe(false);
    expect((await knock({}, { closing: true })).answered).toBe(false);
  });
});

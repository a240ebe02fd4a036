import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, deflateSync, gunzipSync, gzipSync } from "node:zlib";
import type { ContentResponse } from "@skillshelf/shared/api.ts";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webBuildDir } from "../src/routes/pages.ts";
import { createTestStore, ensureWebBuild, type TestStore } from "./helpers/app.ts";
import { content, pdfBase64, smallCatalogue } from "./helpers/factories.ts";

const assetsDir = path.join(webBuildDir, "client/assets");
const precompressed = () => fs.existsSync(assetsDir) && fs.readdirSync(assetsDir).some((name) => name.endsWith(".br"));

let store: TestStore;

beforeAll(async () => {
  // The pages and the precompressed assets come from the web build; a build made before
  // the precompress step existed has no .br files, so it is made again.
  ensureWebBuild(() => !precompressed());
  store = await createTestStore({ pages: true });
  const catalogue = smallCatalogue();
  // A free article whose PDF is well past the compression threshold.
  const git = catalogue.categories.flatMap((c) => c.artefacts ?? []).find((a) => a.slug === "git");
  git?.contents?.push(
    content({
      slug: "manual",
      title: "The manual",
      media: [
        {
          name: "manual.pdf",
          mimetype: "application/pdf",
          data_base64: pdfBase64(),
        },
      ],
    }),
  );
  await store.importCatalogue(catalogue);
}, 120_000);
afterAll(() => store?.close());

const get = (url: string, headers: Record<string, string> = {}) => store.app.inject({ url, headers });

/** The Vary header as lower-case names. */
const vary = (res: LightMyRequestResponse) =>
  String(res.headers.vary ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase());

describe("JSON", () => {
  it("is compressed with br or gzip as the request prefers, and decodes to the same body", async () => {
    const plain = await get("/api/categories");
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(vary(plain)).toContain("accept-encoding");

    const br = await get("/api/categories", { "accept-encoding": "gzip, deflate, br" });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(vary(br)).toContain("accept-encoding");
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gzip = await get("/api/categories", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(vary(gzip)).toContain("accept-encoding");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    const identity = await get("/api/categories", { "accept-encoding": "identity" });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body).toBe(plain.body);
  });

  it("keeps the categories ETag: a client holding it gets 304, compressed or not", async () => {
    const br = await get("/api/categories", { "accept-encoding": "br" });
    const etag = br.headers.etag as string;
    // Weak: one validator stands for the body in every encoding, which a strong one may not.
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect((await get("/api/categories")).headers.etag).toBe(etag);
    for (const acceptEncoding of ["br", "gzip", "identity"]) {
      const again = await get("/api/categories", { "accept-encoding": acceptEncoding, "if-none-match": etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers["content-encoding"]).toBeUndefined();
      expect(again.headers.etag).toBe(etag);
      expect(vary(again)).toContain("accept-encoding");
    }
  });

  it("leaves a small body as it is", async () => {
    const res = await get("/api/health", { "accept-encoding": "br, gzip" });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.json()).toMatchObject({ status: true });
  });

  it("answers HEAD with the headers of GET and no body", async () => {
    const res = await store.app.inject({
      method: "HEAD",
      url: "/api/categories",
      headers: { "accept-encoding": "br" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(0);
    expect(vary(res)).toContain("accept-encoding");
  });
});

describe("pages", () => {
  it("are compressed HTML that decodes to the page", async () => {
    const plain = await get("/");
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toMatch(/^<!DOCTYPE html>/i);

    const br = await get("/", { "accept-encoding": "br, gzip" });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(vary(br)).toContain("accept-encoding");
    const html = brotliDecompressSync(br.rawPayload).toString();
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    expect(html).toContain("Tech Cards");
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(html) / 2);

    const gzip = await get("/docker", { "accept-encoding": "gzip" });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toContain("Docker");
  });

  it("answer HEAD without a body", async () => {
    const res = await store.app.inject({ method: "HEAD", url: "/", headers: { "accept-encoding": "br" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.rawPayload.length).toBe(0);
  });
});

describe("media", () => {
  it("are sent as stored, never compressed", async () => {
    const page = (
      await store.app.inject({ method: "POST", url: "/api/get-content", payload: { slug: "git", content: "manual" } })
    ).json<ContentResponse>();
    const [media] = page.data.content_media;
    expect(media).toMatchObject({ mimetype: "application/pdf", name: "manual.pdf" });
    const plain = await get(media?.path ?? "");
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const res = await get(media?.path ?? "", { "accept-encoding": "br, gzip" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(vary(res)).not.toContain("accept-encoding");
    expect(res.rawPayload.equals(plain.rawPayload)).toBe(true);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });
});

describe("hashed assets", () => {
  // The biggest script: the one that matters most, and surely past any threshold.
  const biggestScript = () =>
    fs
      .readdirSync(assetsDir)
      .filter((name) => name.endsWith(".js"))
      .map((name) => ({ name, size: fs.statSync(path.join(assetsDir, name)).size }))
      .sort((a, b) => b.size - a.size)[0]?.name ?? "";

  it("are served from the files compressed at build time, with their long cache", async () => {
    const name = biggestScript();
    const file = path.join(assetsDir, name);
    const original = fs.readFileSync(file);
    const url = `/assets/${name}`;

    const br = await get(url, { "accept-encoding": "gzip, deflate, br" });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toBe("application/javascript; charset=utf-8");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(vary(br)).toContain("accept-encoding");
    expect(br.rawPayload.equals(fs.readFileSync(`${file}.br`))).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).equals(original)).toBe(true);

    const gzip = await get(url, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(gzip.rawPayload.equals(fs.readFileSync(`${file}.gz`))).toBe(true);
    expect(gunzipSync(gzip.rawPayload).equals(original)).toBe(true);

    const plain = await get(url);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(vary(plain)).toContain("accept-encoding");
    expect(plain.rawPayload.equals(original)).toBe(true);
  });

  it("revalidate with 304 per encoding, and answer HEAD without a body", async () => {
    const url = `/assets/${biggestScript()}`;
    const br = await get(url, { "accept-encoding": "br" });
    const plain = await get(url);
    // Different bytes, so different validators: a cache never mistakes one for the other.
    expect(br.headers.etag).toBeTruthy();
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const again = await get(url, { "accept-encoding": "br", "if-none-match": String(br.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    const head = await store.app.inject({ method: "HEAD", url, headers: { "accept-encoding": "br" } });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.rawPayload.length).toBe(0);
  });
});

describe("request bodies sent compressed", () => {
  const post = (body: Buffer, encoding: string) =>
    store.app.inject({
      method: "POST",
      url: "/api/get-data",
      headers: { "content-type": "application/json", "content-encoding": encoding },
      payload: body,
    });

  it("are read inflated, with br, gzip or deflate", async () => {
    const json = Buffer.from(JSON.stringify({ slug: "docker" }));
    for (const [encoding, body] of [
      ["gzip", gzipSync(json)],
      ["br", brotliCompressSync(json)],
      ["deflate", deflateSync(json)],
    ] as const) {
      const res = await post(body, encoding);
      expect(res.statusCode, encoding).toBe(200);
      expect(res.json().seo_data.slug).toBe("docker");
    }
  });

  it("are refused with 413 when they inflate past the body limit, however small they come", async () => {
    // 8 MB of spaces, a few KB compressed: within the limit as sent, far past it inflated.
    const bomb = gzipSync(
      Buffer.concat([Buffer.from('{"slug":"docker"'), Buffer.alloc(8 * 1024 * 1024, " "), Buffer.from("}")]),
    );
    expect(bomb.length).toBeLessThan(64 * 1024);
    const res = await post(bomb, "gzip");
    expect(res.statusCode).toBe(413);
    expect(res.json().status).toBe(false);
  });

  it("say which encodings they may use, and refuse a body that is not what its encoding says", async () => {
    expect((await post(Buffer.from('{"slug":"docker"}'), "compress")).statusCode).toBe(415);
    expect((await post(Buffer.from('{"slug":"docker"}'), "gzip")).statusCode).toBe(400);
  });
});

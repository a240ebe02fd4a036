import { createHash } from "node:crypto";
import type { ContentResponse } from "@skillshelf/shared/api.ts";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentMedia, mediaChunks, mediaObjects } from "../src/db/schema/index.ts";
import { MEDIA_CHUNK_BYTES } from "../src/media/database-storage.ts";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, type TestStore } from "./helpers/app.ts";
import { pdfBase64, smallCatalogue } from "./helpers/factories.ts";
import { type UploadFile, uploadMedia } from "./helpers/media.ts";

let store: TestStore;
let adminToken: string;
/** A PDF spanning several storage chunks, with a recognisable byte at every position. */
const pdf = Buffer.concat([
  Buffer.from(pdfBase64(), "base64"),
  Buffer.from(Array.from({ length: 3 * MEDIA_CHUNK_BYTES + 1234 }, (_, i) => (i * 7) % 251)),
]);
let mediaPath: string;
let mediaId: number;
let etag: string;

const publicContent = (slug: string, content: string) =>
  store.app.inject({ method: "POST", url: "/api/get-content", payload: { slug, content } });
const get = (headers: Record<string, string> = {}, path = mediaPath) => store.app.inject({ url: path, headers });
const contentIdOf = async (artefact: string, slug: string) =>
  (await publicContent(artefact, slug)).json<ContentResponse>().data.id;

const upload = (id: number, files: UploadFile[]) => uploadMedia(store, adminToken, id, files);

beforeAll(async () => {
  store = await createTestStore({ env: { MEDIA_MAX_MB: "40" } });
  await store.importCatalogue(smallCatalogue());
  adminToken = await signIn(store, (await createUser(store, { role: "admin" })).id);
  const res = await upload(await contentIdOf("git", "branches"), [
    { name: "ranges.pdf", type: "application/pdf", data: pdf },
  ]);
  expect(res.statusCode).toBe(201);
  mediaId = res.json().data[0].id;
  const page = (await publicContent("git", "branches")).json<ContentResponse>();
  mediaPath = page.data.content_media.find((m) => m.id === mediaId)?.path ?? "";
  etag = `"${createHash("sha256").update(pdf).digest("hex")}"`;
});
afterAll(() => store.close());

describe("media downloads", () => {
  it("stores the bytes in chunks of the database and sends them whole, with an ETag and no caching", async () => {
    const [chunks] = await store.database.db
      .select({ n: count() })
      .from(mediaChunks)
      .innerJoin(contentMedia, eq(contentMedia.storageKey, mediaChunks.key))
      .where(eq(contentMedia.id, mediaId));
    expect(chunks?.n).toBe(Math.ceil(pdf.length / MEDIA_CHUNK_BYTES));
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      "content-type": "application/pdf",
      "content-length": String(pdf.length),
      "cache-control": "private, no-store",
      "accept-ranges": "bytes",
      etag,
    });
    expect(res.rawPayload.equals(pdf)).toBe(true);
  });

  it("answers a byte range with 206 and Content-Range, across chunk boundaries and at the end", async () => {
    const cases: [string, number, number][] = [
      ["bytes=0-99", 0, 99],
      [
        `bytes=${MEDIA_CHUNK_BYTES - 10}-${2 * MEDIA_CHUNK_BYTES + 10}`,
        MEDIA_CHUNK_BYTES - 10,
        2 * MEDIA_CHUNK_BYTES + 10,
      ],
      ["bytes=-500", pdf.length - 500, pdf.length - 1],
      [`bytes=${pdf.length - 3}-`, pdf.length - 3, pdf.length - 1],
      // A last position past the end is cut to the end.
      [`bytes=100-${pdf.length + 5000}`, 100, pdf.length - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await get({ range });
      expect(res.statusCode, range).toBe(206);
      expect(res.headers["content-range"], range).toBe(`bytes ${start}-${end}/${pdf.length}`);
      expect(res.headers["content-length"], range).toBe(String(end - start + 1));
      expect(res.headers["cache-control"]).toBe("private, no-store");
      expect(res.rawPayload.equals(pdf.subarray(start, end + 1)), range).toBe(true);
    }
  });

  it("refuses a malformed or unsatisfiable range with 416, naming the size", async () => {
    for (const range of [
      "bytes=abc",
      "bytes=",
      "pages=1-2",
      `bytes=${pdf.length}-`,
      `bytes=${pdf.length + 10}-${pdf.length + 20}`,
      "bytes=9-3",
    ]) {
      const res = await get({ range });
      expect(res.statusCode, range).toBe(416);
      expect(res.headers["content-range"], range).toBe(`bytes */${pdf.length}`);
      expect(res.json(), range).toEqual({ status: false, message: "The requested range is not satisfiable." });
    }
  });

  it("merges several ranges that touch into one, and sends the whole file for ranges it would not merge", async () => {
    const merged = await get({ range: "bytes=0-49,50-99" });
    expect(merged.statusCode).toBe(206);
    expect(merged.headers["content-range"]).toBe(`bytes 0-99/${pdf.length}`);
    expect(merged.rawPayload.equals(pdf.subarray(0, 100))).toBe(true);
    const apart = await get({ range: "bytes=0-9,1000-1009" });
    expect(apart.statusCode).toBe(200);
    expect(apart.rawPayload.equals(pdf)).toBe(true);
  });

  it("answers 304 to If-None-Match with the current ETag, and honours If-Range only for it", async () => {
    const unchanged = await get({ "if-none-match": etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload.length).toBe(0);
    expect(unchanged.headers).toMatchObject({ etag, "cache-control": "private, no-store" });
    expect((await get({ "if-none-match": `"other", ${etag}` })).statusCode).toBe(304);
    expect((await get({ "if-none-match": '"other"' })).statusCode).toBe(200);
    const sameVersion = await get({ range: "bytes=0-9", "if-range": etag });
    expect(sameVersion.statusCode).toBe(206);
    const otherVersion = await get({ range: "bytes=0-9", "if-range": '"stale"' });
    expect(otherVersion.statusCode).toBe(200);
    expect(otherVersion.rawPayload.equals(pdf)).toBe(true);
  });

  it("answers HEAD with the headers of the download and no body", async () => {
    const res = await store.app.inject({ method: "HEAD", url: mediaPath });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({ "content-length": String(pdf.length), etag, "accept-ranges": "bytes" });
    expect(res.rawPayload.length).toBe(0);
  });

  it("checks the signature and the viewer before any range or condition", async () => {
    const forged = mediaPath.replace(/signature=[^&]+/, "signature=forged");
    const attempts: Record<string, string>[] = [
      { range: "bytes=0-9" },
      { "if-none-match": etag },
      { range: "bytes=zzz" },
    ];
    for (const headers of attempts) {
      const res = await get(headers, forged);
      expect(res.statusCode).toBe(403);
      expect(res.headers["cache-control"]).toBe("private, no-store");
    }
  });

  it("serves the editor's copy with ranges too", async () => {
    const res = await store.app.inject({
      url: `/api/admin/media/${mediaId}`,
      headers: { ...bearer(adminToken), range: "bytes=10-19" },
    });
    expect(res.statusCode).toBe(206);
    expect(res.rawPayload.equals(pdf.subarray(10, 20))).toBe(true);
  });
});

describe("big uploads", () => {
  it("streams a 30 MB PDF into storage and back out intact", async () => {
    const big = Buffer.concat([Buffer.from(pdfBase64(), "base64"), Buffer.alloc(30 * 1024 * 1024, 0x5a)]);
    big.writeUInt32BE(0xdeadbeef, big.length - 4);
    const res = await upload(await contentIdOf("git", "branches"), [
      { name: "big.pdf", type: "application/pdf", data: big },
    ]);
    expect(res.statusCode).toBe(201);
    const id = res.json().data[0].id;
    expect(res.json().data[0].size).toBe(big.length);
    const file = await store.app.inject({ url: `/api/admin/media/${id}`, headers: bearer(adminToken) });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.length).toBe(big.length);
    expect(createHash("sha256").update(file.rawPayload).digest("hex")).toBe(
      createHash("sha256").update(big).digest("hex"),
    );
    expect(
      (await store.app.inject({ method: "DELETE", url: `/api/admin/media/${id}`, headers: bearer(adminToken) }))
        .statusCode,
    ).toBe(200);
  });

  it("refuses a file over MEDIA_MAX_MB with 413 naming the limit, and keeps none of its bytes", async () => {
    await store.app.media.settled();
    const objectsBefore = await store.database.db.select({ n: count() }).from(mediaObjects);
    const chunksBefore = await store.database.db.select({ n: count() }).from(mediaChunks);
    const tooBig = Buffer.concat([Buffer.from(pdfBase64(), "base64"), Buffer.alloc(40 * 1024 * 1024)]);
    const res = await upload(await contentIdOf("git", "branches"), [
      { name: "small.pdf", type: "application/pdf", data: pdf },
      { name: "huge.pdf", type: "application/pdf", data: tooBig },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      status: false,
      message: "The file is too large: at most 40 MB.",
      errors: { file: "The file is too large: at most 40 MB." },
    });
    expect(await store.database.db.select({ n: count() }).from(mediaObjects)).toEqual(objectsBefore);
    expect(await store.database.db.select({ n: count() }).from(mediaChunks)).toEqual(chunksBefore);
  });

  it("removes a deleted file's bytes from the database", async () => {
    await store.app.media.settled();
    const [row] = await store.database.db
      .select({ key: contentMedia.storageKey })
      .from(contentMedia)
      .where(eq(contentMedia.id, mediaId));
    const del = await store.app.inject({
      method: "DELETE",
      url: `/api/admin/media/${mediaId}`,
      headers: bearer(adminToken),
    });
    expect(del.statusCode).toBe(200);
    await store.app.media.settled();
    const left = await store.database.db
      .select({ n: count() })
      .from(mediaChunks)
      .where(eq(mediaChunks.key, row?.key ?? ""));
    expect(left[0]?.n).toBe(0);
    expect((await get()).statusCode).toBe(403);
  });
});

import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import type { ContentResponse, ListingResponse } from "@skillshelf/shared/api.ts";
import { asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateCatalogue } from "../src/catalogue/read-catalogue-file.ts";
import { replaceCatalogue } from "../src/catalogue/seed-demo.ts";
import { openDatabase } from "../src/db/client.ts";
import { contentMedia, mediaChunks, mediaObjects } from "../src/db/schema/index.ts";
import { MediaStore } from "../src/media/media-store.ts";
import { migrateMedia } from "../src/media/migrate-media.ts";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, type TestStore } from "./helpers/app.ts";
import { migratedDataDir } from "./helpers/database.ts";
import { pdfBase64, pngBase64, smallCatalogue } from "./helpers/factories.ts";
import { uploadMedia } from "./helpers/media.ts";
import { payForCart } from "./helpers/orders.ts";
import { pdfText } from "./helpers/pdf.ts";
import { startS3 } from "./helpers/s3.ts";
import { TYPESCRIPT_NODE_ARGS } from "./helpers/typescript-process.ts";

type S3 = Awaited<ReturnType<typeof startS3>>;
const sha = (data: Buffer | Uint8Array) => createHash("sha256").update(data).digest("hex");
const getContent = (store: TestStore, slug: string, content: string, token?: string) =>
  store.app.inject({
    method: "POST",
    url: "/api/get-content",
    payload: { slug, content },
    ...(token ? { headers: bearer(token) } : {}),
  });

/** Every media file's bytes as the store serves them (following a redirect to the bucket), by name. */
async function servedBytes(store: TestStore, token: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const [slug, content] of [
    ["git", "branches"],
    ["docker", "images"],
  ] as const) {
    const page = (await getContent(store, slug, content, token)).json<ContentResponse>();
    for (const m of page.data.content_media) {
      const res = await store.app.inject({ url: m.path ?? "", headers: bearer(token) });
      const bytes =
        res.statusCode === 302
          ? Buffer.from(await (await fetch(res.headers.location ?? "")).arrayBuffer())
          : res.rawPayload;
      out.set(m.name, sha(bytes));
    }
  }
  return out;
}

/** A learner who bought the priced Docker artefact of smallCatalogue(): their bearer token. */
async function buyDocker(store: TestStore): Promise<string> {
  const docker = (
    await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })
  ).json<ListingResponse>();
  const buyer = await createUser(store);
  const token = await signIn(store, buyer.id);
  await store.app.inject({
    method: "POST",
    url: "/api/cart/add",
    headers: bearer(token),
    payload: { sub_category_id: docker.seo_data.id },
  });
  await (await payForCart(store, buyer.id)).confirm();
  return token;
}

/** A port where nothing listens: a bucket that is down. */
async function deadPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("S3 storage", () => {
  let s3: S3;
  let store: TestStore;
  let adminToken: string;

  beforeAll(async () => {
    s3 = await startS3();
    store = await createTestStore({ env: s3.env });
    await store.importCatalogue(smallCatalogue());
    adminToken = await signIn(store, (await createUser(store, { role: "admin" })).id);
  });
  afterAll(async () => {
    await store.close();
    await s3.close();
  });

  it("keeps imported and uploaded files in the bucket, none in the database", async () => {
    const png = Buffer.from(pngBase64("s3-upload"), "base64");
    const branches = (await getContent(store, "git", "branches")).json<ContentResponse>().data.id;
    const res = await uploadMedia(store, adminToken, branches, [{ name: "s3.png", type: "image/png", data: png }]);
    expect(res.statusCode).toBe(201);
    const objects = await store.database.db.select().from(mediaObjects).orderBy(asc(mediaObjects.key));
    expect(objects).toHaveLength(4);
    expect(objects.every((o) => o.storage === "s3" && o.attached)).toBe(true);
    expect((await s3.keys()).sort()).toEqual(objects.map((o) => o.key));
    expect((await store.database.db.select({ n: count() }).from(mediaChunks))[0]?.n).toBe(0);
  });

  it("downloads through a short-lived presigned URL, issued only to a viewer who may see the file", async () => {
    const page = (await getContent(store, "git", "branches")).json<ContentResponse>();
    const first = page.data.content_media[0];
    const res = await store.app.inject({ url: first?.path ?? "" });
    expect(res.statusCode).toBe(302);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const location = new URL(res.headers.location ?? "");
    expect(location.origin).toBe(s3.endpoint);
    expect(location.searchParams.get("X-Amz-Expires")).toBe("60");
    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    expect(sha(Buffer.from(await file.arrayBuffer()))).toBe(sha(Buffer.from(pngBase64("branches"), "base64")));
    // The bucket answers ranges itself.
    const part = await fetch(location, { headers: { range: "bytes=0-7" } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(Buffer.from(pngBase64("branches"), "base64").subarray(0, 8));
    // The URL is signed with the store's key (s3rver checks the key id, not the V4 signature itself).
    expect(location.searchParams.get("X-Amz-Credential")).toMatch(/^S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request$/);
    expect(location.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    location.searchParams.set("X-Amz-Credential", "SOMEONE/20261121/us-east-1/s3/aws4_request");
    expect((await fetch(location)).status).toBe(403);
  });

  it("redirects a buyer of priced content, and nobody else; a paid PDF comes stamped from the bucket through the store", async () => {
    const buyerToken = await buyDocker(store);
    const other = await signIn(store, (await createUser(store)).id);
    const locked = (await getContent(store, "docker", "images")).json<ContentResponse>();
    expect(locked.data.content_media.map((m) => m.path)).toEqual([null, null]);
    const id = locked.data.content_media[0]?.id;
    const visitor = await store.app.inject({ url: `/media/${id}` });
    expect(visitor.statusCode).toBe(403);
    expect(visitor.headers.location).toBeUndefined();

    const unlocked = (await getContent(store, "docker", "images", buyerToken)).json<ContentResponse>();
    const imagePath = unlocked.data.content_media[0]?.path ?? "";
    const image = await store.app.inject({ url: imagePath, headers: bearer(buyerToken) });
    expect(image.statusCode).toBe(302);
    const png = await fetch(image.headers.location ?? "");
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await png.arrayBuffer()).toString("base64")).toBe(pngBase64("layers"));
    // The bucket holds the original; the buyer's copy carries their e-mail and order number.
    const path = unlocked.data.content_media[1]?.path ?? "";
    const asBuyer = await store.app.inject({ url: path, headers: bearer(buyerToken) });
    expect(asBuyer.statusCode).toBe(200);
    expect(asBuyer.headers["content-type"]).toBe("application/pdf");
    expect(sha(asBuyer.rawPayload)).not.toBe(sha(Buffer.from(pdfBase64(), "base64")));
    expect(await pdfText(asBuyer.rawPayload)).toMatch(/^Licensed to \S+@\S+ - Order SS-/m);
    for (const headers of [{}, bearer(other)]) {
      const refused = await store.app.inject({ url: path, headers });
      expect(refused.statusCode).toBe(403);
      expect(refused.headers.location).toBeUndefined();
    }
  });

  it("exports the bucket's files inline and imports them back", async () => {
    const exported = await store.app.inject({ url: "/api/admin/catalogue/export", headers: bearer(adminToken) });
    expect(exported.statusCode).toBe(200);
    const file = exported.json();
    const images = file.categories[0].artefacts[0].groups[0].contents[0];
    expect(images.media[0].data_base64).toBe(pngBase64("layers"));
    const imported = await store.app.inject({
      method: "POST",
      url: "/api/admin/catalogue/import",
      headers: { ...bearer(adminToken), "content-type": "application/json" },
      payload: exported.body,
    });
    expect(imported.statusCode).toBe(200);
    await store.app.media.settled();
    const keys = await store.database.db.select({ key: contentMedia.storageKey }).from(contentMedia);
    // The replaced copies are gone from the bucket; the new ones are there.
    expect((await s3.keys()).sort()).toEqual(keys.map((k) => k.key).sort());
  });
});

describe("a bucket that is down", () => {
  let store: TestStore;
  let adminToken: string;

  beforeAll(async () => {
    const s3 = await startS3();
    store = await createTestStore({ env: { ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${await deadPort()}` } });
    await s3.close();
    adminToken = await signIn(store, (await createUser(store, { role: "admin" })).id);
  });
  afterAll(() => store.close());

  it("answers an upload or an import with 503 and Retry-After, and writes nothing", async () => {
    // Content rows, and objects attached to them. (What a failed write may have left in the bucket stays
    // listed, unattached, for the sweep to remove once the bucket answers again.)
    const before = async () => ({
      media: await store.database.db.select({ n: count() }).from(contentMedia),
      attached: await store.database.db
        .select({ n: count() })
        .from(mediaObjects)
        .where(eq(mediaObjects.attached, true)),
    });
    const empty = await before();
    const imported = await store.app.inject({
      method: "POST",
      url: "/api/admin/catalogue/import",
      headers: { ...bearer(adminToken), "content-type": "application/json" },
      payload: JSON.stringify(smallCatalogue()),
    });
    expect(imported.statusCode).toBe(503);
    expect(imported.headers["retry-after"]).toBe("60");
    expect(imported.json()).toEqual({
      status: false,
      message: "The file storage is not answering right now. Nothing was changed; please try again in a minute.",
    });
    expect(await before()).toEqual(empty);
    const listing = await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "git" } });
    expect(listing.statusCode).toBe(404);

    // With a catalogue in place (written to the database while the bucket was elsewhere), an upload.
    await replaceCatalogue(store.database, {
      file: validateCatalogue({ ...smallCatalogue(), categories: smallCatalogue().categories.slice(1, 2) }, "GBP"),
      currency: "GBP",
    });
    store.app.catalogue.invalidate();
    const pods = (await getContent(store, "kubernetes", "pods")).json<ContentResponse>().data.id;
    const counted = await before();
    const res = await uploadMedia(store, adminToken, pods, [
      { name: "a.png", type: "image/png", data: Buffer.from(pngBase64("down"), "base64") },
    ]);
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("60");
    expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|stack/);
    expect(await before()).toEqual(counted);
  });
});

describe("media migrate", () => {
  let s3: S3;
  let store: TestStore;
  let token: string;

  beforeAll(async () => {
    s3 = await startS3();
    // New files go to the database; the bucket is configured, so files can move there and back.
    store = await createTestStore({ env: { ...s3.env, MEDIA_STORAGE: "local" } });
    await store.importCatalogue(smallCatalogue());
    token = await buyDocker(store);
  });
  afterAll(async () => {
    await store.close();
    await s3.close();
  });

  const storages = async () =>
    (
      await store.database.db
        .select({ storage: mediaObjects.storage })
        .from(contentMedia)
        .innerJoin(mediaObjects, eq(mediaObjects.key, contentMedia.storageKey))
        .orderBy(asc(contentMedia.id))
    ).map((r) => r.storage);

  it("moves files to S3 and back, resuming where it stopped, serving every file intact throughout", async () => {
    const original = await servedBytes(store, token);
    expect(original.size).toBe(3);
    expect(await storages()).toEqual(["local", "local", "local"]);

    // Stopped after one file: that one is in the bucket, the others still in the database, all served.
    const first = await migrateMedia({ db: store.database.db, media: store.app.media, to: "s3", limit: 1 });
    expect(first).toMatchObject({ moved: 1, remaining: 2, removed: 1 });
    expect(await storages()).toEqual(["s3", "local", "local"]);
    expect(await s3.keys()).toHaveLength(1);
    expect(await servedBytes(store, token)).toEqual(original);

    // A copy that a run killed two days ago left unfinished is removed, and not mistaken for a file.
    const unfinished = await store.app.media.put(
      Readable.from([Buffer.from(pngBase64("unfinished"), "base64")]),
      "image/png",
      "s3",
    );
    await store.database.db
      .update(mediaObjects)
      .set({ createdAt: new Date(Date.now() - 2 * 86_400_000), sha256: null })
      .where(eq(mediaObjects.key, unfinished.key));
    expect(await s3.keys()).toHaveLength(2);
    const again = await migrateMedia({ db: store.database.db, media: store.app.media, to: "s3" });
    expect(again).toMatchObject({ moved: 2, remaining: 0, removed: 3 });
    expect(await storages()).toEqual(["s3", "s3", "s3"]);
    expect((await store.database.db.select({ n: count() }).from(mediaChunks))[0]?.n).toBe(0);
    expect(await s3.keys()).toHaveLength(3);
    expect(await servedBytes(store, token)).toEqual(original);
    expect(await migrateMedia({ db: store.database.db, media: store.app.media, to: "s3" })).toMatchObject({
      moved: 0,
    });

    const back = await migrateMedia({ db: store.database.db, media: store.app.media, to: "local" });
    expect(back).toMatchObject({ moved: 3, remaining: 0, removed: 3 });
    expect(await storages()).toEqual(["local", "local", "local"]);
    expect(await s3.keys()).toEqual([]);
    expect(await servedBytes(store, token)).toEqual(original);
  });

  it("refuses to move files to S3 when no bucket is configured", async () => {
    const local = MediaStore.local(store.database.db);
    await expect(migrateMedia({ db: store.database.db, media: local, to: "s3" })).rejects.toThrow(
      "media storage unavailable",
    );
  });
});

describe("npm run admin -- media migrate", () => {
  it("moves the embedded database's files to S3 and back", async () => {
    const s3 = await startS3();
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "media-migrate-"));
    const dataDir = migratedDataDir(path.join(dir, "data"));
    try {
      const database = await openDatabase({ dataDir });
      await replaceCatalogue(database, { file: validateCatalogue(smallCatalogue(), "GBP"), currency: "GBP" });
      await database.close();
      const env = {
        ...process.env,
        ...s3.env,
        MEDIA_STORAGE: "local",
        SEED: "none",
        DATA_DIR: dataDir,
        DATABASE_URL: "",
      };
      const cli = (...args: string[]) =>
        promisify(execFile)(process.execPath, [...TYPESCRIPT_NODE_ARGS, "src/cli.ts", ...args], {
          cwd: path.resolve(import.meta.dirname, ".."),
          env,
        });
      const toS3 = await cli("media", "migrate", "--to", "s3");
      expect(toS3.stdout).toContain("Moved 3 media files");
      expect(toS3.stdout).toContain("to s3; removed 3 old copies.");
      expect(await s3.keys()).toHaveLength(3);
      const toLocal = await cli("media", "migrate", "--to", "database");
      expect(toLocal.stdout).toContain("to local; removed 3 old copies.");
      expect(await s3.keys()).toEqual([]);
      await expect(cli("media", "migrate", "--to", "ftp")).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining("Usage: npm run admin -- media migrate --to s3|local"),
      });
    } finally {
      await s3.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

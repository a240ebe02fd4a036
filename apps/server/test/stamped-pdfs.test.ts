import { createHash } from "node:crypto";
import type { ContentResponse, ListingResponse } from "@skillshelf/shared/api.ts";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAMP_MAX_BYTES, stampLine } from "../src/media/stamp-pdf.ts";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, LogCapture, type TestStore } from "./helpers/app.ts";
import { pdfBase64, smallCatalogue } from "./helpers/factories.ts";
import { uploadMedia } from "./helpers/media.ts";
import { buyFromListing } from "./helpers/orders.ts";
import { pdfText } from "./helpers/pdf.ts";

let store: TestStore;
const log = new LogCapture();
let buyer: { email: string; token: string; orderNumber: string };
const original = Buffer.from(pdfBase64(), "base64");

const article = async (token: string) =>
  (
    await store.app.inject({
      method: "POST",
      url: "/api/get-content",
      headers: bearer(token),
      payload: { slug: "docker", content: "images" },
    })
  ).json<ContentResponse>();
const pdfPath = async (token: string, name: string) =>
  (await article(token)).data.content_media.find((m) => m.name === name)?.path ?? "";
const download = (path: string, token: string, headers: Record<string, string> = {}) =>
  store.app.inject({ url: path, headers: { cookie: `access-token=${token}`, ...headers } });

beforeAll(async () => {
  store = await createTestStore({ log });
  await store.importCatalogue(smallCatalogue());
  const docker = (
    await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })
  ).json<ListingResponse>();
  const user = await createUser(store);
  const token = await signIn(store, user.id);
  const order = await buyFromListing(store, { id: user.id, token }, docker);
  buyer = { email: user.email, token, orderNumber: order.orderNumber };
});
afterAll(() => store?.close());

describe("paid PDFs", () => {
  it("carry the buyer's e-mail and order number on every page, with their own ETag, the same bytes each time", async () => {
    const path = await pdfPath(buyer.token, "layers.pdf");
    const res = await download(path, buyer.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const stamped = res.rawPayload;
    expect(stamped.equals(original)).toBe(false);
    expect(res.headers["content-length"]).toBe(String(stamped.length));
    const doc = await PDFDocument.load(stamped);
    const line = stampLine({ email: buyer.email, orderNumber: buyer.orderNumber });
    expect(line).toBe(`Licensed to ${buyer.email} - Order ${buyer.orderNumber}`);
    const runs = (await pdfText(stamped)).split("\n");
    expect(runs.filter((r) => r === line)).toHaveLength(doc.getPageCount());
    // What the article itself says is still there.
    expect(runs).toEqual(expect.arrayContaining((await pdfText(original)).split("\n")));

    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await download(path, buyer.token);
    expect(again.headers.etag).toBe(etag);
    expect(again.rawPayload.equals(stamped)).toBe(true);
    expect((await download(path, buyer.token, { "if-none-match": etag })).statusCode).toBe(304);

    const range = await download(path, buyer.token, { range: "bytes=100-199", "if-range": etag });
    expect(range.statusCode).toBe(206);
    expect(range.headers["content-range"]).toBe(`bytes 100-199/${stamped.length}`);
    expect(range.rawPayload.equals(stamped.subarray(100, 200))).toBe(true);
    expect((await download(path, buyer.token, { range: `bytes=${stamped.length}-` })).statusCode).toBe(416);
  });

  it("carry an e-mail in any script as written", async () => {
    const docker = (
      await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })
    ).json<ListingResponse>();
    for (const email of [
      "łukasz.wiśniewski@przykład.pl",
      "γιώργος@παράδειγμα.ελ",
      "дмитрий@пример.рф",
      "王小明@例子.中国",
    ]) {
      const user = await createUser(store, { email });
      const token = await signIn(store, user.id);
      const { orderNumber } = await buyFromListing(store, { id: user.id, token }, docker);
      const res = await download(await pdfPath(token, "layers.pdf"), token);
      expect(res.statusCode, email).toBe(200);
      const runs = (await pdfText(res.rawPayload)).split("\n");
      expect(runs, email).toContain(`Licensed to ${email} - Order ${orderNumber}`);
    }
  });

  it("are sent as they are, and the failure logged, when a PDF cannot be stamped", async () => {
    const admin = await signIn(store, (await createUser(store, { role: "admin" })).id);
    const broken = Buffer.from("%PDF-1.4\nnot really a document\n%%EOF\n");
    const contentId = (await article(buyer.token)).data.id;
    const uploaded = await uploadMedia(store, admin, contentId, [
      { name: "broken.pdf", type: "application/pdf", data: broken },
    ]);
    expect(uploaded.statusCode).toBe(201);
    const res = await download(await pdfPath(buyer.token, "broken.pdf"), buyer.token);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(broken)).toBe(true);
    expect(log.lines.some((l) => l.msg === "PDF stamping failed; sending the original")).toBe(true);
  });

  it("are sent as stored to their buyer, ranges and all, when too large to stamp", async () => {
    const admin = await signIn(store, (await createUser(store, { role: "admin" })).id);
    // One byte over what stamping would hold in memory.
    const large = Buffer.concat([original, Buffer.alloc(STAMP_MAX_BYTES + 1 - original.length, 0x20)]);
    const uploaded = await uploadMedia(store, admin, (await article(buyer.token)).data.id, [
      { name: "large.pdf", type: "application/pdf", data: large },
    ]);
    expect(uploaded.statusCode).toBe(201);
    const path = await pdfPath(buyer.token, "large.pdf");
    const res = await download(path, buyer.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-length"]).toBe(String(large.length));
    expect(res.rawPayload.equals(large)).toBe(true);
    expect(res.headers.etag).toBe(`"${createHash("sha256").update(large).digest("hex")}"`);
    const tail = await download(path, buyer.token, { range: "bytes=-100" });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(large.subarray(-100))).toBe(true);
    // Still only for the buyer: another learner's signature does not open it.
    const other = await signIn(store, (await createUser(store)).id);
    expect((await download(path, other)).statusCode).toBe(403);
  });

  it("leave a free article's PDF as stored, even for a signed-in learner", async () => {
    const admin = await signIn(store, (await createUser(store, { role: "admin" })).id);
    const learner = await signIn(store, (await createUser(store)).id);
    const branches = async () =>
      (
        await store.app.inject({
          method: "POST",
          url: "/api/get-content",
          headers: bearer(learner),
          payload: { slug: "git", content: "branches" },
        })
      ).json<ContentResponse>();
    const uploaded = await uploadMedia(store, admin, (await branches()).data.id, [
      { name: "free.pdf", type: "application/pdf", data: original },
    ]);
    expect(uploaded.statusCode).toBe(201);
    const path = (await branches()).data.content_media.find((m) => m.name === "free.pdf")?.path ?? "";
    const res = await download(path, learner);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(original)).toBe(true);
    expect(res.headers.etag).toBe(`"${createHash("sha256").update(original).digest("hex")}"`);
  });
});

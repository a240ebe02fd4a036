import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import type { AdminArtefactNode, AdminCatalogueTree } from "@skillshelf/shared/admin-forms.ts";
import { english, MESSAGE_HEADER, messageOfHeader } from "@skillshelf/shared/i18n/message.ts";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, ensureWebBuild, PUBLIC_URL, type TestStore } from "./helpers/app.ts";
import { pdfBase64, pngBase64, smallCatalogue } from "./helpers/factories.ts";
import { type UploadFile, uploadMedia } from "./helpers/media.ts";

// Uploads and imports stream to /api/admin; without JavaScript the browser posts their forms there itself,
// and is sent back to the catalogue page, which says what happened.
let store: TestStore;
let adminToken: string;

beforeAll(async () => {
  ensureWebBuild();
  store = await createTestStore({ pages: true, env: { MEDIA_MAX_MB: "1" } });
  await store.importCatalogue(smallCatalogue());
  adminToken = await signIn(store, (await createUser(store, { role: "admin" })).id);
});
afterAll(() => store.close());

const session = () => `access-token=${adminToken}`;
/** What a browser sends with a form it posts from the store's own page, leaving it. */
const NAVIGATION = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "sec-fetch-mode": "navigate",
  "sec-fetch-site": "same-origin",
  "sec-fetch-dest": "document",
  origin: PUBLIC_URL,
};

/** A browser's plain multipart form post, file inputs named as the page names them. */
const plainPost = (url: string, field: string, files: UploadFile[], headers: Record<string, string> = {}) => {
  const form = new FormData();
  for (const f of files) form.append(field, new Blob([f.data], { type: f.type }), f.name);
  return store.app.inject({
    method: "POST",
    url,
    headers: { cookie: session(), ...NAVIGATION, ...headers },
    payload: form,
  });
};

/** Follows the 303 as the browser does, with the cookies it was given; the page's HTML. */
const follow = async (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(303);
  const given = res.cookies.map((c) => `${c.name}=${c.value}`);
  const page = await store.app.inject({
    method: "GET",
    url: String(res.headers.location),
    headers: { accept: "text/html", cookie: [session(), ...given].join("; ") },
  });
  expect(page.statusCode).toBe(200);
  return page;
};
const noticeOf = (html: string) =>
  html
    .match(/<p class="notice[^"]*" role="(?:status|alert)">([^<]*)<\/p>/)?.[1]
    ?.replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&");

const tree = async () =>
  (await store.app.inject({ method: "GET", url: "/api/admin/catalogue", headers: bearer(adminToken) })).json<{
    data: AdminCatalogueTree;
  }>().data;
const artefactOf = async (slug: string): Promise<AdminArtefactNode> => {
  const found = (await tree()).categories.flatMap((p) => p.artefacts).find((a) => a.slug === slug);
  if (!found) throw new Error(`no artefact ${slug}`);
  return found;
};
const branches = async () => {
  const found = (await artefactOf("git")).contents.find((c) => c.slug === "branches");
  if (!found) throw new Error("no git/branches");
  return found;
};
const png = () => Buffer.from(pngBase64("plain"), "base64");
const pdf = () => Buffer.from(pdfBase64(), "base64");

describe("media uploads without JavaScript", () => {
  it("stores the files and goes back to the article's editor, which says so once", async () => {
    const content = await branches();
    const before = content.media.length;
    const res = await plainPost(`/api/admin/contents/${content.id}/media`, "files", [
      { name: "plain.png", type: "image/png", data: png() },
      { name: "plain.pdf", type: "application/pdf", data: pdf() },
    ]);
    expect(res.headers.location).toBe(`/admin/catalogue/contents/${content.id}`);
    const page = await follow(res);
    expect(noticeOf(page.body)).toBe("2 files are uploaded.");
    expect(page.body).toContain('aria-label="Remove plain.png"');
    expect((await branches()).media.map((m) => m.name).slice(before)).toEqual(["plain.png", "plain.pdf"]);
    // Said once: the page took the notice and cleared it.
    expect(page.cookies.find((c) => c.name === "upload_notice")).toMatchObject({ value: "" });
    const again = await store.app.inject({
      method: "GET",
      url: String(res.headers.location),
      headers: { accept: "text/html", cookie: session() },
    });
    expect(noticeOf(again.body)).toBeUndefined();
  });

  it("says why a file is refused: its type, its size (naming the limit), or none chosen; nothing is stored", async () => {
    const content = await branches();
    const url = `/api/admin/contents/${content.id}/media`;
    const cases: [UploadFile[], string][] = [
      [[{ name: "notes.png", type: "image/png", data: Buffer.from("just some text") }], "Unsupported file format."],
      [
        [{ name: "huge.png", type: "image/png", data: Buffer.concat([png(), Buffer.alloc(1024 * 1024)]) }],
        "The file is too large: at most 1 MB.",
      ],
      // A file input left empty: a part with no name and no bytes.
      [[{ name: "", type: "application/octet-stream", data: Buffer.alloc(0) }], "Choose at least one image or PDF."],
    ];
    for (const [files, message] of cases) {
      const res = await plainPost(url, "files", files);
      expect(res.headers.location).toBe(`/admin/catalogue/contents/${content.id}`);
      const page = await follow(res);
      expect(noticeOf(page.body), message).toBe(message);
      expect(page.body).toContain('class="notice notice--error" role="alert"');
    }
    expect((await branches()).media).toEqual(content.media);
  });

  it("reads and drops the rest of a refused upload, so a browser still sending it gets the answer", async () => {
    await store.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = store.app.server.address() as AddressInfo;
    const content = await branches();
    const boundary = "----plain-form";
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png(),
      // Far more than the socket's buffers hold: the upload only ends if the server reads it all.
      Buffer.alloc(8 * 1024 * 1024),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    type Sent = { status?: number | undefined; location?: string | undefined; uploaded: boolean };
    const sent = await new Promise<Sent>((resolve, reject) => {
      const seen: Sent = { uploaded: false };
      let answered = false;
      // The browser reads the answer once its body is sent.
      const done = () => {
        if (answered && seen.uploaded) resolve(seen);
      };
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: `/api/admin/contents/${content.id}/media`,
          headers: {
            cookie: session(),
            ...NAVIGATION,
            "content-type": `multipart/form-data; boundary=${boundary}`,
            "content-length": body.length,
          },
        },
        (res) => {
          res.resume();
          seen.status = res.statusCode;
          seen.location = res.headers.location;
          answered = true;
          done();
        },
      );
      req.on("finish", () => {
        seen.uploaded = true;
        done();
      });
      req.on("error", reject);
      setTimeout(() => resolve(seen), 10_000);
      req.end(body);
    });
    expect(sent).toEqual({ status: 303, location: `/admin/catalogue/contents/${content.id}`, uploaded: true });
    expect((await branches()).media).toEqual(content.media);
  });

  it("keeps the JSON answers for the app's own fetch and other API clients", async () => {
    const content = await branches();
    const res = await plainPost(
      `/api/admin/contents/${content.id}/media`,
      "files",
      [{ name: "fetched.png", type: "image/png", data: png() }],
      { accept: "application/json", "sec-fetch-mode": "cors", "sec-fetch-dest": "empty" },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: true, message: "The file is uploaded." });
    const refused = await uploadMedia(store, adminToken, content.id, [
      { name: "notes.png", type: "image/png", data: Buffer.from("text") },
    ]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ status: false, message: "Unsupported file format." });
    // The same messages as keys with values, for the catalogue page to write in its own language.
    const keyOf = (answer: { headers: Record<string, unknown> }) =>
      messageOfHeader(String(answer.headers[MESSAGE_HEADER]));
    expect(keyOf(res)).toEqual({ key: "The file is uploaded." });
    expect(keyOf(refused)).toEqual({ key: "Unsupported file format." });
    const two = await uploadMedia(store, adminToken, content.id, [
      { name: "a.png", type: "image/png", data: png() },
      { name: "b.png", type: "image/png", data: png() },
    ]);
    expect(two.json()).toMatchObject({ message: "2 files are uploaded." });
    expect(keyOf(two)).toEqual({ key: "{{files}} files are uploaded.", values: { files: 2 } });
    const imported = await store.app.inject({
      method: "POST",
      url: "/api/admin/catalogue/import",
      headers: { ...bearer(adminToken), "content-type": "application/json" },
      payload: '{\n  "version": 1,\n  "categories": [\n',
    });
    expect(imported.statusCode).toBe(422);
    const why = keyOf(imported);
    expect(why?.key).toBe("This file is not a Skillshelf catalogue export: {{reason}}. Nothing was changed.");
    expect(english(why ?? { key: "" })).toBe(imported.json().message);
  });

  it("refuses a form another site posts, before anything is stored", async () => {
    const content = await branches();
    const sent: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { "sec-fetch-site": "same-origin", origin: "https://elsewhere.example" },
    ];
    for (const headers of sent) {
      const res = await plainPost(
        `/api/admin/contents/${content.id}/media`,
        "files",
        [{ name: "planted.png", type: "image/png", data: png() }],
        headers,
      );
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        status: false,
        message: "This form was sent from another site, so it was refused. Open the page on this store and try again.",
      });
    }
    expect((await branches()).media).toEqual(content.media);
  });
});

describe("catalogue imports without JavaScript", () => {
  const IMPORT = "/api/admin/catalogue/import";
  const catalogueFile = (text: string): UploadFile[] => [
    { name: "catalogue.json", type: "application/json", data: Buffer.from(text) },
  ];
  const exported = async () =>
    (await store.app.inject({ method: "GET", url: "/api/admin/catalogue/export", headers: bearer(adminToken) })).body;

  it("names the line and the reason of a refused file on the catalogue page, and changes nothing", async () => {
    const before = await exported();
    const res = await plainPost(IMPORT, "file", catalogueFile('{\n  "version": 1,\n  "categories": [\n'));
    expect(res.headers.location).toBe("/admin/catalogue");
    const notice = noticeOf((await follow(res)).body);
    expect(notice).toMatch(
      /^This file is not a Skillshelf catalogue export: line \d+: invalid JSON .*\. Nothing was changed\.$/,
    );
    const empty = await plainPost(IMPORT, "file", [
      { name: "", type: "application/octet-stream", data: Buffer.alloc(0) },
    ]);
    expect(noticeOf((await follow(empty)).body)).toBe("Choose a catalogue file.");
    expect(await exported()).toBe(before);
  });

  it("says why a file is refused in the operator's language: the field's path as written, the rest translated", async () => {
    const spanish = await signIn(store, (await createUser(store, { role: "admin", language: "Spanish" })).id);
    const file = smallCatalogue() as unknown as { categories: { artefacts: Record<string, unknown>[] }[] };
    const bad = (change: (artefact: Record<string, unknown>) => void) => {
      const copy = structuredClone(file);
      const artefact = copy.categories[0]?.artefacts[0];
      if (!artefact) throw new Error("no artefact");
      change(artefact);
      return JSON.stringify(copy, null, 2);
    };
    const refusal = async (text: string) => {
      const res = await plainPost(IMPORT, "file", catalogueFile(text), { cookie: `access-token=${spanish}` });
      const given = res.cookies.map((c) => `${c.name}=${c.value}`);
      const page = await store.app.inject({
        method: "GET",
        url: String(res.headers.location),
        headers: { accept: "text/html", cookie: [`access-token=${spanish}`, ...given].join("; ") },
      });
      return noticeOf(page.body);
    };
    const refused = "Se ha rechazado el archivo de catálogo y no se ha cambiado nada: ";
    expect(await refusal(bad((a) => (a.price = "cheap")))).toMatch(
      new RegExp(`^${refused}línea \\d+: categories\\[0\\]\\.artefacts\\[0\\]\\.price: price debe ser un número$`),
    );
    expect(await refusal(bad((a) => (a.slug = "Docker")))).toMatch(
      /: categories\[0\]\.artefacts\[0\]\.slug: el slug debe tener letras minúsculas, dígitos y guiones sueltos$/,
    );
    expect(await refusal(bad((a) => (a.colour = "blue")))).toMatch(
      /: categories\[0\]\.artefacts\[0\]: campo desconocido "colour"$/,
    );
    expect(await refusal(bad((a) => delete a.name))).toMatch(/\.name: name es obligatorio$/);
    // Not JSON: not an export at all, said first.
    expect(await refusal('{\n  "version": 1,\n  "categories": [\n')).toMatch(
      /^Este archivo no es una exportación de catálogo de Skillshelf: línea \d+: JSON no válido \(.*\)\. No se ha cambiado nada\.$/,
    );
  });

  it("imports a file and says what it holds", async () => {
    const text = (await exported()).replace('"name": "Git"', '"name": "Git Basics"');
    const res = await plainPost(IMPORT, "file", catalogueFile(text));
    expect(res.headers.location).toBe("/admin/catalogue");
    const page = await follow(res);
    expect(noticeOf(page.body)).toMatch(/^The catalogue is imported: \d+ categories, \d+ artefacts, /);
    expect((await artefactOf("git")).name).toBe("Git Basics");
  });

  it("refuses an import another site posts", async () => {
    const before = await exported();
    const res = await plainPost(IMPORT, "file", catalogueFile(before.replace('"name": "Git', '"name": "Hacked')), {
      "sec-fetch-site": "cross-site",
      origin: "https://elsewhere.example",
    });
    expect(res.statusCode).toBe(403);
    expect(await exported()).toBe(before);
  });
});

import http from "node:http";
import net, { type AddressInfo } from "node:net";
import type { AdminCatalogueTree } from "@skillshelf/shared/admin-forms.ts";
import type { ListingResponse } from "@skillshelf/shared/api.ts";
import type { CatalogueFile } from "@skillshelf/shared/catalogue-file.ts";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateCatalogue } from "../src/catalogue/read-catalogue-file.ts";
import { seedDemoCatalogue } from "../src/catalogue/seed-demo.ts";
import { mediaObjects } from "../src/db/schema/index.ts";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, type TestStore } from "./helpers/app.ts";
import { pngBase64, smallCatalogue } from "./helpers/factories.ts";
import { payForCart } from "./helpers/orders.ts";

let store: TestStore;
let adminToken: string;

beforeAll(async () => {
  store = await createTestStore();
  await store.importCatalogue(smallCatalogue());
  adminToken = await signIn(store, (await createUser(store, { role: "admin" })).id);
});
afterAll(() => store.close());

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
const admin = (method: Method, url: string, payload?: unknown) =>
  store.app.inject({
    method,
    url,
    headers: bearer(adminToken),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const tree = async () => (await admin("GET", "/api/admin/catalogue")).json<{ data: AdminCatalogueTree }>().data;
const artefactOf = async (slug: string) => {
  const found = (await tree()).categories.flatMap((p) => p.artefacts).find((a) => a.slug === slug);
  if (!found) throw new Error(`no artefact ${slug}`);
  return found;
};
const exportText = async () => (await admin("GET", "/api/admin/catalogue/export")).body;
const importText = (text: string) =>
  store.app.inject({
    method: "POST",
    url: "/api/admin/catalogue/import",
    headers: { ...bearer(adminToken), "content-type": "application/json" },
    payload: text,
  });
const listing = (slug: string) => store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug } });
const withoutMediaIds = (data: AdminCatalogueTree) =>
  JSON.parse(JSON.stringify(data), (key, value) =>
    key === "media" ? value.map(({ id, ...m }: { id: number }) => m) : value,
  );
/** The 1-based line of the first line of `text` that contains `needle`. */
const lineOf = (text: string, needle: string) => text.split("\n").findIndex((l) => l.includes(needle)) + 1;

describe("catalogue export and import from the admin area", () => {
  it("exports the whole catalogue, hidden parts and media included, as a file the importer accepts", async () => {
    const res = await admin("GET", "/api/admin/catalogue/export");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="skillshelf-catalogue-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const file = validateCatalogue(JSON.parse(res.body), "GBP");
    // Written piece by piece, indented as JSON.stringify does, so that a refusal on re-import names a useful line.
    expect(res.body).toBe(`${JSON.stringify(JSON.parse(res.body), null, 2)}\n`);
    expect(file.categories.map((p) => [p.slug, p.hidden])).toEqual([
      ["tech-cards", false],
      ["labs", false],
      ["secret", true],
    ]);
    const docker = file.categories[0]?.artefacts[0];
    expect(docker).toMatchObject({
      slug: "docker",
      price: 19.99,
      payment_note: "Lifetime access.",
      tax_class: "standard",
    });
    // An artefact's tax class is always written; a group's only when it has one of its own.
    expect(JSON.parse(res.body).categories[0].artefacts[0].groups[0]).not.toHaveProperty("tax_class");
    const images = docker?.groups[0]?.contents[0];
    expect(images?.media.map((m) => [m.name, m.mimetype, m.data_base64?.length])).toEqual([
      ["layers.png", "image/png", expect.any(Number)],
      ["layers.pdf", "application/pdf", expect.any(Number)],
    ]);
    expect(images?.media[0]?.data_base64).toBe(pngBase64("layers"));
    expect(images?.related).toEqual(["docker/volumes", "git/branches"]);
  });

  it("round-trips: export, import, export gives the same file and the same catalogue, with the same ids", async () => {
    // Edits first, so the export holds what the admin area writes, not only what an import wrote.
    const git = await artefactOf("git");
    await admin("PATCH", `/api/admin/categories/${git.id}`, {
      price: 7.5,
      meta_description: "All about Git.",
      tax_class: "e_publication",
    });
    const group = (
      await admin("POST", `/api/admin/categories/${git.id}/groups`, { name: "Deep", price: 2, tax_class: "standard" })
    ).json().data;
    const created = (
      await admin("POST", `/api/admin/categories/${git.id}/contents`, {
        slug: "rebase",
        title: "Rebase",
        description: '<p>See <a href="https://git-scm.com">the book</a>.</p>',
        group_id: group.id,
      })
    ).json().data;
    await admin("PUT", `/api/admin/contents/${created.id}/related`, { ids: [git.contents[0]?.id] });
    await admin("POST", "/api/admin/categories/reorder", { parent_id: git.parent_id, ids: [git.id] });

    const before = await tree();
    const first = await exportText();
    const exported = (JSON.parse(first) as CatalogueFile).categories[0]?.artefacts.find((a) => a.slug === "git");
    expect(exported?.tax_class).toBe("e_publication");
    expect(exported?.groups.map((g) => [g.name, g.tax_class])).toEqual([["Deep", "standard"]]);
    const res = await importText(first);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: true,
      message: "The catalogue is imported: 3 categories, 4 artefacts, 3 groups, 7 contents, 3 media files.",
    });
    expect(await exportText()).toBe(first);
    // Categories, groups and contents keep their ids (carts and orders point at them); media are written anew.
    expect(withoutMediaIds(await tree())).toEqual(withoutMediaIds(before));
    expect((await artefactOf("git")).groups.map((g) => g.tax_class)).toEqual(["standard"]);
  });

  it("imports an uploaded file, and the public pages show it at once", async () => {
    const file = JSON.parse(await exportText()) as CatalogueFile;
    const docker = file.categories[0]?.artefacts.find((a) => a.slug === "docker");
    if (!docker) throw new Error("no docker");
    docker.name = "Docker Pro";
    docker.price = 24;
    const form = new FormData();
    form.append("file", new Blob([JSON.stringify(file)], { type: "application/json" }), "catalogue.json");
    const res = await store.app.inject({
      method: "POST",
      url: "/api/admin/catalogue/import",
      headers: bearer(adminToken),
      payload: form,
    });
    expect(res.statusCode).toBe(200);
    expect((await listing("docker")).json<ListingResponse>().seo_data).toMatchObject({ name: "Docker Pro", price: 24 });
  });

  it("refuses a bad file with the line and the reason, and changes nothing", async () => {
    const good = await exportText();
    const before = await tree();
    const priceLine = lineOf(good, '"price": 24');
    const cases: [string, number, RegExp][] = [
      [good.replace('"price": 24', '"price": 24.001'), priceLine, /price has at most two decimals/],
      [good.replace('"slug": "labs"', '"slug": "cart"'), lineOf(good, '"slug": "labs"'), /reserved/],
      [
        good.replace('"name": "Docker Pro",', '"name": "Docker Pro", "colour": "blue",'),
        lineOf(good, '"slug": "docker"') - 1,
        /unknown field "colour"/,
      ],
      [good.slice(0, good.length - 40), expect.any(Number) as unknown as number, /invalid JSON/],
      [
        good.replace(
          `"data_base64": "${pngBase64("layers")}"`,
          `"data_base64": "${Buffer.from("text").toString("base64")}"`,
        ),
        lineOf(good, '"name": "layers.png"') + 1,
        /media content is not a supported image or PDF, not image\/png/,
      ],
      [
        good.replace(`"data_base64": "${pngBase64("layers")}"`, '"file": "media/layers.png"'),
        lineOf(good, pngBase64("layers")),
        /use data_base64/,
      ],
      [
        good.replace('"tax_class": "e_publication"', '"tax_class": "zero"'),
        lineOf(good, '"tax_class": "e_publication"'),
        /tax_class must be standard or e_publication/,
      ],
      ["", 1, /invalid JSON/],
      // Other JSON than an export: the outline is wrong, not a value.
      [JSON.stringify({ name: "my-app", version: "1.0.0" }, null, 2), 3, /version must be 1 or 2/],
      ["[]", 1, /the file must be an object/],
    ];
    // Not JSON, or not the format's outline: not an export at all, and the message says so first.
    const notExport = /invalid JSON|version must be|the file must be/;
    for (const [text, line, reason] of cases) {
      const res = await importText(text);
      expect(res.statusCode, String(reason)).toBe(422);
      const body = res.json();
      expect(body.status).toBe(false);
      expect(body.line, String(reason)).toEqual(line);
      expect(body.reason).toMatch(reason);
      expect(body.message).toBe(
        notExport.test(body.reason)
          ? `This file is not a Skillshelf catalogue export: line ${body.line}: ${body.reason}. Nothing was changed.`
          : `The catalogue file was refused, nothing was changed: line ${body.line}: ${body.reason}`,
      );
      expect(body.errors.file).toBe(`line ${body.line}: ${body.reason}`);
    }
    expect(await tree()).toEqual(before);
    expect(await exportText()).toBe(good);
  });

  it("asks for a file when the import has no body, and changes nothing", async () => {
    const before = await tree();
    const res = await admin("POST", "/api/admin/catalogue/import");
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: false, message: "Choose a catalogue file." });
    expect(await tree()).toEqual(before);
  });

  it("refuses an import that would remove something sold, and changes nothing", async () => {
    const docker = await artefactOf("docker");
    const learner = await createUser(store);
    await store.app.inject({
      method: "POST",
      url: "/api/cart/add",
      headers: bearer(await signIn(store, learner.id)),
      payload: { sub_category_id: docker.id, group_id: null },
    });
    await (await payForCart(store, learner.id)).confirm();
    const file = JSON.parse(await exportText()) as CatalogueFile;
    const before = await tree();
    const artefacts = file.categories[0]?.artefacts ?? [];
    artefacts.splice(
      artefacts.findIndex((a) => a.slug === "docker"),
      1,
    );
    const res = await importText(JSON.stringify(file));
    expect(res.statusCode).toBe(422);
    expect(res.json().reason).toMatch(/"Docker Pro" has been sold, so it cannot be removed/);
    expect(await tree()).toEqual(before);
  });
});

describe("the demo catalogue", () => {
  it("survives export and import unchanged: every article is already in its sanitized form", async () => {
    const demo = await createTestStore();
    try {
      await seedDemoCatalogue(demo.database, "GBP");
      const token = await signIn(demo, (await createUser(demo, { role: "admin" })).id);
      const exported = async () =>
        (await demo.app.inject({ method: "GET", url: "/api/admin/catalogue/export", headers: bearer(token) })).body;
      const first = await exported();
      const res = await demo.app.inject({
        method: "POST",
        url: "/api/admin/catalogue/import",
        headers: { ...bearer(token), "content-type": "application/json" },
        payload: first,
      });
      expect(res.json()).toMatchObject({ status: true, data: { artefacts: 24, contents: 82 } });
      expect(await exported()).toBe(first);
    } finally {
      await demo.close();
    }
  }, 60_000);
});

describe("an import whose upload breaks off", () => {
  it("changes nothing, keeps none of the files it stored, and the next import works", async () => {
    const text = await exportText();
    const before = await tree();
    const files = async () => (await store.database.db.select({ n: count() }).from(mediaObjects))[0]?.n ?? 0;
    const filesBefore = await files();
    await store.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = store.app.server.address() as AddressInfo;
    const request = http.request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/api/admin/catalogue/import",
      headers: { ...bearer(adminToken), "content-type": "application/json" },
    });
    request.on("error", () => {});
    // Up to the middle of the second file: the first is in the storage by then.
    const second = text.indexOf('"data_base64"', text.indexOf('"data_base64"') + 1);
    request.write(text.slice(0, second + 40));
    await expect.poll(files, { timeout: 10_000 }).toBeGreaterThan(filesBefore);
    request.destroy();

    await expect.poll(files, { timeout: 10_000 }).toBe(filesBefore);
    expect(await tree()).toEqual(before);
    const res = await importText(text);
    expect(res.statusCode).toBe(200);
    expect(await exportText()).toBe(text);
  });
});

describe("an import refused before its body has all arrived", () => {
  it("is answered with Connection: close, so the rest of the upload is not read as the next request", async () => {
    if (!store.app.server.listening) await store.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = store.app.server.address() as AddressInfo;
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString();
    });
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    socket.on("error", () => {});
    // A file that is not JSON from its first line, of which only the start is sent.
    const start = "{\n  nope";
    socket.write(
      [
        "POST /api/admin/catalogue/import HTTP/1.1",
        "Host: 127.0.0.1",
        `Authorization: Bearer ${adminToken}`,
        "Content-Type: application/json",
        `Content-Length: ${start.length + 1_000_000}`,
        "",
        start,
      ].join("\r\n"),
    );
    // The store ends the connection once it has answered; it waits for nothing more.
    await closed;
    const [head = "", body = ""] = answer.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 422 /);
    expect(head.toLowerCase()).toContain("connection: close");
    expect(body).toContain("invalid JSON");
  });
});

import type { AdminArtefactNode, AdminCatalogueTree, AdminContent } from "@skillshelf/shared/admin-forms.ts";
import type { ContentResponse, ListingResponse } from "@skillshelf/shared/api.ts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contents } from "../src/db/schema/index.ts";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, type TestStore } from "./helpers/app.ts";
import { pdfBase64, pngBase64, smallCatalogue } from "./helpers/factories.ts";
import { type UploadFile, uploadMedia } from "./helpers/media.ts";

let store: TestStore;
let adminToken: string;

beforeAll(async () => {
  // A small upload limit, so the refusal test sends little (the default is 200 MB).
  store = await createTestStore({ env: { MEDIA_MAX_MB: "1" } });
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
const artefactOf = async (slug: string): Promise<AdminArtefactNode> => {
  const data = (await admin("GET", "/api/admin/catalogue")).json<{ data: AdminCatalogueTree }>().data;
  const found = data.categories.flatMap((p) => p.artefacts).find((a) => a.slug === slug);
  if (!found) throw new Error(`no artefact ${slug}`);
  return found;
};
const contentId = async (artefact: string, slug: string) => {
  const a = await artefactOf(artefact);
  const found = [...a.contents, ...a.groups.flatMap((g) => g.contents)].find((c) => c.slug === slug);
  if (!found) throw new Error(`no content ${artefact}/${slug}`);
  return found.id;
};
const listing = async (slug: string) =>
  (await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug } })).json<ListingResponse>();
const publicContent = (slug: string, content: string) =>
  store.app.inject({ method: "POST", url: "/api/get-content", payload: { slug, content } });

const upload = (id: number, files: UploadFile[]) => uploadMedia(store, adminToken, id, files);
const png = () => Buffer.from(pngBase64("upload"), "base64");
const pdf = () => Buffer.from(pdfBase64(), "base64");

describe("groups", () => {
  it("creates, edits, reorders and deletes groups; the listing follows at once", async () => {
    const docker = await artefactOf("docker");
    const created = await admin("POST", `/api/admin/categories/${docker.id}/groups`, {
      name: "Advanced",
      price: 9.5,
      payment_note: "Just this group.",
    });
    expect(created.statusCode).toBe(201);
    const advanced = created.json().data;
    expect(advanced).toMatchObject({ name: "Advanced", price: 9.5, sold: false, category_id: docker.id });
    expect((await listing("docker")).groups.map((g) => [g.name, g.price])).toEqual([
      ["Basics", 5],
      ["Extras", null],
      ["Advanced", 9.5],
    ]);

    const duplicate = await admin("POST", `/api/admin/categories/${docker.id}/groups`, { name: "advanced" });
    expect(duplicate.json()).toMatchObject({ errors: { name: 'A group with this name already exists in "Docker".' } });
    const edited = await admin("PATCH", `/api/admin/groups/${advanced.id}`, { name: "Pro", price: null });
    expect(edited.json().data).toMatchObject({ name: "Pro", price: null, payment_note: "Just this group." });
    // The tree's row says what its groups cost on their own: the cheapest priced one.
    expect((await artefactOf("docker")).lowest_group_price).toBe(5);
    expect((await artefactOf("git")).lowest_group_price).toBeNull();

    await admin("POST", `/api/admin/categories/${docker.id}/groups/reorder`, { ids: [advanced.id] });
    expect((await listing("docker")).groups.map((g) => g.name)).toEqual(["Pro", "Basics", "Extras"]);

    const extras = docker.groups.find((g) => g.name === "Extras");
    expect((await admin("DELETE", `/api/admin/groups/${extras?.id}`)).json()).toEqual({
      status: true,
      message: "Group deleted.",
    });
    const after = await listing("docker");
    expect(after.groups.map((g) => g.name)).toEqual(["Pro", "Basics"]);
    // Ungrouped contents keep their place in the artefact's order.
    expect(after.data.map((c) => c.slug)).toEqual(["compose", "volumes"]);
    await admin("DELETE", `/api/admin/groups/${advanced.id}`);
  });

  it("keeps groups on artefacts", async () => {
    const tree = (await admin("GET", "/api/admin/catalogue")).json<{ data: AdminCatalogueTree }>().data;
    const labs = tree.categories.find((p) => p.slug === "labs");
    expect((await admin("POST", `/api/admin/categories/${labs?.id}/groups`, { name: "G" })).statusCode).toBe(422);
    expect((await admin("POST", "/api/admin/categories/999999/groups", { name: "G" })).statusCode).toBe(404);
    expect((await admin("PATCH", "/api/admin/groups/999999", { name: "G" })).statusCode).toBe(404);
  });
});

describe("contents", () => {
  it("creates a content with its article sanitized before it is stored, and shows it at once", async () => {
    const docker = await artefactOf("docker");
    const basics = docker.groups.find((g) => g.name === "Basics");
    const res = await admin("POST", `/api/admin/categories/${docker.id}/contents`, {
      slug: "networks",
      title: "Networks",
      short_description: "Bridges and overlays.",
      description:
        '<h1>Networks</h1><p onclick="steal()">Bridge</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="https://example.com/a.png">',
      meta_title: "Networks | Skillshelf",
      group_id: basics?.id,
    });
    expect(res.statusCode).toBe(201);
    const created = res.json<{ data: AdminContent }>().data;
    expect(created).toMatchObject({ slug: "networks", group_id: basics?.id, meta_description: null, media: [] });
    expect(created.description).toContain("<h2>Networks</h2><p>Bridge</p>");
    expect(created.description).not.toMatch(/script|onclick|javascript:/);
    const [stored] = await store.database.db.select().from(contents).where(eq(contents.id, created.id));
    expect(stored?.description).toBe(created.description);
    expect((await admin("GET", `/api/admin/contents/${created.id}`)).json().data).toEqual(created);

    expect((await listing("docker")).groups.find((g) => g.name === "Basics")?.contents.map((c) => c.slug)).toEqual([
      "images",
      "networks",
    ]);
    const page = (await publicContent("docker", "networks")).json<ContentResponse>();
    expect(page.data).toMatchObject({ title: "Networks", meta_title: "Networks | Skillshelf" });
  });

  it("edits a content: new slug, article, group; the public pages follow at once", async () => {
    const id = await contentId("docker", "networks");
    const res = await admin("PATCH", `/api/admin/contents/${id}`, {
      slug: "docker-networks",
      description: "<p>New</p><script>document.cookie</script>",
      group_id: null,
    });
    expect(res.json<{ data: AdminContent }>().data).toMatchObject({
      slug: "docker-networks",
      description: "<p>New</p>",
      group_id: null,
    });
    expect((await publicContent("docker", "networks")).statusCode).toBe(404);
    const page = (await publicContent("docker", "docker-networks")).json<ContentResponse>();
    expect(page.data.description).toBe("<p>New</p>");
    expect((await listing("docker")).data.map((c) => c.slug)).toContain("docker-networks");
  });

  it("checks content slugs per artefact, and that a group is the artefact's own", async () => {
    const docker = await artefactOf("docker");
    const git = await artefactOf("git");
    const taken = await admin("POST", `/api/admin/categories/${docker.id}/contents`, { slug: "images", title: "X" });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ slug: 'This slug is already used by "Images and layers".' });
    const volumes = await contentId("docker", "volumes");
    const renamed = await admin("PATCH", `/api/admin/contents/${volumes}`, { slug: "images" });
    expect(renamed.json().errors).toEqual({ slug: 'This slug is already used by "Images and layers".' });
    const bad = await admin("POST", `/api/admin/categories/${docker.id}/contents`, { slug: "Bad_Slug", title: "X" });
    expect(bad.json().errors.slug).toBe("Use lower-case letters, digits and single hyphens");
    const untitled = await admin("POST", `/api/admin/categories/${docker.id}/contents`, { slug: "untitled" });
    expect(untitled.json().errors).toEqual({ title: "Title is required" });
    // The same slug in another artefact is another page; store routes do not clash below an artefact.
    expect(
      (await admin("POST", `/api/admin/categories/${git.id}/contents`, { slug: "images", title: "Git images" }))
        .statusCode,
    ).toBe(201);
    expect(
      (await admin("POST", `/api/admin/categories/${git.id}/contents`, { slug: "cart", title: "Cart" })).statusCode,
    ).toBe(201);
    const foreignGroup = await admin("POST", `/api/admin/categories/${git.id}/contents`, {
      slug: "grouped",
      title: "X",
      group_id: docker.groups[0]?.id,
    });
    expect(foreignGroup.json().errors).toEqual({ group_id: "The group must belong to this artefact." });
  });

  it("reorders an artefact's contents and deletes one", async () => {
    const docker = await artefactOf("docker");
    const ungrouped = docker.contents.map((c) => c.id);
    expect(docker.contents.map((c) => c.slug)).toEqual(["compose", "volumes", "docker-networks"]);
    await admin("POST", `/api/admin/categories/${docker.id}/contents/reorder`, { ids: [...ungrouped].reverse() });
    expect((await listing("docker")).data.map((c) => c.slug)).toEqual(["docker-networks", "volumes", "compose"]);
    const networks = await contentId("docker", "docker-networks");
    expect((await admin("DELETE", `/api/admin/contents/${networks}`)).json()).toEqual({
      status: true,
      message: "Content deleted.",
    });
    expect((await publicContent("docker", "docker-networks")).statusCode).toBe(404);
    expect((await admin("GET", `/api/admin/contents/${networks}`)).statusCode).toBe(404);
    const git = await artefactOf("git");
    const stray = await admin("POST", `/api/admin/categories/${git.id}/contents/reorder`, { ids: [ungrouped[0]] });
    expect(stray.statusCode).toBe(422);
  });

  it("previews article HTML exactly as it would be stored", async () => {
    const res = await admin("POST", "/api/admin/preview", {
      html: '<h1>T</h1><p style="color:red">Hi <a href="https://example.com">x</a></p><iframe src="https://evil"></iframe>',
    });
    expect(res.json().data.html).toBe(
      '<h2>T</h2><p>Hi <a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">x</a></p>',
    );
  });

  it("links related contents in order, refusing itself and unknown contents", async () => {
    const images = await contentId("docker", "images");
    const [branches, pods] = [await contentId("git", "branches"), await contentId("kubernetes", "pods")];
    const res = await admin("PUT", `/api/admin/contents/${images}/related`, { ids: [pods, branches] });
    expect(res.json().data.related.map((r: { slug: string }) => r.slug)).toEqual(["pods", "branches"]);
    expect((await publicContent("docker", "images")).json<ContentResponse>().related).toEqual([
      { slug: "pods", title: expect.any(String), category_slug: "kubernetes" },
      { slug: "branches", title: "Branches", category_slug: "git" },
    ]);
    const self = await admin("PUT", `/api/admin/contents/${images}/related`, { ids: [images] });
    expect(self.json().errors).toEqual({ ids: "A content cannot be related to itself." });
    const missing = await admin("PUT", `/api/admin/contents/${images}/related`, { ids: [999999] });
    expect(missing.json().errors).toEqual({ ids: "Some of these contents do not exist." });
    await admin("PUT", `/api/admin/contents/${images}/related`, { ids: [] });
    expect((await publicContent("docker", "images")).json<ContentResponse>().related).toEqual([]);
  });
});

describe("media", () => {
  it("uploads images and PDFs, typed by their bytes, and shows them at once", async () => {
    const branches = await contentId("git", "branches");
    const res = await upload(branches, [
      { name: "diagram.png", type: "image/png", data: png() },
      { name: "sheet.pdf", type: "application/pdf", data: pdf() },
      // A PNG that claims to be a PDF is stored as the PNG it is.
      { name: "renamed.pdf", type: "application/pdf", data: png() },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe("3 files are uploaded.");
    expect(res.json().data.map((m: { name: string; mimetype: string }) => [m.name, m.mimetype])).toEqual([
      ["diagram.png", "image/png"],
      ["sheet.pdf", "application/pdf"],
      ["renamed.pdf", "image/png"],
    ]);
    const page = (await publicContent("git", "branches")).json<ContentResponse>();
    expect(page.data.content_media.map((m) => m.mimetype)).toEqual([
      "image/png",
      "image/png",
      "application/pdf",
      "image/png",
    ]);
    const file = await admin("GET", `/api/admin/media/${res.json().data[1].id}`);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.rawPayload.equals(pdf())).toBe(true);
  });

  it("refuses anything that is not an image or a PDF, whatever its name: nothing is stored", async () => {
    const branches = await contentId("git", "branches");
    const before = (await artefactOf("git")).contents.find((c) => c.id === branches)?.media.length;
    for (const files of [
      [{ name: "x.png", type: "image/png", data: Buffer.from("just some text") }],
      [
        { name: "ok.png", type: "image/png", data: png() },
        { name: "page.pdf", type: "application/pdf", data: Buffer.from("<html><script>x</script></html>") },
      ],
      [{ name: "empty.png", type: "image/png", data: Buffer.alloc(0) }],
    ]) {
      const res = await upload(branches, files);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe("Unsupported file format.");
    }
    expect((await upload(branches, [])).statusCode).toBe(422);
    const unchosen = await upload(branches, [{ name: "", type: "application/octet-stream", data: Buffer.alloc(0) }]);
    expect(unchosen.json()).toMatchObject({ status: false, message: "Choose at least one image or PDF." });
    const many = Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.png`, type: "image/png", data: png() }));
    expect((await upload(branches, many)).json()).toMatchObject({ message: "Upload at most 10 files at once." });
    expect((await admin("POST", `/api/admin/contents/${branches}/media`, { file: "x" })).statusCode).toBe(422);
    expect((await artefactOf("git")).contents.find((c) => c.id === branches)?.media.length).toBe(before);
  });

  it("refuses a file above the size limit with a clear message", async () => {
    const branches = await contentId("git", "branches");
    const big = Buffer.concat([png(), Buffer.alloc(1024 * 1024)]);
    const res = await upload(branches, [{ name: "huge.png", type: "image/png", data: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: false, message: "The file is too large: at most 1 MB." });
    expect((await publicContent("git", "branches")).json<ContentResponse>().data.content_media).toHaveLength(4);
  });

  it("removes media; the article stops listing them at once", async () => {
    const page = (await publicContent("git", "branches")).json<ContentResponse>();
    const last = page.data.content_media.at(-1)?.id;
    expect((await admin("DELETE", `/api/admin/media/${last}`)).json()).toEqual({
      status: true,
      message: "The file is removed.",
    });
    const after = (await publicContent("git", "branches")).json<ContentResponse>();
    expect(after.data.content_media.map((m) => m.id)).not.toContain(last);
    expect((await admin("DELETE", `/api/admin/media/${last}`)).statusCode).toBe(404);
    expect((await upload(999999, [{ name: "a.png", type: "image/png", data: png() }])).statusCode).toBe(404);
  });
});

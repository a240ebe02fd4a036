import type { AdminCatalogueTree } from "@skillshelf/shared/admin-forms.ts";
import type { CategoriesResponse, ListingResponse } from "@skillshelf/shared/api.ts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
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
const call = (token: string | null, method: Method, url: string, payload?: unknown) =>
  store.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const admin = (method: Method, url: string, payload?: unknown) => call(adminToken, method, url, payload);

const tree = async () => (await admin("GET", "/api/admin/catalogue")).json<{ data: AdminCatalogueTree }>().data;
const parentOf = async (slug: string) => {
  const found = (await tree()).categories.find((p) => p.slug === slug);
  if (!found) throw new Error(`no parent ${slug}`);
  return found;
};
const artefactOf = async (slug: string) => {
  const found = (await tree()).categories.flatMap((p) => p.artefacts).find((a) => a.slug === slug);
  if (!found) throw new Error(`no artefact ${slug}`);
  return found;
};
const publicCategories = async () =>
  (await store.app.inject({ method: "GET", url: "/api/categories" })).json<CategoriesResponse>();
const listing = (slug: string) => store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug } });

describe("the admin catalogue API", () => {
  it("answers 401 to a visitor and 403 to a learner on every call, and changes nothing", async () => {
    const before = await tree();
    const docker = await artefactOf("docker");
    const group = docker.groups[0];
    const item = group?.contents[0];
    const media = item?.media[0];
    const learnerToken = await signIn(store, (await createUser(store)).id);
    const calls: [Method, string, unknown?][] = [
      ["GET", "/api/admin/catalogue"],
      ["GET", "/api/admin/catalogue/export"],
      ["POST", "/api/admin/catalogue/import", { version: 1, categories: [] }],
      ["POST", "/api/admin/categories", { slug: "x", name: "X" }],
      ["POST", "/api/admin/categories/reorder", { parent_id: null, ids: [docker.parent_id] }],
      ["PATCH", `/api/admin/categories/${docker.id}`, { name: "Stolen" }],
      ["DELETE", `/api/admin/categories/${docker.id}`],
      ["POST", `/api/admin/categories/${docker.id}/groups`, { name: "G" }],
      ["POST", `/api/admin/categories/${docker.id}/groups/reorder`, { ids: [group?.id] }],
      ["PATCH", `/api/admin/groups/${group?.id}`, { name: "G" }],
      ["DELETE", `/api/admin/groups/${group?.id}`],
      ["POST", `/api/admin/categories/${docker.id}/contents`, { slug: "x", title: "X" }],
      ["POST", `/api/admin/categories/${docker.id}/contents/reorder`, { ids: [item?.id] }],
      ["GET", `/api/admin/contents/${item?.id}`],
      ["PATCH", `/api/admin/contents/${item?.id}`, { title: "X" }],
      ["DELETE", `/api/admin/contents/${item?.id}`],
      ["PUT", `/api/admin/contents/${item?.id}/related`, { ids: [] }],
      ["POST", `/api/admin/contents/${item?.id}/media`],
      ["GET", `/api/admin/media/${media?.id}`],
      ["DELETE", `/api/admin/media/${media?.id}`],
      ["POST", "/api/admin/preview", { html: "<p>x</p>" }],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      const res = await call(learnerToken, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ status: false, message: "This area is for store operators." });
    }
    expect(await tree()).toEqual(before);
  });

  it("shows the whole tree, hidden parts included: prices in major units, media without bytes, related refs", async () => {
    const data = await tree();
    expect(data.currency).toBe("GBP");
    expect(data.categories.map((p) => [p.slug, p.hidden])).toEqual([
      ["tech-cards", false],
      ["labs", false],
      ["secret", true],
    ]);
    const docker = await artefactOf("docker");
    expect(docker).toMatchObject({ name: "Docker", price: 19.99, payment_note: "Lifetime access.", sold: false });
    expect(docker.groups.map((g) => [g.name, g.price])).toEqual([
      ["Basics", 5],
      ["Extras", null],
    ]);
    const images = docker.groups[0]?.contents[0];
    expect(images?.media.map((m) => [m.name, m.mimetype, m.size > 100])).toEqual([
      ["layers.png", "image/png", true],
      ["layers.pdf", "application/pdf", true],
    ]);
    expect(JSON.stringify(images?.media)).not.toContain("data");
    expect(images?.related.map((r) => `${r.category_slug}/${r.slug}`)).toEqual(["docker/volumes", "git/branches"]);
    expect(docker.contents.map((c) => c.slug)).toEqual(["volumes"]);
  });

  it("takes an icon by its set and slug, reads an old client's emoji as its icon, and refuses one no set has", async () => {
    const created = await admin("POST", "/api/admin/categories", {
      parent_id: 0,
      slug: "icons-kit",
      name: "Icons Kit",
    });
    expect(created.statusCode).toBe(201);
    const kit = created.json().data;
    expect(kit.icon).toBe("lucide:book-open");
    const patch = (icon: string) => admin("PATCH", `/api/admin/categories/${kit.id}`, { icon });
    expect((await patch("simple-icons:docker")).json().data.icon).toBe("simple-icons:docker");
    expect((await patch("🧪")).json().data.icon).toBe("lucide:flask-conical");
    for (const icon of ["lucide:no-such-icon", "docker"]) {
      const refused = await patch(icon);
      expect(refused.statusCode, icon).toBe(422);
      expect(refused.json().errors).toEqual({ icon: "Choose an icon from the list." });
    }
    const home = (await store.app.inject("/api/categories")).json<CategoriesResponse>();
    expect(home.data.find((c) => c.slug === "icons-kit")?.icon).toBe("lucide:flask-conical");
    expect((await admin("DELETE", `/api/admin/categories/${kit.id}`)).statusCode).toBe(200);
  });

  it("creates, edits, hides and deletes parents and artefacts; the public API shows each change at once", async () => {
    const created = await admin("POST", "/api/admin/categories", {
      parent_id: 0,
      slug: "guides",
      name: "Guides",
      icon: "lucide:book",
      is_header_menu: true,
    });
    expect(created.statusCode).toBe(201);
    const guides = created.json().data;
    expect(guides).toMatchObject({ parent_id: 0, slug: "guides", price: null, hidden: false });
    expect((await publicCategories()).header_category.map((c) => c.slug)).toContain("guides");

    const rust = await admin("POST", "/api/admin/categories", {
      parent_id: guides.id,
      slug: "rust",
      name: "Rust",
      price: "12.50",
      payment_note: "One payment.",
      meta_title: "Rust | Skillshelf",
      meta_description: "",
    });
    expect(rust.statusCode).toBe(201);
    const rustId = rust.json().data.id;
    expect(rust.json().data).toMatchObject({ price: 12.5, meta_description: null });
    expect((await listing("rust")).json<ListingResponse>().seo_data).toMatchObject({
      name: "Rust",
      price: 12.5,
      payment_note: "One payment.",
      meta_title: "Rust | Skillshelf",
    });
    expect((await listing("guides")).json<ListingResponse>().children.map((c) => c.slug)).toEqual(["rust"]);

    const edited = await admin("PATCH", `/api/admin/categories/${rustId}`, {
      name: "Rust Lang",
      price: null,
      single_line: "Memory safety without a collector.",
    });
    expect(edited.json()).toMatchObject({ status: true, message: "Category saved.", data: { price: null } });
    expect((await listing("rust")).json<ListingResponse>().seo_data).toMatchObject({
      name: "Rust Lang",
      price: null,
      single_line: "Memory safety without a collector.",
      payment_note: "One payment.",
    });

    await admin("PATCH", `/api/admin/categories/${rustId}`, { hidden: true });
    expect((await listing("rust")).statusCode).toBe(404);
    expect((await publicCategories()).data.map((c) => c.slug)).not.toContain("rust");
    expect((await artefactOf("rust")).hidden).toBe(true);

    const parentDelete = await admin("DELETE", `/api/admin/categories/${guides.id}`);
    expect(parentDelete.statusCode).toBe(409);
    expect(parentDelete.json().message).toBe('"Guides" still has artefacts. Delete or move its artefacts first.');
    expect((await admin("DELETE", `/api/admin/categories/${rustId}`)).json()).toEqual({
      status: true,
      message: "Category deleted.",
    });
    expect((await admin("DELETE", `/api/admin/categories/${guides.id}`)).statusCode).toBe(200);
    expect((await admin("DELETE", `/api/admin/categories/${guides.id}`)).statusCode).toBe(404);
    expect((await publicCategories()).data.map((c) => c.slug)).not.toContain("guides");
    expect((await listing("guides")).statusCode).toBe(404);
  });

  it("keeps a tax class per artefact and per group (none: as its artefact); a parent has none", async () => {
    const parent = (
      await admin("POST", "/api/admin/categories", {
        parent_id: 0,
        slug: "booklets",
        name: "Booklets",
        tax_class: "e_publication",
      })
    ).json().data;
    // Parents are never sold: a tax class sent for one is ignored, and none is shown.
    expect(parent).not.toHaveProperty("tax_class");
    expect(
      (await admin("PATCH", `/api/admin/categories/${parent.id}`, { tax_class: "e_publication" })).statusCode,
    ).toBe(200);
    expect(await parentOf("booklets")).not.toHaveProperty("tax_class");

    const plain = await admin("POST", "/api/admin/categories", { parent_id: parent.id, slug: "plain", name: "Plain" });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().data.tax_class).toBe("standard");
    const created = await admin("POST", "/api/admin/categories", {
      parent_id: parent.id,
      slug: "ebook",
      name: "Ebook",
      price: 9,
      tax_class: "e_publication",
    });
    expect(created.statusCode).toBe(201);
    const ebook = created.json().data;
    expect(ebook).toMatchObject({ price: 9, tax_class: "e_publication" });

    // A change of another field keeps it; a change of it is saved.
    const renamed = await admin("PATCH", `/api/admin/categories/${ebook.id}`, { name: "E-book" });
    expect(renamed.json().data).toMatchObject({ name: "E-book", tax_class: "e_publication" });
    const standard = await admin("PATCH", `/api/admin/categories/${plain.json().data.id}`, {
      tax_class: "e_publication",
    });
    expect(standard.json().data.tax_class).toBe("e_publication");
    await admin("PATCH", `/api/admin/categories/${plain.json().data.id}`, { tax_class: "standard" });

    const group = (await admin("POST", `/api/admin/categories/${ebook.id}/groups`, { name: "Print", price: 4 })).json()
      .data;
    expect(group.tax_class).toBeNull();
    const zeroRated = await admin("POST", `/api/admin/categories/${ebook.id}/groups`, {
      name: "Digital",
      tax_class: "e_publication",
    });
    expect(zeroRated.json().data.tax_class).toBe("e_publication");
    const toStandard = await admin("PATCH", `/api/admin/groups/${group.id}`, { tax_class: "standard" });
    expect(toStandard.json().data).toMatchObject({ name: "Print", price: 4, tax_class: "standard" });
    expect((await admin("PATCH", `/api/admin/groups/${group.id}`, { price: 5 })).json().data.tax_class).toBe(
      "standard",
    );

    // The editor's tree reads them back.
    const read = await artefactOf("ebook");
    expect(read.tax_class).toBe("e_publication");
    expect(read.groups.map((g) => [g.name, g.tax_class])).toEqual([
      ["Print", "standard"],
      ["Digital", "e_publication"],
    ]);
    expect((await artefactOf("plain")).tax_class).toBe("standard");

    // Back to "as its artefact": null, or the form's blank choice.
    expect((await admin("PATCH", `/api/admin/groups/${group.id}`, { tax_class: null })).json().data.tax_class).toBe(
      null,
    );
    await admin("PATCH", `/api/admin/groups/${group.id}`, { tax_class: "e_publication" });
    expect((await admin("PATCH", `/api/admin/groups/${group.id}`, { tax_class: "" })).json().data.tax_class).toBe(null);

    const before = await tree();
    const refusals: [Method, string, unknown][] = [
      ["POST", "/api/admin/categories", { parent_id: parent.id, slug: "zero", name: "Zero", tax_class: "zero" }],
      ["PATCH", `/api/admin/categories/${ebook.id}`, { tax_class: "reduced" }],
      ["PATCH", `/api/admin/categories/${ebook.id}`, { tax_class: null }],
      ["POST", `/api/admin/categories/${ebook.id}/groups`, { name: "Bad", tax_class: "E_PUBLICATION" }],
      ["PATCH", `/api/admin/groups/${group.id}`, { tax_class: 1 }],
    ];
    for (const [method, url, payload] of refusals) {
      const res = await admin(method, url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors, JSON.stringify(payload)).toEqual({ tax_class: "Choose a tax class from the list." });
    }
    expect(await tree()).toEqual(before);

    for (const id of [ebook.id, plain.json().data.id, parent.id]) {
      expect((await admin("DELETE", `/api/admin/categories/${id}`)).statusCode).toBe(200);
    }
  });

  it("deletes an artefact with its groups, contents and media", async () => {
    const labs = await parentOf("labs");
    const id = (
      await admin("POST", "/api/admin/categories", { parent_id: labs.id, slug: "temp", name: "Temp", price: 3 })
    ).json().data.id;
    await admin("POST", `/api/admin/categories/${id}/groups`, { name: "G", price: 1 });
    const content = (await admin("POST", `/api/admin/categories/${id}/contents`, { slug: "c", title: "C" })).json()
      .data;
    expect((await admin("DELETE", `/api/admin/categories/${id}`)).statusCode).toBe(200);
    expect((await admin("GET", `/api/admin/contents/${content.id}`)).statusCode).toBe(404);
    expect((await tree()).categories.flatMap((p) => p.artefacts).map((a) => a.slug)).not.toContain("temp");
  });

  it("moves an artefact to another parent, and refuses level changes and a price on a parent", async () => {
    const labs = await parentOf("labs");
    const techCards = await parentOf("tech-cards");
    const git = await artefactOf("git");
    expect((await admin("PATCH", `/api/admin/categories/${git.id}`, { parent_id: labs.id })).statusCode).toBe(200);
    expect((await listing("labs")).json<ListingResponse>().children.map((c) => c.slug)).toEqual(["kubernetes", "git"]);
    await admin("PATCH", `/api/admin/categories/${git.id}`, { parent_id: techCards.id });

    const refusals: [string, Method, string, unknown][] = [
      ["parent_id", "PATCH", `/api/admin/categories/${labs.id}`, { parent_id: techCards.id }],
      ["parent_id", "PATCH", `/api/admin/categories/${git.id}`, { parent_id: 0 }],
      ["parent_id", "POST", "/api/admin/categories", { parent_id: git.id, slug: "deep", name: "Deep" }],
      ["price", "POST", "/api/admin/categories", { slug: "priced", name: "Priced", price: 5 }],
      ["price", "PATCH", `/api/admin/categories/${labs.id}`, { price: 5 }],
      ["price", "PATCH", `/api/admin/categories/${git.id}`, { price: 1.234 }],
      ["price", "PATCH", `/api/admin/categories/${git.id}`, { price: -1 }],
      ["name", "POST", "/api/admin/categories", { slug: "nameless", name: "  " }],
    ];
    for (const [field, method, url, payload] of refusals) {
      const res = await admin(method, url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    expect((await artefactOf("git")).parent_id).toBe(techCards.id);
  });

  it("checks category slugs: format, reserved words, unique store-wide", async () => {
    const labs = await parentOf("labs");
    const git = await artefactOf("git");
    const cases: [unknown, string][] = [
      [{ slug: "Docker Tips", name: "A" }, "Use lower-case letters, digits and single hyphens"],
      [{ slug: "double--hyphen", name: "A" }, "Use lower-case letters, digits and single hyphens"],
      [{ slug: "", name: "A" }, "Slug is required"],
      [{ slug: "cart", name: "A" }, "This slug is reserved for a page of the store."],
      [{ slug: "admin", name: "A", parent_id: labs.id }, "This slug is reserved for a page of the store."],
      // The Spanish and French pages' prefixes (/es/docker), a parent's or an artefact's alike.
      [{ slug: "es", name: "A" }, "This slug is reserved for a page of the store."],
      [{ slug: "fr", name: "A", parent_id: labs.id }, "This slug is reserved for a page of the store."],
      [{ slug: "docker", name: "A" }, 'This slug is already used by "Docker".'],
      [{ slug: "tech-cards", name: "A", parent_id: labs.id }, 'This slug is already used by "Tech Cards".'],
    ];
    for (const [payload, message] of cases) {
      const res = await admin("POST", "/api/admin/categories", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors.slug).toBe(message);
    }
    const rename = await admin("PATCH", `/api/admin/categories/${git.id}`, { slug: "docker" });
    expect(rename.json()).toMatchObject({ status: false, errors: { slug: 'This slug is already used by "Docker".' } });
    const toPrefix = await admin("PATCH", `/api/admin/categories/${labs.id}`, { slug: "fr" });
    expect(toPrefix.statusCode).toBe(422);
    expect(toPrefix.json()).toMatchObject({ errors: { slug: "This slug is reserved for a page of the store." } });
    expect((await admin("PATCH", `/api/admin/categories/${git.id}`, { slug: "git" })).statusCode).toBe(200);
  });

  it("reorders parents and artefacts, and refuses ids that are not siblings", async () => {
    const [techCards, labs] = [await parentOf("tech-cards"), await parentOf("labs")];
    const [docker, git] = [await artefactOf("docker"), await artefactOf("git")];
    const moved = await admin("POST", "/api/admin/categories/reorder", { parent_id: null, ids: [labs.id] });
    expect(moved.json()).toEqual({ status: true, message: "Order saved." });
    expect((await publicCategories()).data.filter((c) => c.parent_id === 0).map((c) => c.slug)).toEqual([
      "labs",
      "tech-cards",
    ]);
    await admin("POST", "/api/admin/categories/reorder", { parent_id: techCards.id, ids: [git.id, docker.id] });
    expect((await listing("tech-cards")).json<ListingResponse>().children.map((c) => c.slug)).toEqual([
      "git",
      "docker",
    ]);
    const wrong = await admin("POST", "/api/admin/categories/reorder", { parent_id: labs.id, ids: [docker.id] });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.ids).toBe("The list does not match the items to reorder.");
    await admin("POST", "/api/admin/categories/reorder", { parent_id: 0, ids: [techCards.id, labs.id] });
    await admin("POST", "/api/admin/categories/reorder", { parent_id: techCards.id, ids: [docker.id, git.id] });
    expect((await tree()).categories.map((p) => p.slug)).toEqual(["tech-cards", "labs", "secret"]);
  });

  it("refuses to delete a sold artefact or group with a clear message; hiding works instead", async () => {
    const docker = await artefactOf("docker");
    const basics = docker.groups.find((g) => g.name === "Basics");
    const buy = async (groupId: number | null) => {
      const learner = await createUser(store);
      const token = await signIn(store, learner.id);
      await call(token, "POST", "/api/cart/add", { sub_category_id: docker.id, group_id: groupId });
      await (await payForCart(store, learner.id)).confirm();
    };
    await buy(basics?.id ?? null);
    const sold = await artefactOf("docker");
    expect([sold.sold, sold.groups.map((g) => g.sold)]).toEqual([true, [true, false]]);

    const groupDelete = await admin("DELETE", `/api/admin/groups/${basics?.id}`);
    expect(groupDelete.statusCode).toBe(409);
    expect(groupDelete.json()).toEqual({
      status: false,
      message: '"Basics" has been sold, so it cannot be deleted; its buyers keep access to it.',
    });
    const artefactDelete = await admin("DELETE", `/api/admin/categories/${docker.id}`);
    expect(artefactDelete.statusCode).toBe(409);
    expect(artefactDelete.json().message).toBe('"Docker" has been sold, so it cannot be deleted; hide it instead.');

    expect((await admin("PATCH", `/api/admin/categories/${docker.id}`, { hidden: true })).statusCode).toBe(200);
    expect((await listing("docker")).statusCode).toBe(404);
    expect((await publicCategories()).data.map((c) => c.slug)).not.toContain("docker");
    expect(await artefactOf("docker")).toMatchObject({ hidden: true, sold: true });
    await admin("PATCH", `/api/admin/categories/${docker.id}`, { hidden: false });
    expect((await listing("docker")).statusCode).toBe(200);
  });

  it("tells the other instances on the same database: their public answers change too", async () => {
    const other = await store.otherInstance();
    try {
      const names = async () =>
        (await other.inject({ method: "GET", url: "/api/categories" }))
          .json<CategoriesResponse>()
          .data.map((c) => c.name);
      expect(await names()).toContain("Kubernetes");
      const kubernetes = await artefactOf("kubernetes");
      await admin("PATCH", `/api/admin/categories/${kubernetes.id}`, { name: "K8s" });
      // The notification travels through the database: soon, not within the same tick.
      await vi.waitFor(async () => expect(await names()).toContain("K8s"), { timeout: 5000, interval: 20 });
    } finally {
      await other.close();
    }
  });

  it("documents every admin catalogue call in the OpenAPI document", async () => {
    const res = await store.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toContain("/api/admin/categories/{id}/contents");
    expect(paths).toContain("/api/admin/catalogue/import");
    // The tax class and its choices, on the artefact's and the group's calls.
    const body = res.json().paths["/api/admin/categories/{id}"].patch.requestBody.content["application/json"].schema;
    expect(body.properties.tax_class.enum).toEqual(["standard", "e_publication"]);
  });
});

import type { AddressInfo } from "node:net";
import type { ListingResponse } from "@skillshelf/shared/api.ts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, contentGroups, users } from "../src/db/schema/index.ts";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, ensureWebBuild, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { buyByCard } from "./helpers/orders.ts";
import { formPost, pageHtml } from "./helpers/pages.ts";

// The admin area's writes (and the learner's own refund) are route actions: plain
// form posts that work without JavaScript, checked with the shared schemas and run
// by the same steps as /api/admin.
let store: TestStore;
let base: string;
let admin: string;
let learner: { id: number; token: string };
let docker: ListingResponse;

beforeAll(async () => {
  ensureWebBuild();
  store = await createTestStore({ pages: true });
  await store.importCatalogue(smallCatalogue());
  await store.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(store.app.server.address() as AddressInfo).port}`;
  admin = await signIn(store, (await createUser(store, { role: "admin" })).id);
  const user = await createUser(store);
  learner = { id: user.id, token: await signIn(store, user.id) };
  docker = (await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })).json();
}, 180_000);
afterAll(() => store?.close());

/** A browser's plain form post from the store's own page (no JavaScript), as `token`'s session. */
const post = (url: string, fields: Record<string, string | string[]>, token: string, headers = {}) =>
  formPost(store, url, fields, { cookie: `access-token=${token}`, ...headers });
const textOf = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
/** The choices of a page's select named `name`: each option's value, text and whether it is chosen. */
const choicesOf = (html: string, name: string) =>
  [
    ...(new RegExp(`<select[^>]*name="${name}"[^>]*>(.*?)</select>`).exec(html)?.[1] ?? "").matchAll(
      /<option value="([^"]*)"( selected="")?>([^<]*)<\/option>/g,
    ),
  ].map(([, value, selected, text]) => ({ value, text, chosen: selected !== undefined }));
const userRow = async (id: number) =>
  (await store.database.db.select().from(users).where(eq(users.id, id)))[0] ?? expect.fail("no such user");

describe("the learners screen's buttons as plain form posts", () => {
  it("blocks and unblocks a learner, then comes back to the same list (303)", async () => {
    const target = await createUser(store);
    const list = `/admin/users?search=${encodeURIComponent(target.email)}`;
    const blocked = await post(list, { id: String(target.id), user_action: "block" }, admin);
    expect(blocked.statusCode).toBe(303);
    expect(blocked.headers.location).toBe(list);
    expect((await userRow(target.id)).blockedAt).not.toBeNull();
    const page = await store.app.inject({ url: list, headers: bearer(admin) });
    expect(textOf(page.body)).toContain("Blocked");

    const unblocked = await post(list, { id: String(target.id), user_action: "unblock" }, admin);
    expect(unblocked.statusCode).toBe(303);
    expect((await userRow(target.id)).blockedAt).toBeNull();
  });

  it("answers a bad form with 422 and its message on the page, and the API's refusals with theirs", async () => {
    const bad = await post("/admin/users", { id: "x", user_action: "delete" }, admin);
    expect(bad.statusCode).toBe(422);
    expect(bad.headers["content-type"]).toContain("text/html");
    expect(textOf(bad.body)).toContain("id is required");

    const [me] = await store.database.db.select().from(users).where(eq(users.role, "admin")).limit(1);
    const self = await post("/admin/users", { id: String(me?.id), user_action: "block" }, admin);
    expect(self.statusCode).toBe(409);
    expect(textOf(self.body)).toContain("You cannot block yourself or remove your own admin role.");
  });

  it("answers the app's own fetcher with the outcome as data", async () => {
    const target = await createUser(store);
    const res = await post("/admin/users.data", { id: String(target.id), user_action: "verify-email" }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("The e-mail is now verified.");
    expect((await userRow(target.id)).emailVerifiedAt).not.toBeNull();
  });

  it("refuses a learner (403) and a post from another site (403), changing nothing", async () => {
    const target = await createUser(store);
    const fields = { id: String(target.id), user_action: "block" };
    const byLearner = await post("/admin/users", fields, learner.token);
    expect(byLearner.statusCode).toBe(403);
    const crossSite = await post("/admin/users", fields, admin, {
      origin: "https://evil.example",
      "sec-fetch-site": "cross-site",
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await userRow(target.id)).blockedAt).toBeNull();
  });
});

describe("refunds as plain form posts", () => {
  it("refunds the learner's own order from its page, which then says Refunded", async () => {
    const bought = await buyByCard(store, { base, artefactId: docker.seo_data.id, price: 19.99 });
    const res = await post(`/order-details/${bought.order.id}`, {}, bought.token);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/order-details/${bought.order.id}`);
    const page = await store.app.inject({ url: `/order-details/${bought.order.id}`, headers: bearer(bought.token) });
    expect(textOf(page.body)).toContain("Refunded");
    expect(page.body).not.toContain("Request refund");

    // Once is all: the page says why not.
    const again = await post(`/order-details/${bought.order.id}`, {}, bought.token);
    expect(again.statusCode).toBe(409);
    expect(again.headers["content-type"]).toContain("text/html");
  });

  it("refunds any order for the operator, and another learner's order is not found", async () => {
    const bought = await buyByCard(store, { base, artefactId: docker.seo_data.id, price: 19.99 });
    const foreign = await post(`/order-details/${bought.order.id}`, {}, learner.token);
    expect(foreign.statusCode).toBe(404);

    const res = await post(`/admin/orders/${bought.order.id}`, {}, admin);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/admin/orders/${bought.order.id}`);
    const order = await store.app.inject({ url: `/api/admin/orders/${bought.order.id}`, headers: bearer(admin) });
    expect(order.json().data.refund_state).toBe("refunded");
  });
});

describe("the catalogue editor's forms as plain form posts", () => {
  const artefactId = async () => {
    const [row] = await store.database.db.select().from(categories).where(eq(categories.slug, "docker"));
    return row?.id ?? expect.fail("no docker");
  };

  it("creates a group, edits it, refuses a bad price with its message under the field, and deletes it", async () => {
    const id = await artefactId();
    const created = await post(
      `/admin/catalogue/artefacts/${id}/groups/new`,
      { intent: "group-create", id: String(id), name: "Page Posted", price: "3.50", payment_note: "" },
      admin,
    );
    expect(created.statusCode).toBe(303);
    const [group] = await store.database.db.select().from(contentGroups).where(eq(contentGroups.name, "Page Posted"));
    expect(group?.priceMinor).toBe(350);
    expect(created.headers.location).toBe(`/admin/catalogue/groups/${group?.id}`);

    const bad = await post(
      `/admin/catalogue/groups/${group?.id}`,
      { intent: "group-update", id: String(group?.id), name: "Page Posted", price: "abc", payment_note: "" },
      admin,
    );
    expect(bad.statusCode).toBe(422);
    // The form again, with what was typed and the message under the field.
    expect(bad.body).toMatch(/value="abc"/);
    expect(bad.body).toContain('class="admin-error">Price must be a number</p>');

    const saved = await post(
      `/admin/catalogue/groups/${group?.id}`,
      { intent: "group-update", id: String(group?.id), name: "Page Posted Twice", price: "4", payment_note: "" },
      admin,
    );
    expect(saved.statusCode).toBe(303);
    // The public listing shows the change at once.
    const listing = await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } });
    expect(listing.body).toContain("Page Posted Twice");

    const deleted = await post("/admin/catalogue", { intent: "group-delete", id: String(group?.id) }, admin);
    expect(deleted.statusCode).toBe(303);
    expect(deleted.headers.location).toBe("/admin/catalogue");
    expect(
      await store.database.db
        .select()
        .from(contentGroups)
        .where(eq(contentGroups.id, group?.id ?? 0)),
    ).toEqual([]);
  });

  it("refuses a parent with artefacts with the API's 409 message, and a learner's or another site's post", async () => {
    const [parent] = await store.database.db.select().from(categories).where(eq(categories.slug, "tech-cards"));
    const fields = { intent: "category-delete", id: String(parent?.id) };
    const refused = await post("/admin/catalogue", fields, admin);
    expect(refused.statusCode).toBe(409);
    expect(textOf(refused.body)).toContain("Delete or move its artefacts first.");
    expect((await post("/admin/catalogue", fields, learner.token)).statusCode).toBe(403);
    const crossSite = await post(
      "/admin/catalogue",
      { intent: "category-update", id: String(parent?.id), name: "Evil" },
      admin,
      {
        origin: "https://evil.example",
        "sec-fetch-site": "cross-site",
      },
    );
    expect(crossSite.statusCode).toBe(403);
    const [after] = await store.database.db.select().from(categories).where(eq(categories.slug, "tech-cards"));
    expect(after?.name).toBe(parent?.name);
  });

  it("creates an artefact with the checkboxes of a plain form, and checks the slug with the shared schema", async () => {
    const [parent] = await store.database.db.select().from(categories).where(eq(categories.slug, "tech-cards"));
    const fields = {
      intent: "category-create",
      parent_id: String(parent?.id),
      name: "Posted Kit",
      slug: "Not A Slug",
      icon: "",
      single_line: "",
      price: "",
      payment_note: "",
      meta_title: "",
      meta_description: "",
      hidden: "on",
    };
    const bad = await post(`/admin/catalogue/categories/${parent?.id}/artefacts/new`, fields, admin);
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain("Use lower-case letters, digits and single hyphens");

    const created = await post(
      `/admin/catalogue/categories/${parent?.id}/artefacts/new`,
      { ...fields, slug: "posted-kit" },
      admin,
    );
    expect(created.statusCode).toBe(303);
    const [row] = await store.database.db.select().from(categories).where(eq(categories.slug, "posted-kit"));
    expect(row).toMatchObject({ name: "Posted Kit", hidden: true, isHeaderMenu: false, parentId: parent?.id });
    expect(created.headers.location).toBe(`/admin/catalogue/categories/${row?.id}`);
  });

  it("keeps the tax class chosen in an artefact's and a group's form, and shows it chosen again", async () => {
    const [parent] = await store.database.db.select().from(categories).where(eq(categories.slug, "tech-cards"));
    const fields = {
      intent: "category-create",
      parent_id: String(parent?.id),
      name: "Taxed Kit",
      slug: "taxed-kit",
      icon: "",
      single_line: "",
      price: "6",
      payment_note: "",
      tax_class: "e_publication",
      meta_title: "",
      meta_description: "",
    };
    const created = await post(`/admin/catalogue/categories/${parent?.id}/artefacts/new`, fields, admin);
    expect(created.statusCode).toBe(303);
    const taxClassOf = async () =>
      (await store.database.db.select().from(categories).where(eq(categories.slug, "taxed-kit")))[0]?.taxClass;
    expect(await taxClassOf()).toBe("e_publication");
    const editor = created.headers.location as string;
    expect(choicesOf(await pageHtml(store, editor, admin), "tax_class")).toEqual([
      { value: "standard", text: "Standard rate", chosen: false },
      { value: "e_publication", text: "E-publication (zero-rated in the UK)", chosen: true },
    ]);
    // A parent's form has none.
    expect(choicesOf(await pageHtml(store, `/admin/catalogue/categories/${parent?.id}`, admin), "tax_class")).toEqual(
      [],
    );

    const id = editor.split("/").pop() ?? "";
    const update = { ...fields, intent: "category-update", id };
    const bad = await post(editor, { ...update, tax_class: "zero" }, admin);
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('class="admin-error">Choose a tax class from the list.</p>');
    expect(await taxClassOf()).toBe("e_publication");
    expect((await post(editor, { ...update, tax_class: "standard" }, admin)).statusCode).toBe(303);
    expect(await taxClassOf()).toBe("standard");

    const group = { intent: "group-create", id, name: "Own Rate", price: "", payment_note: "", tax_class: "" };
    const groupCreated = await post(`/admin/catalogue/artefacts/${id}/groups/new`, group, admin);
    expect(groupCreated.statusCode).toBe(303);
    const groupRow = async () =>
      (await store.database.db.select().from(contentGroups).where(eq(contentGroups.name, "Own Rate")))[0];
    expect((await groupRow())?.taxClass).toBeNull();
    const groupEditor = groupCreated.headers.location as string;
    expect(choicesOf(await pageHtml(store, groupEditor, admin), "tax_class")).toEqual([
      { value: "", text: "As its artefact", chosen: true },
      { value: "standard", text: "Standard rate", chosen: false },
      { value: "e_publication", text: "E-publication (zero-rated in the UK)", chosen: false },
    ]);
    const groupId = String((await groupRow())?.id);
    const saved = await post(
      groupEditor,
      { ...group, intent: "group-update", id: groupId, tax_class: "e_publication" },
      admin,
    );
    expect(saved.statusCode).toBe(303);
    expect((await groupRow())?.taxClass).toBe("e_publication");
    expect(choicesOf(await pageHtml(store, groupEditor, admin), "tax_class").find((c) => c.chosen)?.value).toBe(
      "e_publication",
    );

    expect((await post("/admin/catalogue", { intent: "category-delete", id }, admin)).statusCode).toBe(303);
  });
});

import type { AdminCataloguePage } from "@skillshelf/shared/admin-forms.ts";
import { PAGING_MESSAGES } from "@skillshelf/shared/paging.ts";
import { and, asc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaleCatalogue } from "../bench/generate-catalogue.ts";
import { categories, contents } from "../src/db/schema/index.ts";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { checklistOf, formPost, pageHtml } from "./helpers/pages.ts";

// The catalogue editor a page of the tree at a time: 10 copies of the small catalogue give 30 parents.
let store: TestStore;
let adminToken: string;

beforeAll(async () => {
  store = await createTestStore({ pages: true });
  await store.importCatalogue(scaleCatalogue(smallCatalogue(), 10).file);
  adminToken = await signIn(store, (await createUser(store, { role: "admin" })).id);
});
afterAll(() => store.close());

const tree = async (query = "") => {
  const res = await store.app.inject({ url: `/api/admin/catalogue${query}`, headers: bearer(adminToken) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: AdminCataloguePage }>().data;
};
const parentsInOrder = async () =>
  (
    await store.database.db
      .select({ slug: categories.slug })
      .from(categories)
      .where(isNull(categories.parentId))
      .orderBy(asc(categories.sortOrder), asc(categories.id))
  ).map((p) => p.slug);
const slugs = (page: AdminCataloguePage) => page.categories.map((p) => p.slug);
const page = (url: string) => pageHtml(store, url, adminToken);
const post = (url: string, fields: Record<string, string>) =>
  formPost(store, url, fields, { cookie: `access-token=${adminToken}` });

describe("the catalogue editor, a page at a time", () => {
  it("pages the parents in their order, 20 by default, each page with its artefacts, groups and contents", async () => {
    const all = await parentsInOrder();
    expect(all).toHaveLength(30);
    const first = await tree();
    expect(slugs(first)).toEqual(all.slice(0, 20));
    expect(first.prev_cursor).toBeNull();
    const docker = first.categories[0]?.artefacts.find((a) => a.slug === "docker");
    expect(docker?.groups.map((g) => g.name)).toEqual(["Basics", "Extras"]);
    expect(docker?.contents.map((c) => c.title)).toEqual(["Volumes"]);

    const second = await tree(`?cursor=${encodeURIComponent(first.next_cursor ?? "")}`);
    expect(slugs(second)).toEqual(all.slice(20));
    expect(second.next_cursor).toBeNull();
    const back = await tree(`?cursor=${encodeURIComponent(second.prev_cursor ?? "")}`);
    expect(slugs(back)).toEqual(all.slice(0, 20));
    expect(slugs(await tree("?limit=7"))).toEqual(all.slice(0, 7));
  });

  it("keeps what a search finds, whole when a name matches, and refuses the cursor of another search", async () => {
    // "Compose" is a content of each copy's Docker: its parents, each with Docker holding only that content.
    const found = await tree("?search=COMPOSE");
    expect(found.categories).toHaveLength(10);
    for (const parent of found.categories) {
      expect(parent.artefacts.map((a) => a.name)).toEqual(["Docker"]);
      expect(parent.artefacts[0]?.groups.map((g) => [g.name, g.contents.map((c) => c.title)])).toEqual([
        ["Extras", ["Compose"]],
      ]);
      expect(parent.artefacts[0]?.contents).toEqual([]);
    }
    // A parent's own name keeps all of it.
    const labs = await tree("?search=labs-3");
    expect(labs.categories).toEqual([]);
    const named = await tree("?search=kubernetes-7");
    expect(named.categories.map((p) => p.artefacts.map((a) => a.slug))).toEqual([["kubernetes-7"]]);
    expect((await tree("?search=no such thing")).categories).toEqual([]);

    const unsearched = await tree();
    const res = await store.app.inject({
      url: `/api/admin/catalogue?search=compose&cursor=${encodeURIComponent(unsearched.next_cursor ?? "")}`,
      headers: bearer(adminToken),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ message: string }>().message).toBe(PAGING_MESSAGES.cursorForged);
  });

  it("renders only the open artefacts' rows, and moves an item by naming it alone", async () => {
    const html = await page("/admin/catalogue");
    expect(html).toContain('aria-label="Expand Docker"');
    expect(html).not.toContain('aria-label="Edit Volumes"');
    // No form carries the list it reorders.
    expect(html).not.toContain('name="ids"');
    const all = await parentsInOrder();
    expect(html).toContain('aria-label="Catalogue pages"');

    const [docker] = await store.database.db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.slug, "docker"));
    const opened = await page(`/admin/catalogue?open=${docker?.id}`);
    expect(opened).toContain('aria-label="Edit Volumes"');
    expect(opened).toContain('aria-expanded="true" aria-label="Collapse Docker"');

    // The last parent of the first page moves down onto the second page, and back.
    const moved = all[19] ?? "";
    const [row] = await store.database.db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.slug, moved));
    const down = await post("/admin/catalogue", { intent: "move", kind: "category", id: String(row?.id), step: "1" });
    expect(down.statusCode).toBe(303);
    expect(down.headers.location).toBe("/admin/catalogue");
    expect(await parentsInOrder()).toEqual([...all.slice(0, 19), all[20], moved, ...all.slice(21)]);
    await post("/admin/catalogue", { intent: "move", kind: "category", id: String(row?.id), step: "-1" });
    expect(await parentsInOrder()).toEqual(all);

    // A content moves among those of its group; one at the end stays.
    const ids = async () =>
      (
        await store.database.db
          .select({ title: contents.title })
          .from(contents)
          .where(and(eq(contents.categoryId, docker?.id ?? 0), isNull(contents.groupId)))
          .orderBy(asc(contents.sortOrder), asc(contents.id))
      ).map((c) => c.title);
    expect(await ids()).toEqual(["Volumes"]);
    const [volumes] = await store.database.db.select().from(contents).where(eq(contents.title, "Volumes")).limit(1);
    const stays = await post("/admin/catalogue", {
      intent: "move",
      kind: "content",
      id: String(volumes?.id),
      step: "1",
    });
    expect(stays.statusCode).toBe(303);
    expect(await ids()).toEqual(["Volumes"]);
    const gone = await post("/admin/catalogue", { intent: "move", kind: "group", id: "999999", step: "1" });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain("Group not found");
  });

  it("keeps an editor open for the tree's forms and toggles posted from its page, and its pager closes it", async () => {
    const [volumes] = await store.database.db.select().from(contents).where(eq(contents.title, "Volumes")).limit(1);
    const here = `/admin/catalogue/contents/${volumes?.id}?open=${volumes?.categoryId}`;
    const html = await page(here);
    expect(html).toContain("Edit content: Volumes");
    // Expand and Collapse stay on the editor's path; the pager's links go to the tree alone.
    expect(html).toContain(`action="/admin/catalogue/contents/${volumes?.id}"`);
    const next = html.match(/<a [^>]*rel="next" href="([^"]+)"/)?.[1]?.replaceAll("&amp;", "&") ?? "";
    expect(next).toMatch(/^\/admin\/catalogue\?/);
    expect(new URL(next, "http://x").searchParams.get("cursor")).toBeTruthy();
    // Without JavaScript the tree's ↓ posts to the page it is on (the editor's route), and comes back to it.
    const moved = await post(here, { intent: "move", kind: "content", id: String(volumes?.id), step: "1" });
    expect(moved.statusCode).toBe(303);
    expect(moved.headers.location).toBe(here);
    // An editor's route takes its own forms and the tree's, no other editor's.
    const other = await post(here, { intent: "group-create", id: String(volumes?.categoryId), name: "Stray" });
    expect(other.statusCode).toBe(422);
  });

  it("answers 404 for an editor of what is not there, with the tree still on the page", async () => {
    const [volumes] = await store.database.db.select().from(contents).where(eq(contents.title, "Volumes")).limit(1);
    const missing = [
      "/admin/catalogue/categories/999999",
      "/admin/catalogue/categories/999999/artefacts/new",
      "/admin/catalogue/groups/999999",
      "/admin/catalogue/artefacts/999999/groups/new",
      "/admin/catalogue/contents/999999",
      "/admin/catalogue/artefacts/999999/contents/new",
      `/admin/catalogue/artefacts/${volumes?.categoryId}/groups/999999/contents/new`,
    ];
    for (const url of missing) {
      const res = await store.app.inject({ url, headers: { cookie: `access-token=${adminToken}` } });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain("Choose Edit or Add on an item to change the catalogue.");
    }
    // What is there still opens with 200.
    expect(await page(`/admin/catalogue/contents/${volumes?.id}`)).toContain("Edit content: Volumes");
  });

  it("offers the related links of a content from a search, its related ones first", async () => {
    const [images] = await store.database.db
      .select({ id: contents.id })
      .from(contents)
      .innerJoin(categories, eq(categories.id, contents.categoryId))
      .where(and(eq(categories.slug, "docker"), eq(contents.slug, "images")));
    // The related picker's checklist (the only one named ids): the labels, and which are chosen.
    const checklist = (html: string) => checklistOf(html, "ids");
    const options = (html: string) => checklist(html).map((choice) => choice.label);
    // Without a search: its related ones (Volumes, and Branches of Git), chosen, then the rest of Docker.
    const plain = checklist(await page(`/admin/catalogue/contents/${images?.id}`));
    expect(plain).toEqual([
      { label: "Docker › Volumes", selected: true },
      { label: "Git › Branches", selected: true },
      { label: "Docker › Compose", selected: false },
    ]);
    // A search finds titles anywhere, at most 50 besides the related ones.
    // (Each copy has its Git › Branches; the first copy's is related already.)
    const searched = options(await page(`/admin/catalogue/contents/${images?.id}?related=BRANCH`));
    expect(searched.slice(0, 2)).toEqual(["Docker › Volumes", "Git › Branches"]);
    expect(searched.slice(2)).toEqual(Array(9).fill("Git › Branches"));
    // A search the lists would refuse is refused here too, and says why.
    const long = await store.app.inject({
      url: `/admin/catalogue/contents/${images?.id}?related=${"x".repeat(201)}`,
      headers: { cookie: `access-token=${adminToken}` },
    });
    expect(long.statusCode).toBe(422);
    expect(long.body).toContain("search must be at most 200 characters");
  });

  it("offers an artefact's form its own parent, then the first 50 or those a search finds", async () => {
    await store.database.db.insert(categories).values(
      Array.from({ length: 40 }, (_, n) => ({
        slug: `extra-${n}`,
        name: `Extra Parent ${n}`,
        hidden: true,
        sortOrder: 100 + n,
      })),
    );
    const [kubernetes] = await store.database.db
      .select({ id: categories.id, parentId: categories.parentId })
      .from(categories)
      .where(eq(categories.slug, "kubernetes-7"));
    const [own] = await store.database.db
      .select({ name: categories.name })
      .from(categories)
      .where(eq(categories.id, kubernetes?.parentId ?? 0));
    // The options of the parent select (the only one named parent_id), and which is chosen.
    const options = (html: string) => {
      const start = html.indexOf('name="parent_id"');
      const select = html.slice(start, html.indexOf("</select>", start));
      return [...select.matchAll(/<option value="\d+"([^>]*)>([^<]*)<\/option>/g)].map(
        (m) => `${m[2]}${/selected/.test(m[1] ?? "") ? " (chosen)" : ""}`,
      );
    };
    const plain = options(await page(`/admin/catalogue/categories/${kubernetes?.id}`));
    expect(plain).toHaveLength(51);
    expect(plain[0]).toBe(`${own?.name} (chosen)`);
    const searchedHtml = await page(`/admin/catalogue/categories/${kubernetes?.id}?parents=extra parent 3`);
    const searched = options(searchedHtml);
    // The tree's toggles keep the form's search; a new filter of the tree drops it, and keeps the editor (its path).
    const kept = '<input type="hidden" name="parents" value="extra parent 3"/>';
    const filter = searchedHtml.slice(
      searchedHtml.indexOf("admin-tree__filter"),
      searchedHtml.indexOf("</form>", searchedHtml.indexOf("admin-tree__filter")),
    );
    expect(filter).toContain(`action="/admin/catalogue/categories/${kubernetes?.id}"`);
    expect(filter).not.toContain('name="parents"');
    const toggles = searchedHtml.slice(searchedHtml.indexOf("admin-tree__list"));
    expect(toggles).toContain(kept);
    expect(searched).toEqual([
      `${own?.name} (chosen)`,
      "Extra Parent 3",
      ...Array.from({ length: 10 }, (_, n) => `Extra Parent 3${n}`),
    ]);
    // A parent category's form has no parent to choose.
    expect(options(await page(`/admin/catalogue/categories/${kubernetes?.parentId}`))).toEqual([]);
  });
});

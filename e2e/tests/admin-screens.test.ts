import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminReady, create, signInAdmin } from "../support/admin.ts";
import { baseUrl, useBrowser } from "../support/browser.ts";
import { answerConfirmation } from "../support/confirm.ts";
import { allowConsoleErrors, type StorageState, toast } from "../support/purchase.ts";
import { PAGER_TAG } from "../support/seed-admin-pages.ts";

/**
 * The admin screens as an operator reads them (issue 38): a refused import
 * says once what is wrong with the file, the tree shows prices as the store
 * sells them, a slug's hint is the address it makes, every screen fits a
 * 375 px phone with the article editor scrolling only with the page, and a
 * code's artefacts and an article's related contents are chosen by searching
 * a checklist that folds what is past its first dozen instead of scrolling. What the tests make is in a
 * hidden parent no other test or public page sees, removed at the end.
 */
describe("the admin screens", () => {
  let adminState: StorageState;
  let api: BrowserContext;
  const session = useBrowser({ storageState: () => adminState });
  const tag = Date.now().toString(36);
  const parent = { id: 0, name: `Screens ${tag}`, slug: `screens-${tag}` };
  // Priced by its groups only; priced whole with a group of its own too; free.
  const byGroup = { id: 0, name: `By Group Kit ${tag}`, slug: `by-group-kit-${tag}` };
  const whole = { id: 0, name: `Whole Kit ${tag}`, slug: `whole-kit-${tag}` };
  const free = { id: 0, name: `Free Kit ${tag}`, slug: `free-kit-${tag}` };
  const made = { content: 0, related: 0, group: 0, coupons: [] as number[] };

  beforeAll(async () => {
    adminState = await signInAdmin(session.browser);
    api = await session.browser.newContext({ baseURL: baseUrl, storageState: adminState });
    const { request } = api;
    parent.id = await create(request, "/api/admin/categories", { slug: parent.slug, name: parent.name, hidden: true });
    for (const [artefact, price] of [
      [byGroup, null],
      [whole, 12],
      [free, null],
    ] as const) {
      artefact.id = await create(request, "/api/admin/categories", {
        slug: artefact.slug,
        name: artefact.name,
        parent_id: parent.id,
        hidden: true,
        price,
      });
    }
    made.group = await create(request, `/api/admin/categories/${byGroup.id}/groups`, { name: "Paid Part", price: 7.5 });
    await create(request, `/api/admin/categories/${byGroup.id}/groups`, { name: "Open Part" });
    await create(request, `/api/admin/categories/${whole.id}/groups`, { name: "Included Part" });
    await create(request, `/api/admin/categories/${whole.id}/groups`, { name: "Extra Part", price: 4 });
    // An article whose code line and table are far wider than a phone.
    made.content = await create(request, `/api/admin/categories/${whole.id}/contents`, {
      slug: `wide-article-${tag}`,
      title: `Wide Article ${tag}`,
      description: [
        "<h2>Wide</h2>",
        `<pre><code>docker run --rm --name ${"a-very-long-container-name-".repeat(8)}x image</code></pre>`,
        `<table><tbody><tr><td>${"unbreakable".repeat(12)}</td><td>${"another".repeat(12)}</td></tr></tbody></table>`,
        `<p>${"https://example.com/".repeat(10)}</p>`,
      ].join(""),
    });
  });
  afterAll(async () => {
    for (const id of made.coupons) await api?.request.delete(`/api/admin/coupons/${id}`);
    for (const url of [
      `/api/admin/contents/${made.content}`,
      `/api/admin/contents/${made.related}`,
      ...[byGroup, whole, free].map((a) => `/api/admin/categories/${a.id}`),
      `/api/admin/categories/${parent.id}`,
    ]) {
      await api?.request.delete(url);
    }
    await api?.close();
  });

  it("says once, under the form, that a file is not a catalogue export, and why another is refused", async () => {
    const { page } = session;
    const prompts: string[] = [];
    const before = await (await api.request.get("/api/admin/catalogue/export")).text();
    await page.goto("/admin/catalogue");
    await adminReady(page, "Catalogue");
    await page.getByText("Import a catalogue file").click();
    const input = page.getByLabel("Catalogue file (JSON, as exported)", { exact: true });
    await hydrated(page, ".admin-import form");
    const importFile = async (name: string, text: string) => {
      await input.setInputFiles({ name, mimeType: "application/json", buffer: Buffer.from(text) });
      await page.getByRole("button", { name: "Import", exact: true }).click();
      const asked = await answerConfirmation(page, "Import");
      expect(asked.detail).toBe(name);
      prompts.push(asked.question);
    };
    const refusal = page.locator(".admin-import [role=alert]");
    const said = (start: string) => page.getByText(start, { exact: false });

    // Not JSON at all.
    await importFile("notes.json", '{\n  "version": 1,\n  "categories": [\n');
    await expect
      .poll(() => refusal.textContent())
      .toMatch(
        /^This file is not a Skillshelf catalogue export: line 4: invalid JSON \(\w+\)\. Nothing was changed\.$/,
      );
    // One message: no toast says it again, and it names the reason once.
    expect(await said("This file is not a Skillshelf catalogue export").count()).toBe(1);
    expect(await page.locator(".toast").count()).toBe(0);
    expect((await refusal.textContent())?.match(/invalid JSON/g)).toHaveLength(1);

    // JSON, but some other file's.
    await importFile("package.json", JSON.stringify({ name: "my-app", version: "1.0.0" }, null, 2));
    await expect
      .poll(() => refusal.textContent())
      .toBe(
        "This file is not a Skillshelf catalogue export: line 3: version: version must be 1 or 2. Nothing was changed.",
      );

    // An export with one bad value: the reason, where it is.
    const file = JSON.parse(before) as { categories: { artefacts: { slug: string }[] }[] };
    const first = file.categories[0]?.artefacts[0];
    if (!first) throw new Error("the export has no artefact");
    first.slug = "Not A Slug!";
    await importFile("catalogue.json", JSON.stringify(file, null, 2));
    await expect
      .poll(() => refusal.textContent())
      .toMatch(
        /^The catalogue file was refused, nothing was changed: line \d+: categories\[0\]\.artefacts\[0\]\.slug: slug must be /,
      );
    expect(await said("The catalogue file was refused").count()).toBe(1);
    expect(await page.locator(".toast").count()).toBe(0);
    allowConsoleErrors(session, /status of 422/);

    expect(prompts).toEqual(Array(3).fill("Importing replaces the whole catalogue. Are you sure?"));
    expect(await (await api.request.get("/api/admin/catalogue/export")).text()).toBe(before);
  });

  it("shows each artefact's and group's price as the store sells it, in closed and open rows", async () => {
    const { page } = session;
    await page.goto("/admin/catalogue");
    await adminReady(page, "Catalogue");
    const tree = page.locator(".admin-tree__parent", { hasText: parent.name });
    const artefactRow = (name: string) =>
      tree.locator(".admin-tree__artefact > .admin-tree__row", { hasText: name }).locator(".admin-tree__name");
    // Closed: the row knows its groups' prices without showing them.
    expect(await artefactRow(byGroup.name).textContent()).toContain(`/${byGroup.slug} · groups from £7.50`);
    expect(await artefactRow(whole.name).textContent()).toContain(`/${whole.slug} · £12.00 · groups from £4.00`);
    expect(await artefactRow(free.name).textContent()).toContain(`/${free.slug} · Free`);
    expect(await artefactRow(byGroup.name).textContent()).not.toContain("Free");

    // Open: each group as the listing sells it.
    await page.goto(`/admin/catalogue?open=${byGroup.id},${whole.id}`);
    await adminReady(page, "Catalogue");
    const groups = await tree
      .locator(".admin-tree__group > .admin-tree__row .admin-tree__name")
      .evaluateAll((names) => names.map((n) => n.textContent?.replace(/\s+/g, " ").trim()));
    expect(groups).toEqual([
      "Group: Paid Part · £7.50",
      "Group: Open Part · Free",
      "Group: Included Part · sold with the artefact only",
      "Group: Extra Part · £4.00",
    ]);
  });

  it("shows a slug's hint as the address it makes, following what is typed", async () => {
    const { page } = session;
    const hintOf = async () => {
      const slug = page.getByLabel("Slug (required)", { exact: true });
      const [hint] = ((await slug.getAttribute("aria-describedby")) ?? "").split(" ");
      return page.locator(`[id="${hint}"]`);
    };

    await page.goto(`/admin/catalogue/categories/${whole.id}`);
    await page.getByRole("heading", { name: `Edit artefact: ${whole.name}` }).waitFor();
    expect(await (await hintOf()).textContent()).toBe(`Its address: /${whole.slug}`);

    await page.goto(`/admin/catalogue/categories/${parent.id}/artefacts/new`);
    await page.getByRole("heading", { name: "New artefact" }).waitFor();
    const hint = await hintOf();
    expect(await hint.textContent()).toBe("Its address: / followed by the slug");
    await hydrated(page, "input[name=slug]");
    await page.getByLabel("Slug (required)", { exact: true }).fill(`my-new-kit-${tag}`);
    await expect.poll(() => hint.textContent()).toBe(`Its address: /my-new-kit-${tag}`);

    await page.goto(`/admin/catalogue/artefacts/${whole.id}/contents/new`);
    await page.getByRole("heading", { name: `New content in ${whole.name}` }).waitFor();
    const contentHint = await hintOf();
    expect(await contentHint.textContent()).toBe(`Its address: /${whole.slug}/ followed by the slug`);
    await hydrated(page, "input[name=slug]");
    await page.getByLabel("Slug (required)", { exact: true }).pressSequentially("cheat-sheet");
    await expect.poll(() => contentHint.textContent()).toBe(`Its address: /${whole.slug}/cheat-sheet`);

    await page.goto(`/admin/catalogue/contents/${made.content}`);
    await page.getByRole("heading", { name: `Edit content: Wide Article ${tag}` }).waitFor();
    expect(await (await hintOf()).textContent()).toBe(`Its address: /${whole.slug}/wide-article-${tag}`);
  });

  it("fits every admin screen in a 375 px phone, the article editor scrolling only with the page", async () => {
    const orders = await api.request.get(`/api/admin/orders?search=${PAGER_TAG.toLowerCase()}`);
    const [order] = ((await orders.json()) as { data: { rows: { id: number }[] } }).data.rows;
    if (!order) throw new Error("global setup made no orders");
    const coupon = await create(api.request, "/api/admin/coupons", {
      code: `PHONE-${tag}`.toUpperCase(),
      kind: "percent",
      value: 10,
      artefact_ids: [whole.id],
    });
    made.coupons.push(coupon);
    const screens = [
      "/admin",
      "/admin/catalogue",
      `/admin/catalogue?open=${byGroup.id},${whole.id}`,
      "/admin/catalogue/categories/new",
      `/admin/catalogue/categories/${parent.id}`,
      `/admin/catalogue/categories/${parent.id}/artefacts/new`,
      `/admin/catalogue/categories/${whole.id}`,
      `/admin/catalogue/artefacts/${byGroup.id}/groups/new`,
      `/admin/catalogue/groups/${made.group}`,
      `/admin/catalogue/artefacts/${whole.id}/contents/new`,
      `/admin/catalogue/contents/${made.content}`,
      "/admin/users",
      "/admin/orders",
      `/admin/orders/${order.id}`,
      "/admin/coupons",
      `/admin/coupons?edit=${coupon}`,
    ];
    const phone = await session.browser.newContext({
      baseURL: baseUrl,
      storageState: adminState,
      viewport: { width: 375, height: 740 },
    });
    try {
      const page = await phone.newPage();
      const wide: string[] = [];
      for (const screen of screens) {
        await page.goto(screen);
        await page.locator("h1").first().waitFor();
        await page.locator(".admin-loading").waitFor({ state: "detached" });
        if (screen.includes("/contents/")) {
          // The rich-text editor, loaded after hydration, holds the article: the widest thing on any screen.
          await page.getByRole("button", { name: "Edit HTML" }).waitFor();
          if (!screen.endsWith("/new"))
            await page.getByRole("textbox", { name: "Article body", exact: true }).waitFor();
          expect(await innerScrolls(page), screen).toEqual([]);
        }
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > 375) wide.push(`${screen}: ${width} px, ${await widest(page)}`);
      }
      expect(wide).toEqual([]);
    } finally {
      await phone.close();
    }

    // Beside the tree on a wide screen too: the editor is part of the page, with no scroll of its own.
    const { page } = session;
    await page.goto(`/admin/catalogue/contents/${made.content}`);
    await page.getByRole("textbox", { name: "Article body", exact: true }).waitFor();
    expect(await innerScrolls(page)).toEqual([]);
  });

  it("chooses a code's artefacts by searching, and keeps each choice across searches", async () => {
    const { page } = session;
    const code = `PICK-${tag}`.toUpperCase();
    await page.goto("/admin/coupons");
    await page.getByRole("heading", { name: "Coupons", level: 1 }).waitFor();
    const picker = page.getByRole("group", { name: "Artefacts" });
    const search = picker.getByLabel("Find artefacts by name", { exact: true });
    const chosen = picker.getByRole("status");
    await hydrated(page, ".admin-picker input[type=checkbox]");
    expect(await chosen.textContent()).toBe("None chosen");

    // Typing searches (no Enter): the list is what matches, and a choice is a checkbox.
    await search.fill(`Whole Kit ${tag}`);
    const wholeBox = picker.getByRole("checkbox", { name: `${parent.name} › ${whole.name}` });
    await wholeBox.waitFor();
    await expect.poll(() => picker.getByRole("checkbox").count()).toBe(1);
    await wholeBox.check();
    expect(await chosen.textContent()).toBe(`Chosen (1): ${parent.name} › ${whole.name}`);

    // Another search: the first choice stays, first in the list; the keyboard chooses the second.
    await search.fill(`Free Kit ${tag}`);
    const freeBox = picker.getByRole("checkbox", { name: `${parent.name} › ${free.name}` });
    await freeBox.waitFor();
    await expect.poll(() => picker.getByRole("checkbox").count()).toBe(2);
    expect(await wholeBox.isChecked()).toBe(true);
    await freeBox.focus();
    await page.keyboard.press("Space");
    expect(await freeBox.isChecked()).toBe(true);
    expect(await chosen.textContent()).toBe(
      `Chosen (2): ${parent.name} › ${whole.name}, ${parent.name} › ${free.name}`,
    );

    await page.getByLabel("Code", { exact: true }).fill(code);
    await page.getByLabel("Value", { exact: true }).fill("15");
    // Without a search the list shows the first artefacts by name: past a dozen they fold, nothing scrolls inside.
    await search.fill("");
    await expect.poll(() => picker.locator(".admin-picker__list").first().getByRole("checkbox").count()).toBe(12);
    expect(await innerScrolls(page, ".admin-picker")).toEqual([]);

    await page.getByRole("button", { name: "Create code" }).click();
    const row = page.locator(`tr[data-code="${code}"]`);
    await row.waitFor();
    expect((await row.locator("td").nth(6).textContent())?.split(", ").sort()).toEqual([free.name, whole.name]);
    const list = await api.request.get(`/api/admin/coupons?search=${code}`);
    const [saved] = ((await list.json()) as { data: { rows: { id: number; artefacts: { id: number }[] }[] } }).data
      .rows;
    if (saved) made.coupons.push(saved.id);
    expect(saved?.artefacts.map((a) => a.id).sort((a, b) => a - b)).toEqual([whole.id, free.id].sort((a, b) => a - b));
  });

  it("chooses an article's related contents by searching, and saves them", async () => {
    const neighbour = `Neighbour Article ${tag}`;
    made.related = await create(api.request, `/api/admin/categories/${whole.id}/contents`, {
      slug: `neighbour-article-${tag}`,
      title: neighbour,
      description: "<p>Next door.</p>",
    });
    const { page } = session;
    await page.goto(`/admin/catalogue/contents/${made.content}`);
    const picker = page.getByRole("group", { name: "Related contents" });
    await hydrated(page, ".admin-picker input[type=search]");
    const chosen = picker.getByRole("status");
    expect(await chosen.textContent()).toBe("None chosen");

    await picker.getByLabel("Find content by title", { exact: true }).fill(neighbour);
    const box = picker.getByRole("checkbox", { name: `${whole.name} › ${neighbour}` });
    await box.check();
    expect(await chosen.textContent()).toBe(`Chosen (1): ${whole.name} › ${neighbour}`);
    await page.getByRole("button", { name: "Save related" }).click();
    await toast(page, "Related content saved.");

    // Saved: the editor opened afresh has it chosen, first.
    await page.goto(`/admin/catalogue/contents/${made.content}`);
    expect(await picker.getByRole("checkbox").first().getAttribute("value")).toBe(String(made.related));
    expect(await picker.getByRole("checkbox").first().isChecked()).toBe(true);
  });
});

/** Waits until React has hydrated the element `selector` finds (its props are on it): its handlers are in place. */
async function hydrated(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((found) => {
    const element = document.querySelector(found);
    return element !== null && Object.keys(element).some((key) => key.startsWith("__reactProps$"));
  }, selector);
}

/** What reaches past the phone's width (elements with no children, the first three): where to look when a screen scrolls sideways. */
function widest(page: Page): Promise<string> {
  return page.evaluate(() =>
    Array.from(document.body.querySelectorAll("*"))
      .filter((element) => element.getBoundingClientRect().right > 375 && element.children.length === 0)
      .slice(0, 3)
      .map(
        (element) =>
          `${element.localName}.${element.className} (${Math.round(element.getBoundingClientRect().right)} px)`,
      )
      .join(", "),
  );
}

/**
 * The elements within `within` (the catalogue's side panel, the editor, by default) that scroll inside
 * the page: content wider or taller than their box, which they scroll.
 */
function innerScrolls(page: Page, within = ".admin-side"): Promise<string[]> {
  return page.locator(within).evaluate((side) =>
    [side, ...Array.from(side.querySelectorAll("*"))].flatMap((element) => {
      const style = getComputedStyle(element);
      const scrolls = (overflow: string) => overflow === "auto" || overflow === "scroll";
      const sideways = scrolls(style.overflowX) && element.scrollWidth > element.clientWidth + 1;
      const down = scrolls(style.overflowY) && element.scrollHeight > element.clientHeight + 1;
      return sideways || down ? [`${element.localName}.${element.className}`] : [];
    }),
  );
}

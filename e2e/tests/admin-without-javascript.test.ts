import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { create, signInAdmin, TINY_PNG } from "../support/admin.ts";
import { baseUrl, useBrowser } from "../support/browser.ts";
import type { StorageState } from "../support/purchase.ts";

/**
 * The catalogue editor's uploads and import as plain HTML forms (script
 * blocked): the browser posts them to /api/admin itself, which streams the
 * files and sends it back to the editor with what happened. And a coupon's
 * artefact picker, searched by a plain GET form. The article is
 * the file's own, in a hidden parent no other test or public page sees.
 */
describe("uploads and imports without JavaScript", () => {
  let adminState: StorageState;
  let api: BrowserContext;
  const session = useBrowser({ javaScriptEnabled: false, storageState: () => adminState });
  const tag = Date.now().toString(36);
  const made: { parent: number; artefact: number; content: number } = { parent: 0, artefact: 0, content: 0 };

  beforeAll(async () => {
    adminState = await signInAdmin(session.browser);
    api = await session.browser.newContext({ baseURL: baseUrl, storageState: adminState });
    made.parent = await create(api.request, "/api/admin/categories", {
      slug: `plain-forms-${tag}`,
      name: `Plain Forms ${tag}`,
      hidden: true,
    });
    made.artefact = await create(api.request, "/api/admin/categories", {
      slug: `plain-kit-${tag}`,
      name: `Plain Kit ${tag}`,
      parent_id: made.parent,
      hidden: true,
      price: 3,
    });
    made.content = await create(api.request, `/api/admin/categories/${made.artefact}/contents`, {
      slug: `plain-article-${tag}`,
      title: `Plain Article ${tag}`,
    });
  });
  afterAll(async () => {
    for (const url of [
      `/api/admin/contents/${made.content}`,
      `/api/admin/categories/${made.artefact}`,
      `/api/admin/categories/${made.parent}`,
    ]) {
      await api?.request.delete(url);
    }
    await api?.close();
  });

  it("uploads an image to an article and comes back to its editor, which says so", async () => {
    const { page } = session;
    // An editor's address of before (?edit=) still opens it, at its path now.
    await page.goto(`/admin/catalogue?edit=content-${made.content}`);
    await page.getByRole("heading", { name: `Edit content: Plain Article ${tag}` }).waitFor();
    await page.getByLabel("Upload images or PDFs", { exact: true }).setInputFiles({
      name: "plain-diagram.png",
      mimeType: "image/png",
      buffer: TINY_PNG,
    });
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await page.getByRole("status").filter({ hasText: "The file is uploaded." }).waitFor();
    const url = new URL(page.url());
    expect(url.pathname + url.search).toBe(`/admin/catalogue/contents/${made.content}`);
    await page.getByRole("button", { name: "Remove plain-diagram.png" }).waitFor();
  });

  it("imports a catalogue file once the box is ticked, and names the line of a bad one", async () => {
    const { page } = session;
    const exported = await api.request.get("/api/admin/catalogue/export");
    const before = await exported.text();
    await page.goto("/admin/catalogue");
    await page.getByText("Import a catalogue file").click();
    await page.getByLabel("Catalogue file (JSON, as exported)", { exact: true }).setInputFiles({
      name: "broken.json",
      mimeType: "application/json",
      buffer: Buffer.from('{\n  "version": 1,\n  "categories": [\n'),
    });
    // The confirmation prompt needs a script; without one, a box to tick stands for it.
    await page.getByLabel("I understand that importing replaces the whole catalogue.", { exact: true }).check();
    await page.getByRole("button", { name: "Import", exact: true }).click();
    const refusal = page.getByRole("alert").filter({ hasText: "This file is not a Skillshelf catalogue export" });
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(
      /^This file is not a Skillshelf catalogue export: line \d+: invalid JSON \(\w+\)\. Nothing was changed\.$/,
    );
    expect(new URL(page.url()).pathname).toBe("/admin/catalogue");
    // Nothing changed.
    expect(await (await api.request.get("/api/admin/catalogue/export")).text()).toBe(before);
  });

  it("finds a coupon's artefact with the search among the form's fields, and makes the code for it", async () => {
    const { page } = session;
    const code = `PLAIN-${tag}`.toUpperCase();
    await page.goto("/admin/coupons");
    // The box sends its own GET form (forms cannot nest): Enter in it searches.
    await page.getByLabel("Find artefacts by name", { exact: true }).fill(`Plain Kit ${tag}`);
    await page.getByLabel("Find artefacts by name", { exact: true }).press("Enter");
    await page.waitForURL((url) => url.searchParams.get("artefacts") === `Plain Kit ${tag}`);
    // The artefacts are checkboxes in the code's form: the search's result, one to tick.
    const artefacts = page.getByRole("group", { name: "Artefacts" });
    const found = artefacts.getByRole("checkbox");
    expect(await found.count()).toBe(1);
    await artefacts.getByRole("checkbox", { name: `Plain Forms ${tag} › Plain Kit ${tag}`, exact: true }).check();
    await page.getByLabel("Code", { exact: true }).fill(code);
    await page.getByLabel("Value", { exact: true }).fill("10");
    await page.getByRole("button", { name: "Create code" }).click();
    const row = page.locator(`tr[data-code="${code}"]`);
    await row.waitFor();
    expect(await row.locator("td").nth(6).textContent()).toBe(`Plain Kit ${tag}`);
    const list = await api.request.get(`/api/admin/coupons?search=${code}`);
    const [made] = ((await list.json()) as { data: { rows: { id: number }[] } }).data.rows;
    expect((await api.request.delete(`/api/admin/coupons/${made?.id}`)).status()).toBe(200);
  });
});

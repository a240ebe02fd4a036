import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formReady, registerAccount, signInThroughApi } from "../support/accounts.ts";
import { ADMIN, adminReady, TINY_PDF, TINY_PNG } from "../support/admin.ts";
import { baseUrl, expectAccessible, hasHorizontalScroll, useBrowser } from "../support/browser.ts";
import { answerConfirmation } from "../support/confirm.ts";
import { allowConsoleErrors, buyFromListing, type StorageState, toast } from "../support/purchase.ts";
import { ADMIN_SECOND_STEP, totpCode } from "../support/second-step.ts";

/**
 * The operator's journey (the E2E proof): an artefact with a group and
 * an article with an image and a PDF, priced; a learner buys it; the operator
 * refunds it and the learner loses access. Two sign-ins: the admin and one
 * new learner (one registration).
 */
describe("the admin area", () => {
  let adminState: StorageState;
  let learnerContext: BrowserContext;
  let learner: Page;
  let learnerEmail: string;
  const session = useBrowser({ storageState: () => adminState });
  const tag = Date.now().toString(36);
  const artefact = { name: `Operator Kit ${tag}`, slug: `operator-kit-${tag}` };
  const group = `Field Notes ${tag}`;
  const article = { title: `Shipping Checklist ${tag}`, slug: `shipping-checklist-${tag}` };

  beforeAll(async () => {
    learnerContext = await session.browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
    const account = await registerAccount(learnerContext.request, { name: "Lee Learner" });
    await signInThroughApi(learnerContext.request, account);
    learnerEmail = account.email;
    learner = await learnerContext.newPage();
  });
  afterAll(async () => {
    await learnerContext?.close();
  });

  it("lands an operator who signs in on /admin, with an Admin link in the header", async () => {
    const { page } = session;
    await page.goto("/login");
    await formReady(page);
    await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    // The password is not enough for an operator: the authenticator app's code next (docs/decisions/0054). The
    // next step's, as the seed's session may have been made in this one.
    await page.waitForURL((url) => url.pathname === "/login/second-step");
    await formReady(page);
    await page.getByLabel("Authentication code").fill(totpCode(ADMIN_SECOND_STEP.secret, 1));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL((url) => url.pathname === "/admin");
    await adminReady(page, "Catalogue");
    const header = page.getByRole("banner");
    expect(await header.getByRole("link", { name: "Admin", exact: true }).getAttribute("href")).toBe("/admin");
    // Signed in, the guest-only sign-in page sends the operator home: the admin area.
    await page.goto("/login");
    await page.waitForURL((url) => url.pathname === "/admin");
    await header.getByRole("link", { name: "Dashboard:" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    // The session for the rest of the file: one sign-in, as an operator makes it.
    adminState = await session.context.storageState();
  });

  it("sends a visitor to /login and shows a learner a 403", async () => {
    const visitor = await session.browser.newContext({ baseURL: baseUrl });
    const page = await visitor.newPage();
    await page.goto("/admin/orders");
    await page.waitForURL(/\/login\?redirectTo=%2Fadmin%2Forders$/);
    await visitor.close();

    const response = await learner.goto("/admin");
    expect(response?.status()).toBe(403);
    await learner.getByText("This area is for store operators.").waitFor();
    // Only an operator's header links to the admin area.
    expect(await learner.getByRole("banner").getByRole("link", { name: "Admin", exact: true }).count()).toBe(0);
    expect((await learner.request.get("/api/admin/users")).status()).toBe(403);
  });

  it("creates a priced artefact with a group and an article with an image and a PDF", async () => {
    const { page } = session;
    await page.goto("/admin");
    await adminReady(page, "Catalogue");
    expect(await page.getByRole("link", { name: "Catalogue" }).getAttribute("aria-current")).toBe("page");

    // Edit and Add are links to the editor's URL; the forms post to the page's action.
    await page.getByRole("link", { name: "Add artefact to Tech Cards" }).click();
    await page.getByLabel("Name (required)", { exact: true }).fill(artefact.name);
    await page.getByLabel("Slug (required)", { exact: true }).fill(artefact.slug);
    // The icon picker's suggestions, each a radio named by its icon.
    await page.getByRole("group", { name: "Icon" }).getByRole("radio", { name: "flask-conical drawing" }).check();
    await page.getByLabel("Price", { exact: true }).fill("12.50");
    await page.getByLabel("Payment note", { exact: true }).fill("Lifetime access");
    await page.getByRole("button", { name: "Create artefact" }).click();
    await toast(page, "Category created.");
    await page.getByRole("heading", { name: `Edit artefact: ${artefact.name}` }).waitFor();

    await page.getByRole("link", { name: `Add group to ${artefact.name}` }).click();
    await page.getByLabel("Group name (required)", { exact: true }).fill(group);
    await page.getByLabel("Group price", { exact: true }).fill("5");
    await page.getByRole("button", { name: "Create group" }).click();
    await toast(page, "Group created.");

    await page.getByRole("link", { name: `Add content to group ${group}` }).click();
    await page.getByLabel("Title (required)", { exact: true }).fill(article.title);
    await page.getByLabel("Slug (required)", { exact: true }).fill(article.slug);
    expect(await page.getByLabel("Group", { exact: true }).inputValue()).not.toBe("");
    await page.getByLabel("Short description", { exact: true }).fill("What to check before a release.");
    // The body opens in the rich-text editor; its HTML is a click away.
    await page.getByRole("button", { name: "Edit HTML" }).click();
    await page
      .getByLabel("Article body (HTML)", { exact: true })
      .fill('<h2>Before you ship</h2><p>Run the <strong>tests</strong>.</p><script>alert("x")</script>');
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.locator(".admin-preview__body");
    await preview.getByRole("heading", { name: "Before you ship" }).waitFor();
    expect(await preview.innerHTML()).not.toContain("<script");
    await page.getByRole("button", { name: "Create content" }).click();
    await toast(page, "Content created.");
    await page.getByRole("heading", { name: `Edit content: ${article.title}` }).waitFor();

    await page.getByLabel("Upload images or PDFs", { exact: true }).setInputFiles([
      { name: "diagram.png", mimeType: "image/png", buffer: TINY_PNG },
      { name: "checklist.pdf", mimeType: "application/pdf", buffer: TINY_PDF },
    ]);
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await toast(page, "2 files are uploaded.");
    await page.getByRole("button", { name: "Remove diagram.png" }).waitFor();
    await page.getByRole("button", { name: "Remove checklist.pdf" }).waitFor();
    // Nothing of this asked for a confirmation.
    expect(await page.getByRole("alertdialog").count()).toBe(0);

    await expectAccessible(page);
    expect(await hasHorizontalScroll(page)).toBe(false);

    // Public at once.
    await learner.goto(`/${artefact.slug}`);
    await learner.getByRole("heading", { name: artefact.name, level: 1 }).waitFor();
    await learner.getByRole("heading", { name: group }).waitFor();
  });

  it("lets a learner buy it and see the article's real image", async () => {
    await buyFromListing(learner, {
      slug: artefact.slug,
      method: { value: "card", label: "Credit or debit card", provider: "stripe" },
      name: artefact.name,
      price: "£12.50",
    });
    await learner.goto(`/${artefact.slug}/${article.slug}`);
    await learner.getByRole("heading", { name: "Artifacts Image's" }).waitFor();
    const image = learner.locator("button.thumb img");
    expect(await image.count()).toBe(1);
    expect(await image.getAttribute("src")).toMatch(/^\/media\//);
    expect(await learner.locator("img.thumb--locked").count()).toBe(0);
  });

  it("finds the order in /admin/orders and refunds it", async () => {
    const { page } = session;
    await page.goto("/admin/orders");
    await adminReady(page, "Orders");
    await expectAccessible(page);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByLabel("Search orders", { exact: true }).fill(learnerEmail);
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/\/admin\/orders\?search=/);
    await adminReady(page, "Orders");
    const rows = page.locator(".admin-table tbody tr");
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain("£12.50");
    await rows.first().getByRole("link").click();

    await page.waitForURL(/\/admin\/orders\/\d+$/);
    await page.getByRole("heading", { name: /^Order \S+/, level: 1 }).waitFor();
    expect(await page.locator(".admin-table tbody").textContent()).toContain(artefact.name);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Refund" }).click();
    // The dialog names the order and its amount.
    const asked = await answerConfirmation(page, "Refund");
    expect(asked.question).toBe("Are you sure?");
    expect(asked.detail).toMatch(/^SS-\S+, £12\.50$/);
    await toast(page, "The order is refunded and its access removed.");
    await page.locator(".admin-facts", { hasText: "Refunded on" }).waitFor();
    expect(await page.getByRole("button", { name: "Refund" }).count()).toBe(0);
  });

  it("takes the learner's access away after the refund", async () => {
    await learner.goto(`/${artefact.slug}/${article.slug}`);
    await learner.getByRole("heading", { name: "Artifacts Image's" }).waitFor();
    expect(await learner.locator("img.thumb--locked").count()).toBe(1);
    expect(await learner.locator("button.thumb").count()).toBe(0);
    await learner.goto("/my-items");
    await learner.getByRole("heading", { name: "My Items", level: 1 }).waitFor();
    expect(await learner.getByRole("heading", { name: artefact.name }).count()).toBe(0);
  });

  it("verifies, blocks and unblocks the learner with the exact prompts", async () => {
    const { page } = session;
    const prompts: string[] = [];
    const answer = async (press: string) => {
      const asked = await answerConfirmation(page, press);
      expect(asked.detail).toBe(learnerEmail);
      prompts.push(asked.question);
    };
    await page.goto(`/admin/users?search=${encodeURIComponent(learnerEmail)}`);
    await adminReady(page, "Learners");
    await expectAccessible(page);
    expect(await hasHorizontalScroll(page)).toBe(false);
    const row = page.locator(`tr[data-email="${learnerEmail}"]`);
    await row.getByRole("button", { name: /^Verify e-mail/ }).click();
    await answer("Verify e-mail");
    await toast(page, "The e-mail is now verified.");
    await row.getByText("Verified", { exact: true }).waitFor();
    await row.getByRole("button", { name: /^Block/ }).click();
    await answer("Block");
    await toast(page, "The user is blocked and signed out everywhere.");
    await row.getByText("Blocked", { exact: true }).waitFor();
    await row.getByRole("button", { name: /^Unblock/ }).click();
    await answer("Unblock");
    await toast(page, "The user is unblocked.");
    expect(prompts).toEqual([
      "Are you sure you want to verify email for this user?",
      "Are you sure you want to block this user?",
      "Are you sure you want to unblock this user?",
    ]);
  });

  it("keeps the editor in the URL across a reload, and collapses and filters the tree", async () => {
    const { page } = session;
    await page.goto("/admin/catalogue");
    await adminReady(page, "Catalogue");
    // Artefacts start closed: their groups and contents show when opened.
    const articleRow = page.getByRole("link", { name: `Edit ${article.title}` });
    expect(await articleRow.count()).toBe(0);
    await page.getByRole("button", { name: `Expand ${artefact.name}` }).click();
    await articleRow.click();
    await page.getByRole("heading", { name: `Edit content: ${article.title}` }).waitFor();
    // The tree's open artefact is in the URL too.
    const url = new URL(page.url());
    expect(url.pathname).toMatch(/^\/admin\/catalogue\/contents\/\d+$/);
    expect(url.search).toMatch(/^\?open=\d+$/);

    await page.reload();
    await page.getByRole("heading", { name: `Edit content: ${article.title}` }).waitFor();
    expect(await page.getByRole("button", { name: `Collapse ${artefact.name}` }).getAttribute("aria-expanded")).toBe(
      "true",
    );

    // The filter keeps what matches and the parents and artefacts it is in, opened.
    await page.getByLabel("Filter the catalogue").fill(article.title.toUpperCase());
    await expect.poll(() => page.locator(".admin-tree__artefact").count()).toBe(1);
    expect(await page.locator(".admin-tree__parent").count()).toBe(1);
    await articleRow.waitFor();
    await page.getByLabel("Filter the catalogue").fill(`no such thing ${tag}`);
    await page.getByText(`Nothing in the catalogue matches “no such thing ${tag}”.`).waitFor();
    await page.getByLabel("Filter the catalogue").fill("");
    await expect.poll(() => page.locator(".admin-tree__parent").count()).toBeGreaterThan(1);
    // Back: the tree as it was before the editor opened (the search replaced its own entry).
    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.has("edit")).toBe(false);
    await page.getByText("Choose Edit or Add on an item to change the catalogue.").waitFor();
  });

  it("edits the article body in the rich-text editor: a word in bold, the paragraph a list item, public once saved", async () => {
    const { page } = session;
    await page.goto("/admin/catalogue");
    await adminReady(page, "Catalogue");
    await page.getByRole("button", { name: `Expand ${artefact.name}` }).click();
    await page.getByRole("link", { name: `Edit ${article.title}` }).click();
    await page.getByRole("heading", { name: `Edit content: ${article.title}` }).waitFor();
    const body = page.getByRole("textbox", { name: "Article body" });
    await body.locator("p", { hasText: "Run the" }).click();
    await page.keyboard.press("Home");
    for (let i = 0; i < 3; i++) await page.keyboard.press("Shift+ArrowRight");
    const toolbar = page.getByRole("toolbar", { name: "Formatting" });
    await toolbar.getByRole("button", { name: "Bold" }).click();
    await body.locator("strong", { hasText: /^Run$/ }).waitFor();
    // The paragraph, still selected, becomes a list item.
    await toolbar.getByRole("button", { name: "Bullet list" }).click();
    await body.locator("li", { hasText: "Run the tests." }).waitFor();
    await page.getByRole("button", { name: "Save content" }).click();
    await toast(page, "Content saved.");

    // The sanitized body, as the public article shows it.
    await page.goto(`/${artefact.slug}/${article.slug}`);
    const article$ = page.locator(".prose").first();
    await expect
      .poll(() => article$.innerHTML())
      .toContain("<ul><li><p><strong>Run</strong> the <strong>tests</strong>.</p></li></ul>");
  });

  it("reorders, refuses to delete a parent with artefacts, exports, and names the line of a bad import", async () => {
    const { page } = session;
    const prompts: string[] = [];
    await page.goto("/admin/catalogue");
    await adminReady(page, "Catalogue");
    const techCards = page.locator(".admin-tree__parent", { hasText: "Tech Cards" }).first();
    const names = () => techCards.locator(".admin-tree__artefact > .admin-tree__row strong").allTextContents();
    const before = await names();
    expect(before.at(-1)).toBe(artefact.name);
    await page.getByRole("button", { name: `Move ${artefact.name} up` }).click();
    await toast(page, "Order saved.");
    await expect.poll(names).toEqual([...before.slice(0, -2), artefact.name, before.at(-2)]);
    await page.getByRole("button", { name: `Move ${artefact.name} down` }).click();
    await expect.poll(names).toEqual(before);

    await page.getByRole("button", { name: "Delete Tech Cards" }).click();
    const deleting = await answerConfirmation(page, "Delete");
    expect(deleting.detail).toBe("Tech Cards");
    prompts.push(deleting.question);
    await toast(page, "Delete or move its artefacts first.", "error");
    allowConsoleErrors(session, /status of 409/);

    const exported = await page.request.get("/api/admin/catalogue/export");
    expect(exported.status()).toBe(200);
    expect(exported.headers()["content-disposition"]).toMatch(/^attachment; filename="skillshelf-catalogue-/);
    expect(await page.getByRole("link", { name: "Export" }).getAttribute("href")).toBe("/api/admin/catalogue/export");

    await page.getByText("Import a catalogue file").click();
    await page.getByLabel("Catalogue file (JSON, as exported)", { exact: true }).setInputFiles({
      name: "broken.json",
      mimeType: "application/json",
      buffer: Buffer.from('{\n  "version": 1,\n  "categories": [\n'),
    });
    await page.getByRole("button", { name: "Import", exact: true }).click();
    const importing = await answerConfirmation(page, "Import");
    expect(importing.detail).toBe("broken.json");
    prompts.push(importing.question);
    await page.locator(".admin-import [role=alert]").waitFor();
    expect(await page.locator(".admin-import [role=alert]").textContent()).toMatch(/\S/);
    allowConsoleErrors(session, /status of 422/);
    // The catalogue is untouched.
    await page.getByRole("link", { name: `Edit ${artefact.name}` }).waitFor();
    expect(prompts).toEqual([
      "Are you sure you want to delete this item?",
      "Importing replaces the whole catalogue. Are you sure?",
    ]);
  });

  it("edits a group and blocks and unblocks the learner with JavaScript off, by plain form posts", async () => {
    const context = await session.browser.newContext({
      baseURL: baseUrl,
      storageState: adminState,
      javaScriptEnabled: false,
    });
    try {
      const page = await context.newPage();
      // What the editor edits is in the URL: the tree's links open it without a script.
      await page.goto("/admin/catalogue");
      await page.getByRole("link", { name: `Edit ${artefact.name}` }).click();
      await page.getByRole("link", { name: `Edit group ${group}` }).click();
      await page.getByRole("heading", { name: `Edit group: ${group}` }).waitFor();
      const price = page.getByLabel("Group price", { exact: true });
      await price.fill("abc");
      await page.getByRole("button", { name: "Save group" }).click();
      // The page comes back with what was typed and the shared schema's message under the field.
      await page.locator(".admin-error", { hasText: "Price must be a number" }).waitFor();
      expect(await price.inputValue()).toBe("abc");
      await price.fill("6");
      await page.getByRole("button", { name: "Save group" }).click();
      // The saved group's editor, with the tree as it was (its artefact open).
      await page.waitForURL(/\/admin\/catalogue\/groups\/\d+\?open=\d+$/);
      expect(await page.locator(".admin-tree__group", { hasText: group }).first().textContent()).toContain("£6.00");

      await page.goto(`/admin/users?search=${encodeURIComponent(learnerEmail)}`);
      const row = page.locator(`tr[data-email="${learnerEmail}"]`);
      await row.getByRole("button", { name: /^Block/ }).click();
      await row.getByText("Blocked", { exact: true }).waitFor();
      expect(new URL(page.url()).search).toBe(`?search=${encodeURIComponent(learnerEmail)}`);
      await row.getByRole("button", { name: /^Unblock/ }).click();
      await row.getByRole("button", { name: /^Block/ }).waitFor();
      expect(await row.getByText("Blocked", { exact: true }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

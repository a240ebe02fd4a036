import type { CategoriesResponse, Category } from "@skillshelf/shared/api.ts";
import { beforeAll, describe, expect, it } from "vitest";
import { inOtherContext, useBrowser } from "../support/browser.ts";
import { getCategories, PARENT_SLUGS } from "../support/public-catalogue.ts";

const LETTERS = Array.from({ length: 26 }, (_, i) => String.fromCharCode(65 + i));
const EMPTY_TEXT = "There is no category related to this Alphabate";

describe("home page", () => {
  const session = useBrowser();
  let categories: CategoriesResponse;
  let artefacts: Category[];

  beforeAll(async () => {
    categories = await getCategories();
    artefacts = categories.data.filter((c) => c.parent_id > 0);
  });

  const list = () => session.page.locator("#categories");
  const letterButton = (letter: string) =>
    session.page
      .getByRole("group", { name: "Filter artefacts by first letter" })
      .getByRole("button", { name: letter, exact: true });
  const shownNames = () =>
    list()
      .locator(".artefact-tile .artefact-tile__name")
      .evaluateAll((names) =>
        names.map((n) => (n.firstChild?.textContent ?? "").trim()).sort((a, b) => a.localeCompare(b)),
      );
  const namesStartingWith = (letter: string) =>
    artefacts
      .filter((a) => a.name.charAt(0).toUpperCase() === letter)
      .map((a) => a.name)
      .sort((a, b) => a.localeCompare(b));

  it("links the six format cards to the six parent categories", async () => {
    const { page } = session;
    await page.goto("/");
    const hrefs = await page.locator(".format-card").evaluateAll((cards) => cards.map((c) => c.getAttribute("href")));
    expect(hrefs).toEqual(PARENT_SLUGS.map((slug) => `/${slug}`));

    await page.locator(`.format-card[href="/${PARENT_SLUGS[3]}"]`).click();
    await page.waitForURL(`/${PARENT_SLUGS[3]}`);
    const parent = categories.data.find((c) => c.slug === PARENT_SLUGS[3]);
    await page.getByRole("heading", { level: 1, name: parent?.name }).waitFor();
  });

  it("has the hero's Explore Courses (new tab) and Explore Categories, which scrolls to the list", async () => {
    const { page } = session;
    await page.goto("/");
    const courses = page.getByRole("link", { name: "Explore Courses (opens in a new tab)" });
    expect(await courses.getAttribute("target")).toBe("_blank");
    expect(await courses.getAttribute("href")).toMatch(/^https?:\/\//);

    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole("link", { name: "Explore Categories" }).click();
    await page.waitForFunction(() => {
      const top = document.getElementById("categories")?.getBoundingClientRect().top ?? -1;
      return window.scrollY > 0 && top >= -2 && top < window.innerHeight / 2;
    });
    await expect(list().getByRole("heading", { level: 2 }).first().textContent()).resolves.toBe(
      "Browse eLearning Artifacts",
    );
  });

  it("lists every artefact under its parent, opening in a new tab, with a count badge only when it has content", async () => {
    const { page } = session;
    await page.goto("/");
    expect(await shownNames()).toEqual(artefacts.map((a) => a.name).sort((a, b) => a.localeCompare(b)));

    for (const parent of categories.data.filter((c) => c.parent_id === 0 && c.content.length > 0)) {
      const group = list()
        .locator(".artefact-group")
        .filter({ has: page.getByRole("heading", { name: parent.name }) });
      const hrefs = await group
        .locator(".artefact-tile")
        .evaluateAll((tiles) => tiles.map((t) => t.getAttribute("href")));
      expect(hrefs).toEqual(parent.content.map((entry) => `/${entry.slug}`));
    }

    for (const artefact of artefacts) {
      const tile = list().locator(`.artefact-tile[href="/${artefact.slug}"]`);
      expect(await tile.getAttribute("target")).toBe("_blank");
      expect(await tile.getAttribute("rel")).toContain("noopener");
      expect(await tile.textContent()).toContain(artefact.single_line);
      const badges = await tile.locator(".count-badge").allTextContents();
      expect(badges).toEqual(artefact.content.length > 0 ? [String(artefact.content.length)] : []);
    }

    const first = artefacts[0];
    if (!first) throw new Error("no artefact");
    const [tab] = await Promise.all([
      page.context().waitForEvent("page"),
      list().locator(`.artefact-tile[href="/${first.slug}"]`).click(),
    ]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe(`/${first.slug}`);
    expect(new URL(page.url()).pathname).toBe("/");
  });

  it("filters artefacts by the first letter of their name, as the API lists them, and clears on a second click", async () => {
    const { page } = session;
    await page.goto("/");
    for (const letter of LETTERS) {
      await letterButton(letter).click();
      await expect.poll(() => letterButton(letter).getAttribute("aria-pressed")).toBe("true");
      const expected = namesStartingWith(letter);
      await expect.poll(shownNames, { message: `artefacts starting with ${letter}` }).toEqual(expected);
      // Each letter is a page of its own (/?letter=D), so back, reload and a shared link keep it.
      expect(new URL(page.url()).search).toBe(`?letter=${letter}`);
      if (expected.length === 0) await list().locator(".empty-state").waitFor();
    }
    // Only the last chosen letter is pressed, and the page stayed where the buttons are.
    const pressed = await page.locator(".letter-filter button[aria-pressed='true']").allTextContents();
    expect(pressed).toEqual(["Z"]);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    await letterButton("Z").click();
    await expect.poll(() => letterButton("Z").getAttribute("aria-pressed")).toBe("false");
    await expect.poll(shownNames).toHaveLength(artefacts.length);
    expect(new URL(page.url()).search).toBe("");
  });

  it("after a client-side navigation home, shows the tiles and filters them the same way", async () => {
    const { page } = session;
    await page.goto(`/${PARENT_SLUGS[0]}`);
    await page.locator("a.brand").click();
    await page.waitForURL("/");
    await expect.poll(shownNames).toEqual(artefacts.map((a) => a.name).sort((a, b) => a.localeCompare(b)));
    // A letter some artefacts start with and others do not.
    const letter = LETTERS.find((l) => namesStartingWith(l).length > 0);
    if (!letter) throw new Error("no artefact starts with a letter");
    await letterButton(letter).click();
    await expect.poll(shownNames).toEqual(namesStartingWith(letter));
    await page.goBack();
    await expect.poll(shownNames).toHaveLength(artefacts.length);
    await page.goForward();
    await expect.poll(shownNames).toEqual(namesStartingWith(letter));
  });

  it("filters by letter without JavaScript: each button loads its letter's page, the pressed one all again", async () => {
    const letter = LETTERS.find((l) => namesStartingWith(l).length > 0);
    if (!letter) throw new Error("no artefact starts with a letter");
    await inOtherContext(session, { javaScriptEnabled: false }, async (page) => {
      await page.goto("/");
      await page
        .getByRole("group", { name: "Filter artefacts by first letter" })
        .getByRole("button", { name: letter, exact: true })
        .click();
      await page.waitForURL((url) => url.searchParams.get("letter") === letter);
      const names = await page
        .locator("#categories .artefact-tile .artefact-tile__name")
        .evaluateAll((found) => found.map((n) => (n.firstChild?.textContent ?? "").trim()));
      expect(names.sort((a, b) => a.localeCompare(b))).toEqual(namesStartingWith(letter));
      const pressed = page.locator(".letter-filter button[aria-pressed='true']");
      expect(await pressed.allTextContents()).toEqual([letter]);
      await pressed.click();
      await page.waitForURL((url) => url.searchParams.get("letter") === "");
      await expect(page.locator("#categories .artefact-tile").count()).resolves.toBe(artefacts.length);
      expect(await page.locator(".letter-filter button[aria-pressed='true']").count()).toBe(0);
    });
  });

  it(`shows exactly '${EMPTY_TEXT}' for a letter with no artefact`, async () => {
    const { page } = session;
    const letter = LETTERS.find((l) => namesStartingWith(l).length === 0);
    if (!letter) throw new Error("Every letter has an artefact in the demo catalogue");
    await page.goto("/");
    await letterButton(letter).click();
    const empty = list().locator(".empty-state");
    await empty.waitFor();
    expect(await empty.textContent()).toBe(EMPTY_TEXT);
    await expect(list().locator(".artefact-tile").count()).resolves.toBe(0);

    await letterButton(letter).click();
    await expect.poll(() => list().locator(".artefact-tile").count()).toBe(artefacts.length);
    await expect(list().locator(".empty-state").count()).resolves.toBe(0);
  });
});

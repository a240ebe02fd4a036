import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { buyFromListing, checkPage, toast, useLearnerBrowser } from "../support/purchase.ts";

/** Zero Trust's articles in the listing's order (the demo catalogue; no other test buys Zero Trust). */
const ARTICLES = [
  { slug: "core-principles", title: "Zero trust principles" },
  { slug: "identity-and-device-trust", title: "Identity and device trust" },
  { slug: "microsegmentation", title: "Microsegmentation" },
] as const;
const pathOf = (i: number) => `/zero-trust/${ARTICLES[i]?.slug}`;

/** Zero Trust's card on My Items. */
async function zeroTrustItem(page: Page) {
  await page.goto("/my-items");
  await page.getByRole("heading", { name: "My Items", level: 1 }).waitFor();
  return page.locator("article.owned-item").filter({ has: page.getByRole("heading", { name: "Zero Trust" }) });
}

/** The article's progress control, once the page's script handles it. */
const progressButton = (page: Page, name: "Mark as done" | "Mark as not done") =>
  page.getByRole("region", { name: "Your progress" }).locator("button[data-enhanced]", { hasText: name });

/**
 * Clicks the control and waits for the store to answer: the button turns at
 * once, and a context closed (or a page left) sooner may cancel the request.
 */
async function markAndSave(page: Page, name: "Mark as done" | "Mark as not done") {
  const saved = page.waitForResponse(
    (r) => r.request().method() === "POST" && r.url().includes(new URL(page.url()).pathname),
  );
  await progressButton(page, name).click();
  expect((await saved).ok()).toBe(true);
}

/**
 * Scrolls up from the article's end and back down past it, and waits until the
 * page has seen it all: each scroll ended (scrollend), the article's end on
 * screen as an IntersectionObserver of the test's own last reported it (the
 * page's own observers hear in the same task, its scroll listeners before),
 * and the frames after.
 */
async function scrollPastTheEndAgain(page: Page) {
  await page.evaluate(() => {
    const end = document.querySelector(".article-progress__end");
    if (!end) throw new Error("no article end");
    const seen = { scrollEnds: [] as number[], endOnScreen: [] as boolean[] };
    Object.assign(window, { seen });
    window.addEventListener("scrollend", () => seen.scrollEnds.push(window.scrollY));
    new IntersectionObserver((entries) => {
      for (const entry of entries) seen.endOnScreen.push(entry.isIntersecting);
    }).observe(end);
  });
  const seen = () =>
    page.evaluate(() => (window as unknown as { seen: { scrollEnds: number[]; endOnScreen: boolean[] } }).seen);
  const atStart = await page.evaluate(() => window.scrollY);
  await expect.poll(async () => (await seen()).endOnScreen, { timeout: 10_000 }).toEqual([true]);
  await page.mouse.wheel(0, -400);
  await expect.poll(async () => (await seen()).scrollEnds.length, { timeout: 10_000 }).toBe(1);
  await page.mouse.wheel(0, 800);
  await expect.poll(async () => (await seen()).scrollEnds.length, { timeout: 10_000 }).toBe(2);
  const { scrollEnds } = await seen();
  expect(scrollEnds[0]).toBeLessThan(atStart);
  expect(scrollEnds[1]).toBeGreaterThanOrEqual(atStart);
  await expect.poll(async () => (await seen()).endOnScreen.at(-1), { timeout: 10_000 }).toBe(true);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * A learner reads what they bought: marks an article done, sees it on the
 * listing and on My Items, Continue opens the next one, and reading to the
 * end of an article marks it too. Progress is the store's, so a new browser
 * context (another device) sees it.
 */
describe("a learner's reading progress", () => {
  const session = useLearnerBrowser();

  it("starts a bought artefact at 0 of 3, Continue opening its first article", async () => {
    const { page } = session;
    await buyFromListing(page, {
      slug: "zero-trust",
      method: { value: "card", label: "Credit or debit card", provider: "stripe" },
      name: "Zero Trust",
      price: "£19.00",
    });
    const item = await zeroTrustItem(page);
    expect(await item.getByRole("progressbar", { name: "0 of 3 articles done" }).getAttribute("value")).toBe("0");
    expect(await item.textContent()).toContain(`Next: ${ARTICLES[0].title}`);
    await checkPage(page);
    await item.getByRole("link", { name: "Continue with Zero Trust" }).click();
    await page.waitForURL(new RegExp(`${pathOf(0)}$`));
  });

  it("marks an article done with Mark as done, shows it Done on the article and the listing, and undoes it", async () => {
    const { page } = session;
    // The article's end on screen as it opens, so that the click scrolls nothing: scrolling to the end
    // marks the article done too, and a click landing after that mark was saved would undo it.
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: viewport?.width ?? 1280, height: 2400 });
    await page.goto(pathOf(0));
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight)).toBe(true);
    await progressButton(page, "Mark as done").click();
    await toast(page, "Marked as done.");
    await progressButton(page, "Mark as not done").waitFor();
    // Done now: the rest of this visit, and the next ones, mark nothing by scrolling.
    if (viewport) await page.setViewportSize(viewport);
    expect(await page.getByRole("region", { name: "Your progress" }).textContent()).toContain("Done");
    await checkPage(page);

    await page.goto("/zero-trust");
    const card = (i: number) =>
      page.locator("article.content-card").filter({ has: page.getByRole("heading", { name: ARTICLES[i]?.title }) });
    expect(await card(0).getByRole("heading").textContent()).toBe(`${ARTICLES[0].title} Done`);
    expect(await card(1).getByRole("heading").textContent()).toBe(ARTICLES[1].title);
    expect(await page.getByText("Done", { exact: true }).count()).toBe(1);
    await checkPage(page);

    await page.goto(pathOf(0));
    await progressButton(page, "Mark as not done").click();
    await toast(page, "Marked as not done.");
    await progressButton(page, "Mark as done").waitFor();
    await markAndSave(page, "Mark as done");
    await progressButton(page, "Mark as not done").waitFor();
  });

  it("counts it on My Items, where Continue opens the next article, which reading to its end marks done", async () => {
    const { page } = session;
    // A fresh browser context (another device, as far as the page knows): the store has the progress.
    let item = await zeroTrustItem(page);
    await item.getByRole("progressbar", { name: "1 of 3 articles done" }).waitFor();
    await item.getByRole("link", { name: "Continue with Zero Trust" }).click();
    await page.waitForURL(new RegExp(`${pathOf(1)}$`));
    await page.getByRole("heading", { name: ARTICLES[1].title, level: 1 }).waitFor();
    await progressButton(page, "Mark as done").waitFor();

    // Opening it is not reading it: scrolling to its end is.
    await page.getByRole("region", { name: "Your progress" }).scrollIntoViewIfNeeded();
    await toast(page, "Marked as done.");
    await progressButton(page, "Mark as not done").waitFor();
    // Once: marked not done by the learner, it stays so while they scroll past the end again.
    await progressButton(page, "Mark as not done").click();
    await toast(page, "Marked as not done.");
    await progressButton(page, "Mark as done").waitFor();
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await scrollPastTheEndAgain(page);
    expect(await progressButton(page, "Mark as done").count()).toBe(1);
    expect(posts).toEqual([]);
    await markAndSave(page, "Mark as done");
    await progressButton(page, "Mark as not done").waitFor();

    item = await zeroTrustItem(page);
    await item.getByRole("progressbar", { name: "2 of 3 articles done" }).waitFor();
    expect(await item.textContent()).toContain(`Next: ${ARTICLES[2].title}`);
    expect(await item.getByRole("link", { name: "Continue with Zero Trust" }).getAttribute("href")).toBe(pathOf(2));
    await checkPage(page);
  });
});

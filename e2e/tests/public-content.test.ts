import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, useBrowser } from "../support/browser.ts";
import {
  type ArticleRef,
  articlePath,
  imagesOf,
  loadArticles,
  pdfsOf,
  pick,
  rawGet,
} from "../support/public-catalogue.ts";

describe("content detail", () => {
  const session = useBrowser();
  let articles: ArticleRef[];

  beforeAll(async () => {
    articles = await loadArticles();
  });

  const withRelated = () => pick(articles, "article with related content", (a) => a.detail.related.length > 1);
  const freeWithImages = () =>
    pick(articles, "free article with images", (a) => a.detail.is_payment_paid && imagesOf(a).length > 0);
  const freeWithPdfs = () =>
    pick(articles, "free article with PDFs", (a) => a.detail.is_payment_paid && pdfsOf(a).length > 0);
  const lockedWithMedia = () =>
    pick(
      articles,
      "priced article with images and PDFs",
      (a) => !a.detail.is_payment_paid && imagesOf(a).length > 0 && pdfsOf(a).length > 0,
    );
  const shareButton = () => session.page.getByRole("button", { name: "Share" });
  const sharePanel = () => session.page.locator(".share-menu__panel");

  it("shows the banner with title and short description, Browse Courses in a new tab, and Back to the listing", async () => {
    const { page } = session;
    const article = withRelated();
    const { data } = article.detail;
    await page.goto(articlePath(article));
    const banner = page.locator(".page-hero");
    await expect(banner.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(data.title);
    await expect(banner.locator(".page-hero__lead").textContent()).resolves.toBe(data.short_description);

    const courses = banner.getByRole("link", { name: "Browse Courses (opens in a new tab)" });
    expect(await courses.getAttribute("target")).toBe("_blank");
    expect(await courses.getAttribute("href")).toMatch(/^https?:\/\//);

    const back = banner.getByRole("link", { name: `Back to ${article.artefact.name}` });
    expect(await back.getAttribute("href")).toBe(`/${article.artefact.slug}`);
    await back.click();
    await page.waitForURL(`/${article.artefact.slug}`);
    await page.getByRole("heading", { level: 1, name: article.artefact.name }).waitFor();
  });

  it("shares the page's address on four targets, and closes the menu on an outside click and on Escape", async () => {
    const { page } = session;
    const article = withRelated();
    const { title } = article.detail.data;
    const url = `${baseUrl}${articlePath(article)}`;
    await page.goto(articlePath(article));

    expect(await sharePanel().isVisible()).toBe(false);
    await shareButton().click();
    await sharePanel().waitFor({ state: "visible" });
    expect(await shareButton().getAttribute("aria-expanded")).toBe("true");

    const hrefOf = async (name: string) =>
      new URL((await sharePanel().getByRole("link", { name }).getAttribute("href")) ?? "");
    const names = await sharePanel()
      .getByRole("link")
      .evaluateAll((links) =>
        links.map((link) => {
          const visible = link.cloneNode(true) as HTMLElement;
          for (const hidden of Array.from(visible.querySelectorAll(".sr-only"))) hidden.remove();
          return visible.textContent?.trim();
        }),
      );
    expect(names).toEqual(["Facebook", "X (Twitter)", "WhatsApp", "Email"]);

    const facebook = await hrefOf("Facebook");
    expect(facebook.hostname).toMatch(/(^|\.)facebook\.com$/);
    expect(facebook.pathname).toBe("/sharer/sharer.php");
    expect(facebook.searchParams.get("u")).toBe(url);
    expect(facebook.searchParams.get("hashtag")).toMatch(/^#\w+$/);

    const x = await hrefOf("X (Twitter)");
    expect(x.hostname).toMatch(/^(twitter|x)\.com$/);
    expect(x.pathname).toMatch(/^\/intent\/(tweet|post)$/);
    expect(x.searchParams.get("text")).toBe(title);
    expect(x.searchParams.get("url")).toBe(url);

    const whatsapp = await hrefOf("WhatsApp");
    expect(whatsapp.hostname).toMatch(/\.whatsapp\.com$/);
    expect(whatsapp.searchParams.get("text")).toBe(`${title} ${url}`);

    const email = await hrefOf("Email");
    expect(email.protocol).toBe("mailto:");
    expect(email.searchParams.get("subject")).toBe(title);
    expect(email.searchParams.get("body")).toContain(url);

    await page.locator("article.prose").click();
    await sharePanel().waitFor({ state: "hidden" });
    expect(await shareButton().getAttribute("aria-expanded")).toBe("false");

    await shareButton().click();
    await sharePanel().waitFor({ state: "visible" });
    await page.keyboard.press("Escape");
    await sharePanel().waitFor({ state: "hidden" });
    expect(await shareButton().evaluate((b) => b === document.activeElement)).toBe(true);
  });

  it("shares on WhatsApp's mobile endpoint from a phone and its web one from a desktop, from the same cached page", async () => {
    const article = withRelated();
    const phone = await session.browser.newContext({
      baseURL: baseUrl,
      userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
    });
    try {
      const hosts: string[] = [];
      for (const page of [session.page, await phone.newPage()]) {
        await page.goto(articlePath(article));
        await page.getByRole("button", { name: "Share" }).click();
        const link = page.locator(".share-menu__panel").getByRole("link", { name: "WhatsApp" });
        hosts.push(new URL((await link.getAttribute("href")) ?? "").hostname);
      }
      expect(hosts).toEqual(["web.whatsapp.com", "api.whatsapp.com"]);
    } finally {
      await phone.close();
    }
  });

  it("numbers the related content, each linking to its article", async () => {
    const { page } = session;
    const article = withRelated();
    await page.goto(articlePath(article));
    const aside = page
      .getByRole("complementary")
      .filter({ has: page.getByRole("heading", { name: "Related Content" }) });
    const entries = await aside
      .locator("ol > li > a")
      .evaluateAll((links) => links.map((l) => ({ title: l.textContent, href: l.getAttribute("href") })));
    expect(entries).toEqual(
      article.detail.related.map((r) => ({ title: r.title, href: `/${r.category_slug}/${r.slug}` })),
    );

    const next = article.detail.related[0];
    if (!next) throw new Error("no related content");
    await aside.getByRole("link", { name: next.title }).click();
    await page.waitForURL(`/${next.category_slug}/${next.slug}`);
    await page.getByRole("heading", { level: 1, name: next.title }).waitFor();
  });

  it("says 'No related data found.' for an article without related content", async () => {
    const { page } = session;
    const article = pick(articles, "article without related content", (a) => a.detail.related.length === 0);
    await page.goto(articlePath(article));
    const aside = page
      .getByRole("complementary")
      .filter({ has: page.getByRole("heading", { name: "Related Content" }) });
    await expect(aside.locator(".related__empty").textContent()).resolves.toBe("No related data found.");
    await expect(aside.locator("ol").count()).resolves.toBe(0);
  });

  it("renders the article body as HTML", async () => {
    const { page } = session;
    const article = withRelated();
    await page.goto(articlePath(article));
    const body = page.locator("article.prose");
    const headings = [...article.detail.data.description.matchAll(/<h2[^>]*>([^<]+)<\/h2>/g)].map((m) => m[1]?.trim());
    expect(headings.length).toBeGreaterThan(0);
    expect((await body.locator("h2").allTextContents()).map((t) => t.trim())).toEqual(expect.arrayContaining(headings));
    // Markup, not escaped text.
    expect(await body.textContent()).not.toMatch(/<\/?(h2|p|ul|code)>/);
    await expect(body.locator("script").count()).resolves.toBe(0);
  });

  it("shows a free article's images as 150x150 thumbnails that open a full view, closed by its button and Escape", async () => {
    const { page } = session;
    const article = freeWithImages();
    const image = imagesOf(article)[0];
    if (!image) throw new Error("no image");
    await page.goto(articlePath(article));
    await page.getByRole("heading", { level: 2, name: "Artifacts Image's" }).waitFor();

    const thumb = page.getByRole("button", { name: `View ${image.name} full size` });
    // The thumbnail is a 150 px square; the whole picture shows inside its 1 px frame, not a crop.
    const frame = await thumb.boundingBox();
    expect(frame && [Math.round(frame.width), Math.round(frame.height)]).toEqual([150, 150]);
    const picture = await thumb.locator("img").boundingBox();
    expect(picture?.width).toBeGreaterThanOrEqual(148);
    expect(picture?.height).toBeGreaterThanOrEqual(148);
    expect(await thumb.locator("img").evaluate((img) => getComputedStyle(img).objectFit)).toBe("contain");
    expect(await thumb.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
      true,
    );

    // The image itself: served to this visitor as a PNG.
    const src = (await thumb.locator("img").getAttribute("src")) ?? "";
    expect(src).toMatch(/^\/media\/\d+\?/);
    const served = await fetch(`${baseUrl}${src}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");

    const dialog = page.getByRole("dialog", { name: "Image preview" });
    await thumb.click();
    await dialog.waitFor({ state: "visible" });
    expect(await dialog.locator("img").getAttribute("src")).toBe(src);
    await expectWithinViewer(page);
    await dialog.getByRole("button", { name: "Close image preview" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await thumb.evaluate((b) => b === document.activeElement)).toBe(true);

    // In a small window the full view shrinks to at most 90vw by 80vh.
    await page.setViewportSize({ width: 400, height: 300 });
    await thumb.click();
    await dialog.waitFor({ state: "visible" });
    await expectWithinViewer(page);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
  });

  it("links a free article's PDFs in a new tab, served as application/pdf", async () => {
    const { page } = session;
    const article = freeWithPdfs();
    await page.goto(articlePath(article));
    await page.getByRole("heading", { level: 2, name: "Artifacts PDF's" }).waitFor();
    const tiles = page.locator("a.pdf-tile");
    await expect(tiles.count()).resolves.toBe(pdfsOf(article).length);
    for (const tile of await tiles.all()) {
      expect(await tile.getAttribute("target")).toBe("_blank");
      const href = (await tile.getAttribute("href")) ?? "";
      expect(href).toMatch(/^\/media\/\d+\?/);
      const served = await fetch(`${baseUrl}${href}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("application/pdf");
      expect(
        Buffer.from(await served.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
    }
  });

  it("shows a visitor placeholders and locked PDFs on a priced article, and no media address at all", async () => {
    const { page } = session;
    const article = lockedWithMedia();
    await page.goto(articlePath(article));
    await page.getByRole("heading", { level: 2, name: "Artifacts Image's" }).waitFor();

    const placeholders = new Set<string>();
    for (const image of imagesOf(article)) {
      const placeholder = page.getByRole("img", { name: `${image.name}: locked, unlocks after purchase` });
      placeholders.add((await placeholder.getAttribute("src")) ?? "");
      const box = await placeholder.boundingBox();
      expect(box && Math.round(box.width)).toBe(150);
    }
    // One picture for every locked thumbnail: a static image of the web app, not the media.
    expect([...placeholders]).toEqual([expect.stringMatching(/^\/assets\/locked-image-[\w-]+\.svg$/)]);
    const picture = await rawGet([...placeholders][0] ?? "", { accept: "image/*" });
    expect([picture.status, picture.headers["content-type"]]).toEqual([200, "image/svg+xml"]);
    await expect(page.getByRole("button", { name: /full size/ }).count()).resolves.toBe(0);

    const locked = page.locator(".pdf-tile--locked");
    await expect(locked.count()).resolves.toBe(pdfsOf(article).length);
    await expect(page.locator("a.pdf-tile").count()).resolves.toBe(0);
    expect(await locked.first().textContent()).toContain("Locked: unlocks after purchase");
    await expect(locked.first().locator("a").count()).resolves.toBe(0);
    const pagesBefore = page.context().pages().length;
    await locked.first().click();
    expect(page.context().pages()).toHaveLength(pagesBefore);
    expect(new URL(page.url()).pathname).toBe(articlePath(article));

    // Neither the rendered page nor the server's HTML (with its hydration data) names a media file.
    expect(await page.content()).not.toContain("/media/");
    expect((await rawGet(articlePath(article))).body).not.toContain("/media/");
  });

  it("refuses a priced article's media to a visitor, even with a made-up signature", async () => {
    const article = lockedWithMedia();
    const expires = Math.floor(Date.now() / 1000) + 3600;
    for (const media of article.detail.data.content_media) {
      expect(media.path).toBeNull();
      for (const query of [`?expires=${expires}&signature=bogus`, ""]) {
        const response = await fetch(`${baseUrl}/media/${media.id}${query}`);
        expect(response.status, `/media/${media.id}${query}`).toBe(403);
        expect(response.headers.get("content-type")).not.toMatch(/^(image|application\/pdf)/);
      }
    }
  });
});

/** The open full view's image fits 90vw by 80vh (SPEC.md section 9). */
async function expectWithinViewer(page: Page) {
  const image = page.getByRole("dialog", { name: "Image preview" }).locator("img");
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const box = await image.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error("the full view has no size");
  expect(box.width).toBeGreaterThan(0);
  expect(box.width).toBeLessThanOrEqual(viewport.width * 0.9 + 0.5);
  expect(box.height).toBeLessThanOrEqual(viewport.height * 0.8 + 0.5);
  // Fully on screen.
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
}

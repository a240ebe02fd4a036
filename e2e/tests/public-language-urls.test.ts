import { type LanguageCode, languagePath } from "@skillshelf/shared/i18n/languages.ts";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, expectAccessible, inOtherContext, useBrowser } from "../support/browser.ts";
import { type ArticleRef, articlePath, loadArticles, pick } from "../support/public-catalogue.ts";
import { allowConsoleErrors } from "../support/purchase.ts";

/*
 * Each language's pages at their own URLs (/es/…, /fr/…; English unprefixed): the footer's
 * switcher goes to the same page in another language, with and without JavaScript, and an
 * English URL offers a first visit the page in the browser's language.
 */

describe("the store's language URLs", () => {
  const session = useBrowser();
  let articles: ArticleRef[];

  beforeAll(async () => {
    articles = await loadArticles();
  });

  /** Every kind of public page, by its English path: home, both listings, an article, More.., search, the guest forms, a 404. */
  const pageTypes = () => {
    const article = pick(articles, "an article", () => true);
    return [
      "/",
      "/tech-cards",
      `/${article.artefact.slug}`,
      articlePath(article),
      "/more",
      "/search?q=docker",
      "/login",
      "/registration",
      "/forgot-password",
      "/reset-password/not-a-token",
      "/no-such-page",
    ];
  };

  const lang = (page: Page) => page.getAttribute("html", "lang");
  /** Picks `code` in the footer's switcher and waits for the page at `to`. */
  async function switchTo(page: Page, code: LanguageCode, to: string) {
    await page.locator("#language-switcher").selectOption(code);
    await Promise.all([
      page.waitForURL((url) => url.pathname + url.search === to),
      page.locator("form.language-switcher button[type=submit]").click(),
    ]);
    expect(await lang(page), to).toBe(code);
    // The page it shows is that URL's own: a public page's canonical link says so.
    const canonical = page.locator('link[rel="canonical"]');
    if ((await canonical.count()) > 0) {
      expect(new URL((await canonical.getAttribute("href")) ?? "").pathname, to).toBe(new URL(to, baseUrl).pathname);
    }
  }

  for (const javaScriptEnabled of [true, false]) {
    it(`takes a French visitor from every kind of page to the same page in Spanish and English ${javaScriptEnabled ? "with" : "without"} JavaScript`, async () => {
      await inOtherContext(session, { javaScriptEnabled, locale: "fr-FR" }, async (page) => {
        for (const path of pageTypes()) {
          const french = languagePath("fr", path);
          const answer = await page.goto(french);
          expect(answer?.status(), french).toBe(path === "/no-such-page" ? 404 : 200);
          expect(await lang(page), french).toBe("fr");
          await page.getByRole("button", { name: "Changer" }).waitFor();
          await switchTo(page, "es", languagePath("es", path));
          await page.getByRole("button", { name: "Cambiar" }).waitFor();
          await switchTo(page, "en", path);
          // English chosen: the English URL offers the French browser nothing more.
          expect(await page.locator(".language-notice").count(), path).toBe(0);
          await page.getByRole("button", { name: "Change" }).waitFor();
        }
      });
      // The 404 page in each language, as the browser reports it.
      allowConsoleErrors(session, /status of 404/);
    });
  }

  it("keeps a Spanish page's links in Spanish as the visitor moves through the store with JavaScript", async () => {
    const { page } = session;
    const article = pick(articles, "an article", () => true);
    await page.goto("/es");
    await page.locator(`a[href="/es/${article.artefact.slug}"]`).first().waitFor();
    await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Tarjetas técnicas" }).click();
    await page.waitForURL((url) => url.pathname === "/es/tech-cards");
    expect(await lang(page)).toBe("es");
    await page.locator("a.brand").click();
    await page.waitForURL((url) => url.pathname === "/es");
    await page.getByRole("heading", { name: "Explora los recursos de eLearning" }).waitFor();
  });

  for (const javaScriptEnabled of [true, false]) {
    it(`offers a Spanish browser's first visit to an English URL the Spanish page, and forgets it on "No, gracias" ${javaScriptEnabled ? "with" : "without"} JavaScript`, async () => {
      await inOtherContext(session, { javaScriptEnabled, locale: "es-ES" }, async (page) => {
        await page.goto("/tech-cards");
        expect(await lang(page)).toBe("en");
        const notice = page.locator('.language-notice[lang="es"]');
        await notice.getByText("Esta página también está en español.").waitFor();
        // In Spanish inside an English page, and as accessible as the rest (axe runs as the page's script).
        if (javaScriptEnabled) await expectAccessible(page);
        await Promise.all([
          page.waitForURL((url) => url.pathname === "/es/tech-cards"),
          notice.getByRole("link", { name: "Leerla en español" }).click(),
        ]);
        await page.locator('html[lang="es"]').waitFor({ state: "attached" });
        await page.getByRole("heading", { level: 1 }).waitFor();
        expect(await page.locator(".language-notice").count()).toBe(0);

        await page.goto("/tech-cards");
        await notice.getByRole("button", { name: "No, gracias" }).click();
        await notice.waitFor({ state: "detached" });
        expect(new URL(page.url()).pathname).toBe("/tech-cards");
        // Remembered: the next English page comes without it.
        await expect
          .poll(async () => (await page.context().cookies()).find((cookie) => cookie.name === "lang")?.value)
          .toBe("en");
        await page.goto("/more");
        await page.getByRole("heading", { level: 1 }).waitFor();
        expect(await page.locator(".language-notice").count()).toBe(0);
      });
    });
  }
});

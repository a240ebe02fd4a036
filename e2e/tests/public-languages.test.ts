import { beforeAll, describe, expect, it } from "vitest";
import { formReady } from "../support/accounts.ts";
import { adminReady } from "../support/admin.ts";
import { expectAccessible, useBrowser } from "../support/browser.ts";
import { type ArticleRef, articlePath, loadArticles, pick } from "../support/public-catalogue.ts";
import { allowConsoleErrors, sessionState } from "../support/purchase.ts";
import { SPANISH_LEARNER, SPANISH_OPERATOR } from "../support/seed-languages.ts";

describe("the store in Spanish and French", () => {
  const session = useBrowser();
  let articles: ArticleRef[];

  beforeAll(async () => {
    articles = await loadArticles();
  });

  it("lets a guest pick Español in the footer: the Spanish home's URL, kept on reload and on the next page", async () => {
    const { page } = session;
    await page.goto("/");
    expect(await page.getAttribute("html", "lang")).toBe("en");
    await page.getByLabel("Language").selectOption("es");
    await Promise.all([
      page.waitForURL((url) => url.pathname === "/es" && url.search === ""),
      page.getByRole("button", { name: "Change" }).click(),
    ]);
    expect(await page.getAttribute("html", "lang")).toBe("es");
    await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Categorías" }).waitFor();
    await page.getByRole("heading", { name: "Explora los recursos de eLearning" }).waitFor();

    await page.reload();
    expect(await page.getAttribute("html", "lang")).toBe("es");
    await Promise.all([
      page.waitForURL((url) => url.pathname === "/es/tech-cards"),
      page.getByRole("link", { name: "Tarjetas técnicas" }).first().click(),
    ]);
    expect(await page.getAttribute("html", "lang")).toBe("es");
    await page.getByRole("link", { name: "Ver cursos" }).first().waitFor();
    // The page's script runs in Spanish too: the hydration found the same texts.
    await page.getByRole("button", { name: "Cambiar" }).waitFor();
  });

  it("shows a learner whose setting is Spanish the store in Spanish", async () => {
    const { page, context } = session;
    await context.addCookies(sessionState(SPANISH_LEARNER.sessionToken).cookies);
    await page.goto("/");
    expect(await page.getAttribute("html", "lang")).toBe("es");
    await page.getByRole("button", { name: "Cerrar sesión" }).waitFor();
    await page.getByRole("link", { name: "Ajustes de idioma" }).waitFor();
  });

  it("gives a Spanish learner their account pages in Spanish: no serious axe violation, and the forms' messages and toasts", async () => {
    const { page, context } = session;
    await context.addCookies(sessionState(SPANISH_LEARNER.sessionToken).cookies);
    for (const path of ["/dashboard", "/my-items", "/my-orders", "/notifications", "/settings", "/cart"]) {
      await page.goto(path);
      expect(await page.getAttribute("html", "lang"), path).toBe("es");
      await expectAccessible(page);
    }
    await page.goto("/dashboard");
    await formReady(page);
    await page.getByRole("tab", { name: "Contraseña" }).click();
    const password = page.getByRole("form", { name: "Cambiar contraseña" });
    await password.getByRole("button", { name: "Cambiar contraseña" }).click();
    await password.locator(".field__error", { hasText: "La contraseña actual es obligatoria." }).waitFor();
    await page.getByRole("tab", { name: "Perfil" }).click();
    const profile = page.getByRole("form", { name: "Perfil" });
    await profile.getByLabel("Teléfono").fill("+34 600 000 000");
    await profile.getByRole("button", { name: "Guardar perfil" }).click();
    await page.locator(".toast", { hasText: "Perfil actualizado correctamente." }).waitFor();
  });

  it("tells a Spanish operator, in Spanish, whose slug a new artefact would take (a message that carries a value)", async () => {
    const { page, context } = session;
    await context.addCookies(sessionState(SPANISH_OPERATOR.sessionToken).cookies);
    await page.goto("/admin/catalogue");
    expect(await page.getAttribute("html", "lang")).toBe("es");
    await adminReady(page, "Catálogo");
    await page.getByRole("link", { name: "Añadir artefacto a Tech Cards" }).click();
    const form = page.locator("main form", { has: page.getByRole("button", { name: "Crear artefacto" }) });
    await form.locator('input[name="name"]').fill("Otra colección");
    await form.locator('input[name="slug"]').fill("tech-cards");
    await form.getByRole("button", { name: "Crear artefacto" }).click();
    // The store answers in English (CONTRACT.md); the page shows it in the operator's language.
    await page.getByText("Este slug ya lo usa «Tech Cards».").first().waitFor();
    expect(await page.getByText('This slug is already used by "Tech Cards".').count()).toBe(0);
    allowConsoleErrors(session, /status of 422/);
  });

  for (const lang of ["es", "fr"] as const) {
    it(`has no serious or critical axe violation on home, a listing and an article in ${lang}`, async () => {
      const { page } = session;
      const article = pick(articles, "article with images", (a) => a.detail.data.content_media.length > 0);
      for (const path of [
        `/${lang}`,
        `/${lang}/tech-cards`,
        `/${lang}/${article.artefact.slug}`,
        `/${lang}${articlePath(article)}`,
      ]) {
        await page.goto(path);
        expect(await page.getAttribute("html", "lang"), path).toBe(lang);
        await expectAccessible(page);
      }
    });
  }
});

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formReady, PASSWORD, uniqueEmail, waitForMail } from "../support/accounts.ts";
import { baseUrl, useBrowser } from "../support/browser.ts";
import { fact, onEmulatorPage, pdfDraws, toast } from "../support/purchase.ts";

/** The header's cart link in Spanish: its name carries the badge's count. */
const spanishCartLink = (page: Page, count: number) =>
  page.getByRole("link", { name: count > 0 ? `Carrito, ${count} artículos` : "Carrito", exact: true });

/** The registration form's and the mail's name: a Spanish learner. */
const NAME = "Álvaro Núñez";

/**
 * A Spanish learner's whole way through the store, never meeting English: registering from the
 * Spanish registration page, the welcome mail, signing in, buying Docker by card, the order's
 * mail, reading an article of Docker (whose articles the demo ships in Spanish) with its media,
 * and the invoice PDF.
 */
describe("a learner who registers from a Spanish page", () => {
  const session = useBrowser();

  it("registers, buys, reads and gets their mails and invoice in Spanish", async () => {
    const { page, context } = session;
    // An address of its own: the suite's other registrations count against the loopback's hourly limit.
    await context.setExtraHTTPHeaders({ "x-forwarded-for": "192.0.2.44" });
    const email = uniqueEmail("espanol");

    await page.goto("/es/registration");
    expect(await page.getAttribute("html", "lang")).toBe("es");
    await formReady(page);
    await page.getByLabel("Nombre completo").fill(NAME);
    await page.getByLabel("Correo electrónico", { exact: true }).fill(email);
    await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirmar contraseña", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    await toast(page, "Registro completado. Inicia sesión.");

    const welcome = await waitForMail(email, /^Bienvenida a Skillshelf$/);
    expect(welcome.raw).toContain(`Hola, ${NAME}:`);
    expect(welcome.raw).toMatch(/<html [^>]*lang="es"/);
    // Its link signs in on the Spanish sign-in page.
    expect(welcome.raw).toContain(`${baseUrl}/es/login`);

    await page.goto("/es/login");
    await formReady(page);
    await page.getByLabel("Correo electrónico", { exact: true }).fill(email);
    await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
    await page.getByRole("button", { name: "Cerrar sesión" }).waitFor();

    // Signed in, the English URLs follow the account's language: the one registration kept.
    await page.goto("/docker");
    expect(await page.getAttribute("html", "lang")).toBe("es");
    await page.getByText("Imágenes, capas, volúmenes y builds multietapa en tarjetas de bolsillo.").first().waitFor();
    await spanishCartLink(page, 0).waitFor();
    await page.locator(".page-hero button[data-enhanced]", { hasText: "Añadir al carrito" }).click();
    await toast(page, "Añadido al carrito.");
    await spanishCartLink(page, 1).click();
    await page.waitForURL(/\/cart$/);
    await page.getByRole("button", { name: "Ir a pagar" }).click();
    await page.getByRole("heading", { name: "Completa tu compra" }).waitFor();
    await page.getByRole("button", { name: "Completar compra" }).click();
    await onEmulatorPage(page, "stripe", "Pagar", /^Los pagos están emulados/);
    await page.waitForURL(/\/payment-confirmation\?order=\d+$/);
    const orderId = new URL(page.url()).searchParams.get("order");
    await page.getByRole("heading", { name: "¡Pago realizado!" }).waitFor();
    const number = await fact(page, "Número de pedido");
    expect(number).not.toBe("");

    const receipt = await waitForMail(email, new RegExp(`^Tu pedido de Skillshelf ${number}$`));
    expect(receipt.raw).toContain(`Hola, ${NAME}:`);
    expect(receipt.raw).toMatch(/<html [^>]*lang="es"/);

    // Docker's article in Spanish, its images and PDF unlocked, named by their Spanish captions.
    await page.goto("/es/docker/image-layers");
    await page.getByRole("heading", { level: 1, name: "Capas de la imagen y la caché de build" }).waitFor();
    await page.getByRole("link", { name: /docker-chuleta\.pdf/ }).waitFor();
    // Nothing of the article is English: its related links may be (Kubernetes is not translated).
    expect(await page.locator("h1[lang='en'], .prose[lang='en'], .pdf-tile [lang='en']").count()).toBe(0);

    await page.goto(`/order-details/${orderId}`);
    const invoice = await page.request.get(
      (await page.getByRole("link", { name: "Descargar factura (PDF)" }).getAttribute("href")) ?? "",
    );
    expect(invoice.headers()["content-type"]).toBe("application/pdf");
    const pdf = await invoice.body();
    expect(await pdfDraws(pdf, "Factura")).toBe(true);
    expect(await pdfDraws(pdf, NAME)).toBe(true);
  });
});

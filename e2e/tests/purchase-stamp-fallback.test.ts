import { describe, expect, it } from "vitest";
import { type Bought, buyFromListing, LEARNER, pdfDraws, useLearnerBrowser } from "../support/purchase.ts";
import { STAMP_FALLBACK, UNREADABLE_PDF } from "../support/seed-guarantees.ts";

/**
 * "Paid PDFs are served stamped … never blocking the download when stamping
 * fails", end to end: the shared purchase learner buys Stamp Fallback
 * Handouts (seed-guarantees.ts; no other file buys it), whose article carries
 * a PDF the store stamps and one that starts like a PDF but that pdf-lib
 * cannot parse. The first comes back stamped; the second comes back as it was
 * uploaded, whole, as a PDF. (The failure's log line is checked by the API
 * test stamped-pdfs.test.ts: the e2e store's log is not read here.)
 */
describe("a paid PDF the store cannot stamp", () => {
  const session = useLearnerBrowser();
  let bought: Bought;
  const articlePath = `/${STAMP_FALLBACK.slug}/${STAMP_FALLBACK.article.slug}`;

  /** The article's unlocked PDF tile with this name, and its signed link. */
  async function pdfLink(name: string): Promise<string> {
    const tile = session.page.locator("a.pdf-tile", { hasText: name });
    await tile.waitFor();
    expect(await tile.getAttribute("target")).toBe("_blank");
    const href = (await tile.getAttribute("href")) ?? "";
    expect(href).toMatch(/^\/media\//);
    return href;
  }

  it("is bought like any other", async () => {
    bought = await buyFromListing(session.page, {
      slug: STAMP_FALLBACK.slug,
      method: { value: "card", label: "Credit or debit card", provider: "stripe" },
      name: STAMP_FALLBACK.name,
      price: STAMP_FALLBACK.price,
    });
  });

  it("downloads as it was uploaded, whole and as a PDF, while a readable PDF beside it comes stamped", async () => {
    const { page } = session;
    await page.goto(articlePath);
    await page.getByRole("heading", { name: STAMP_FALLBACK.article.title, level: 1 }).waitFor();
    expect(await page.locator(".pdf-tile--locked").count()).toBe(0);

    // With the page's cookies, as the tile's link opens it.
    const unreadable = await page.request.get(await pdfLink(STAMP_FALLBACK.unreadable));
    expect(unreadable.status()).toBe(200);
    expect(unreadable.headers()["content-type"]).toMatch(/^application\/pdf/);
    const body = await unreadable.body();
    expect(body.equals(UNREADABLE_PDF), body.toString("latin1")).toBe(true);
    expect(unreadable.headers()["content-length"]).toBe(String(UNREADABLE_PDF.length));

    const readable = await page.request.get(await pdfLink(STAMP_FALLBACK.readable));
    expect(readable.status()).toBe(200);
    expect(readable.headers()["content-type"]).toMatch(/^application\/pdf/);
    expect(await pdfDraws(await readable.body(), `Licensed to ${LEARNER.email} - Order ${bought.number}`)).toBe(true);
  });
});

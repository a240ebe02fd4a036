import { describe, expect, it } from "vitest";
import {
  type Bought,
  buyFromListing,
  checkPage,
  expectOrderPages,
  expectUnlockedMedia,
  fact,
  LEARNER,
  pdfDraws,
  useLearnerBrowser,
} from "../support/purchase.ts";

describe("buying a whole artefact by card (Stripe)", () => {
  const session = useLearnerBrowser();
  let bought: Bought;

  it("adds Docker from its listing and pays on the emulated Stripe Checkout", async () => {
    bought = await buyFromListing(session.page, {
      slug: "docker",
      method: { value: "card", label: "Credit or debit card", provider: "stripe" },
      name: "Docker",
      price: "£19.99",
    });
    expect(bought.id).toMatch(/^\d+$/);
    await checkPage(session.page);
    // Start learning opens what was bought, now owned.
    await session.page.getByRole("link", { name: "Start learning" }).click();
    await session.page.waitForURL(/\/docker$/);
    await session.page.locator(".page-hero").getByText("Owned", { exact: true }).waitFor();
  });

  it("shows the order in My Orders and Order details, paid by Card, and Docker in My Items", async () => {
    await expectOrderPages(session.page, bought, {
      method: "Card",
      name: "Docker",
      scope: "Whole artefact",
      price: "£19.99",
      slug: "docker",
      firstArticle: "image-layers",
    });
  });

  it("shows the same success screen at /order-confirmation", async () => {
    const { page } = session;
    await page.goto(`/order-confirmation?order=${bought.id}`);
    await page.getByRole("heading", { name: "Payment Successful!", level: 1 }).waitFor();
    expect(await fact(page, "Order number")).toBe(bought.number);
    // The footer's support contacts, repeated on the card.
    expect(await page.locator(".result-card__support").textContent()).toMatch(/support@.+ or call \+\d/);
  });

  it("unlocks the article's images and PDF, the PDF stamped with the buyer's e-mail and order number", async () => {
    await expectUnlockedMedia(session.page, "/docker/image-layers");
    const href = (await session.page.locator("a.pdf-tile").first().getAttribute("href")) ?? "";
    const pdf = await (await session.page.request.get(href)).body();
    expect(await pdfDraws(pdf, `Licensed to ${LEARNER.email} - Order ${bought.number}`)).toBe(true);
  });

  it("does not sell Docker twice: its listing and home tile say Owned, with no Add To Cart", async () => {
    const { page } = session;
    await page.goto("/docker");
    await page.locator(".page-hero").getByText("Owned", { exact: true }).waitFor();
    expect(await page.getByRole("button", { name: /Add To Cart/ }).count()).toBe(0);
    await page.goto("/");
    const tile = page.locator('a.artefact-tile[href="/docker"]');
    expect(await tile.locator("b").textContent()).toBe("Owned");
  });
});

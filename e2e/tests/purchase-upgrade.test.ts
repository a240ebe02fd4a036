import { CREDIT_LABEL } from "@skillshelf/shared/coupons.ts";
import { describe, expect, it } from "vitest";
import { addToCart, buyFromListing, checkPage, fact, onEmulatorPage, useLearnerBrowser } from "../support/purchase.ts";

/**
 * Issue 12's upgrade credit, end to end: the shared purchase learner buys one
 * group of Machine Learning Ops (Serving, £15.00), then the whole artefact
 * (£39.00): the cart takes what the group cost off as "Credit for what you
 * own", Stripe is paid the lower total, and the order shows the credit.
 * Machine Learning Ops is bought by no other e2e test.
 */
describe("upgrading a group to the whole artefact", () => {
  const session = useLearnerBrowser();

  it("credits what the group cost in the cart, charges the rest by card and shows the credit on the order", async () => {
    const { page } = session;
    await buyFromListing(page, {
      slug: "mlops",
      group: "Serving",
      method: { value: "card", label: "Credit or debit card", provider: "stripe" },
      name: "Machine Learning Ops",
      price: "£15.00",
    });

    // The listing says what the learner will pay for the whole before the cart does, and why.
    await page.goto("/mlops");
    const hero = page.locator(".page-hero");
    expect(await hero.getByRole("button", { name: /Add To Cart/ }).textContent()).toContain("£24.00");
    await hero.getByText("£39.00 less £15.00 credit for the groups you own").waitFor();
    expect(await page.locator(".group-card", { hasText: "Serving" }).getByText("Owned").count()).toBe(1);

    await addToCart(page, "mlops");
    expect(await fact(page, "Subtotal")).toBe("£39.00");
    expect(await fact(page, CREDIT_LABEL)).toBe("-£15.00");
    expect(await fact(page, "Discount")).toBe("£0.00");
    expect(await fact(page, "Total")).toBe("£24.00");
    await checkPage(page);

    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await page.waitForURL(/\/checkout\?method=card$/);
    expect(await fact(page, CREDIT_LABEL)).toBe("-£15.00");
    expect(await fact(page, "Total")).toBe("£24.00");
    await page.getByRole("button", { name: "Complete Purchase" }).click();
    await onEmulatorPage(page, "stripe", "Pay");
    await page.waitForURL(/\/payment-confirmation\?order=\d+$/);
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    expect(await fact(page, "Amount paid")).toBe("£24.00");
    const unlocked = page.getByRole("region", { name: "Unlocked for you" });
    expect(await unlocked.getByRole("link", { name: "Machine Learning Ops" }).getAttribute("href")).toBe("/mlops");
    const id = new URL(page.url()).searchParams.get("order");
    const number = await fact(page, "Order number");

    await page.goto(`/order-details/${id}`);
    await page.getByRole("heading", { name: `Order ${number}`, level: 1 }).waitFor();
    expect(await fact(page, "Subtotal")).toBe("£39.00");
    expect(await fact(page, CREDIT_LABEL)).toBe("-£15.00");
    expect(await fact(page, "Discount")).toBe("£0.00");
    expect(await fact(page, "Amount")).toBe("£24.00");
    expect(await fact(page, "Payment method")).toBe("Card");
    await checkPage(page);

    // My Orders' card has the credit between subtotal and total.
    await page.goto("/my-orders");
    const card = page.locator("article.order-card", { has: page.getByRole("heading", { name: `Order ${number}` }) });
    const text = ((await card.textContent()) ?? "").replace(/\s+/g, " ");
    expect(text).toMatch(new RegExp(`Subtotal\\s*£39\\.00\\s*${CREDIT_LABEL}\\s*-£15\\.00\\s*Total\\s*£24\\.00`));
    expect(text).not.toContain("Discount");

    // My Items lists the artefact once: owned whole, it holds the group it absorbed.
    await page.goto("/my-items");
    await page.getByRole("heading", { name: "My Items", level: 1 }).waitFor();
    expect(await page.locator(".owned-grid > li", { hasText: "Machine Learning Ops" }).count()).toBe(1);
  });
});

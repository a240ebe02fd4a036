import { describe, expect, it } from "vitest";
import { baseUrl } from "../support/browser.ts";
import { allowConsoleErrors, cartLink, fact, onEmulatorPage, useLearnerBrowser } from "../support/purchase.ts";

/**
 * The whole purchase as plain HTML forms: Add To Cart posts to the cart's
 * action, the cart and checkout are forms, and the emulated provider's hosted
 * page is a form too; so is the refund. account-refund.test.ts buys Observability too: each file refunds it,
 * so it is for sale whichever runs first.
 */
describe("buying without JavaScript", () => {
  const session = useLearnerBrowser({ javaScriptEnabled: false });
  let orderId = "";

  it("sends a visitor's Add To Cart to sign in first, to come back to the listing", async () => {
    const visitor = await session.browser.newContext({ baseURL: baseUrl, javaScriptEnabled: false });
    try {
      const page = await visitor.newPage();
      await page.goto("/observability");
      await page
        .locator(".page-hero")
        .getByRole("button", { name: /Add To Cart/ })
        .click();
      await page.waitForURL((url) => url.pathname === "/login");
      expect(new URL(page.url()).searchParams.get("redirectTo")).toMatch(/^\/observability#add-to-cart-\d+$/);
    } finally {
      await visitor.close();
    }
  });

  it("adds to the cart, refuses the same item twice, removes a line, and pays on the emulated Stripe page", async () => {
    const { page } = session;
    await page.goto("/observability");
    await cartLink(page, 0).waitFor();
    const add = page.locator(".page-hero").getByRole("button", { name: /Add To Cart/ });
    expect(await add.isEnabled()).toBe(true);
    await add.click();
    // The form's answer is the cart, with the line in it and the header's badge.
    await page.waitForURL((url) => url.pathname === "/cart");
    await page.getByRole("heading", { name: "1 Item(s) in Cart" }).waitFor();
    expect(await page.locator(".cart-line__name").allTextContents()).toEqual(["Observability"]);
    await cartLink(page, 1).waitFor();

    // The same item again: the cart says why, on the page.
    await page.goto("/observability");
    await add.click();
    await page.getByRole("alert").filter({ hasText: "already in your cart" }).waitFor();
    await page.getByRole("heading", { name: "1 Item(s) in Cart" }).waitFor();

    // A second line, removed again with its Remove button (no confirmation prompt without a script).
    await page.goto("/yaml");
    await page
      .locator(".page-hero")
      .getByRole("button", { name: /Add To Cart/ })
      .click();
    await page.getByRole("heading", { name: "2 Item(s) in Cart" }).waitFor();
    await page
      .locator(".cart-line", { hasText: /yaml/i })
      .getByRole("button", { name: /^Remove/ })
      .click();
    await page.getByRole("heading", { name: "1 Item(s) in Cart" }).waitFor();
    expect(await page.locator(".cart-line__name").allTextContents()).toEqual(["Observability"]);

    // Proceed to Checkout is a GET form carrying the chosen method.
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await page.waitForURL(/\/checkout\?method=card$/);
    await page.getByRole("heading", { name: "Complete Your Purchase" }).waitFor();
    const pay = page.getByRole("button", { name: "Complete Purchase" });
    expect(await pay.isEnabled()).toBe(true);
    await pay.click();

    await onEmulatorPage(page, "stripe", "Pay");
    await page.waitForURL(/\/payment-confirmation\?order=\d+$/);
    orderId = new URL(page.url()).searchParams.get("order") ?? "";
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    expect(await fact(page, "Amount paid")).toBe("£35.00");
    await cartLink(page, 0).waitFor();
    // Chromium logs the refused second Add To Cart's status.
    allowConsoleErrors(session, /status of 409/);
  });

  it("refunds the order from its page's plain form post, so Observability is for sale again", async () => {
    const { page } = session;
    await page.goto(`/order-details/${orderId}`);
    // No script, no confirmation prompt: the form posts, and the page comes back with the order Refunded.
    await page
      .getByRole("region", { name: "6-day money-back guarantee" })
      .getByRole("button", { name: "Request refund" })
      .click();
    await page.locator(".account-page__header .status-badge", { hasText: "Refunded" }).waitFor();
    expect(await fact(page, "Status")).toBe("Refunded");
    expect(await page.getByRole("button", { name: "Request refund" }).count()).toBe(0);
    await page.goto("/observability");
    await page
      .locator(".page-hero")
      .getByRole("button", { name: /Add To Cart/ })
      .waitFor();
  });
});

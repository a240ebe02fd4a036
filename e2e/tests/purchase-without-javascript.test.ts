import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, useBrowser } from "../support/browser.ts";
import {
  allowConsoleErrors,
  cartLink,
  fact,
  onEmulatorPage,
  type StorageState,
  signInLearner,
} from "../support/purchase.ts";

/**
 * The whole purchase as plain HTML forms: Add To Cart posts to the cart's
 * action, the cart and checkout are forms, and the emulated provider's hosted
 * page is a form too. Observability is bought by no other file.
 */
describe("buying without JavaScript", () => {
  let state: StorageState;
  const session = useBrowser({ storageState: () => state, javaScriptEnabled: false });
  beforeAll(async () => {
    state = await signInLearner(session.browser);
  });

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
      expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/observability");
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
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    expect(await fact(page, "Amount paid")).toBe("£35.00");
    await cartLink(page, 0).waitFor();
    // Chromium logs the refused second Add To Cart's status.
    allowConsoleErrors(session, /status of 409/);
  });
});

import { describe, expect, it } from "vitest";
import { baseUrl, emulatorsUrl } from "../support/browser.ts";
import { answerConfirmation } from "../support/confirm.ts";
import {
  allowConsoleErrors,
  cartLink,
  checkPage,
  expectTitle,
  fact,
  onEmulatorPage,
  toast,
  useLearnerBrowser,
} from "../support/purchase.ts";

const REMOVE_PROMPT = "Are you sure you want to remove this item from your cart?";
const CART_CHANGED = "Your cart has changed. Please review it and try again.";

describe("the cart's rules, seen in the pages", () => {
  const session = useLearnerBrowser();

  it("sends a visitor who adds to the cart, or opens a buying page, to sign in first", async () => {
    const visitor = await session.browser.newContext({ baseURL: baseUrl });
    try {
      const page = await visitor.newPage();
      await page.goto("/kubernetes");
      await page
        .locator(".page-hero")
        .getByRole("button", { name: /Add To Cart/ })
        .click();
      await page.waitForURL((url) => url.pathname === "/login");
      // Back at the button pressed once signed in: the address names it, and it has the focus there.
      const back = new URL(page.url()).searchParams.get("redirectTo") ?? "";
      expect(back).toMatch(/^\/kubernetes#add-to-cart-\d+$/);
      await page.goto(back);
      const pressed = page.locator(".page-hero").getByRole("button", { name: /Add To Cart/ });
      await expect.poll(() => pressed.evaluate((button) => button === document.activeElement)).toBe(true);
      expect(`/kubernetes#${await pressed.getAttribute("id")}`).toBe(back);
      for (const path of ["/cart", "/checkout", "/my-orders", "/my-items", "/order-details/1", "/payment-cancelled"]) {
        await page.goto(path);
        expect(new URL(page.url()).pathname, path).toBe("/login");
        expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(path);
      }
    } finally {
      await visitor.close();
    }
  });

  it("shows the empty cart, with checkout disabled and closed", async () => {
    const { page } = session;
    await page.goto("/cart");
    await page.getByRole("heading", { name: "Your Shopping Cart", level: 1 }).waitFor();
    expect(await page.getByText("Review your selected items before checkout").isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "0 Item(s) in Cart" }).isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "Your cart is empty" }).isVisible()).toBe(true);
    expect(await page.getByText("Browse our artifacts and find something to learn!").isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Explore Artifacts" }).getAttribute("href")).toBe("/");
    expect(await page.getByRole("button", { name: "Proceed to Checkout" }).isDisabled()).toBe(true);
    expect(await fact(page, "Total")).toBe("£0.00");
    await expectTitle(page, "Cart | Skillshelf");
    await checkPage(page);
    // Nothing to pay for: checkout sends the learner back to the cart.
    await page.goto("/checkout");
    expect(new URL(page.url()).pathname).toBe("/cart");
  });

  it("adds a group with a spinner on its button, and refuses the same group twice", async () => {
    const { page } = session;
    await page.goto("/kubernetes");
    await cartLink(page, 0).waitFor();
    // Hold the request so the busy state can be seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The button's form posts to the cart's action (React Router's data request).
    await page.route("**/cart.data*", async (route) => {
      await held;
      await route.continue();
    });
    const operations = page.locator("section.group-card", {
      has: page.getByRole("heading", { name: "Operations", exact: true }),
    });
    const button = operations.getByRole("button", { name: /Add To Cart/ });
    // Its Add To Cart, not its "For my team" form's button.
    await operations.locator("button[data-enhanced]", { hasText: "Add To Cart" }).waitFor();
    await button.click();
    await page.locator('section.group-card button[aria-busy="true"]').waitFor();
    expect(await button.isDisabled()).toBe(true);
    // Only the button used is busy.
    expect(await page.locator('.page-hero button[aria-busy="true"]').count()).toBe(0);
    release();
    await toast(page, "Added to your cart.");
    await cartLink(page, 1).waitFor();
    expect(await button.isDisabled()).toBe(false);
    await page.unroute("**/cart.data*");

    await button.click();
    await toast(page, "Operations is already in your cart.", "error");
    await cartLink(page, 1).waitFor();
    allowConsoleErrors(session, /status of 409/);
  });

  it("lists the line with its price and totals; Continue Shopping goes back one step", async () => {
    const { page } = session;
    await page.goto("/kubernetes");
    await cartLink(page, 1).click();
    await page.waitForURL(/\/cart$/);
    await page.getByRole("heading", { name: "1 Item(s) in Cart" }).waitFor();
    const line = page.locator(".cart-line");
    expect(await line.locator(".cart-line__name").textContent()).toBe("Kubernetes");
    expect(await line.locator(".cart-line__scope").textContent()).toContain("Operations");
    expect(await line.locator(".cart-line__price").textContent()).toBe("£12.50");
    expect(await fact(page, "Subtotal")).toBe("£12.50");
    expect(await fact(page, "Discount")).toBe("£0.00");
    expect(await fact(page, "Total")).toBe("£12.50");
    await checkPage(page);
    await page.getByRole("button", { name: /Continue Shopping/ }).click();
    await page.waitForURL(/\/kubernetes$/);
  });

  it("is usable from the keyboard: choose PayPal with the arrow keys and proceed", async () => {
    const { page } = session;
    await page.goto("/cart");
    await page.getByRole("radio", { name: /Credit or debit card/ }).focus();
    await page.keyboard.press("ArrowDown");
    expect(await page.getByRole("radio", { name: /PayPal/ }).isChecked()).toBe(true);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Proceed to Checkout");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/checkout\?method=wallet$/);
    await page.getByRole("heading", { name: "Complete Your Purchase", level: 1 }).waitFor();
    expect(await page.getByRole("radio", { name: /PayPal/ }).isChecked()).toBe(true);
    await expectTitle(page, "Checkout | Skillshelf");
    const guarantee = await page.locator(".summary-panel__guarantee").textContent();
    expect(guarantee).toContain("6-day money-back guarantee");
    expect(await page.getByRole("link", { name: "Terms of Service" }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Privacy Policy" }).count()).toBe(1);
    await checkPage(page);
  });

  it("lands on Payment Cancelled after Cancel on the provider's page, and keeps the cart", async () => {
    const { page } = session;
    await page.goto("/checkout?method=card");
    await page.getByRole("button", { name: "Complete Purchase" }).click();
    await onEmulatorPage(page, "stripe", "Cancel");
    await page.waitForURL(/\/payment-cancelled$/);
    await page.getByRole("heading", { name: "Payment Cancelled", level: 1 }).waitFor();
    expect(await page.getByText("Your transaction was not completed").isVisible()).toBe(true);
    expect(await page.getByText("No charges have been made to your account.").isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Back to Dashboard" }).getAttribute("href")).toBe("/dashboard");
    await expectTitle(page, "Order Cancelled | Skillshelf");
    await cartLink(page, 1).waitFor();
    await checkPage(page);
    await page.getByRole("link", { name: "Try Again" }).click();
    await page.waitForURL(/\/cart$/);
    await page.getByRole("heading", { name: "1 Item(s) in Cart" }).waitFor();
  });

  it("says so when a payment made no order and was refunded", async () => {
    const { page } = session;
    // Where the store sends a learner whose money arrived for content already owned or a replaced checkout.
    await page.goto("/payment-cancelled?refunded=1");
    await page.getByRole("heading", { name: "Payment Cancelled", level: 1 }).waitFor();
    expect(await page.getByRole("status").filter({ hasText: "refunded in full" }).textContent()).toBe(
      "This payment made no order, so it has been refunded in full. An e-mail with the details is on its way.",
    );
    expect(await page.getByText("No charges have been made to your account.").count()).toBe(0);
    await checkPage(page);
  });

  it("says when the cart changed during checkout, and shows the cart as it is now", async () => {
    const { page } = session;
    await page.goto("/yaml");
    await page
      .locator(".page-hero")
      .getByRole("button", { name: /Add To Cart/ })
      .click();
    await cartLink(page, 2).waitFor();
    await page.goto("/checkout");
    expect(await page.locator(".cart-line").count()).toBe(2);
    // Another tab removes a line meanwhile.
    const cart = (await (await page.request.get("/api/cart/get")).json()) as {
      data: { rows: { id: number; category: { name: string } }[] };
    };
    const yaml = cart.data.rows.find((row) => row.category.name !== "Kubernetes");
    await page.request.post("/api/cart/delete", { data: { delete_id: yaml?.id } });
    await page.getByRole("button", { name: "Complete Purchase" }).click();
    await toast(page, CART_CHANGED, "error");
    allowConsoleErrors(session, /status of 409/);
    await page.waitForFunction(() => document.querySelectorAll(".cart-line").length === 1);
    expect(await fact(page, "Total")).toBe("£12.50");
    expect(await page.getByRole("button", { name: "Complete Purchase" }).isEnabled()).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/checkout");
  });

  it("shows each provider's failure as the SPEC's toast and clears the processing flag", async () => {
    const { page } = session;
    // Complete Purchase posts to the checkout's action (React Router's data request): hold it to see the busy state.
    const CHECKOUT_ACTION = "**/checkout.data*";
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(CHECKOUT_ACTION, async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    // Stripe's API is down: the store answers 502 with its own message.
    const stripeApi = (api: "up" | "down") =>
      page.request.post(`${emulatorsUrl}/emulator/stripe/control`, { data: { api } });
    await page.goto("/checkout?method=card");
    const pay = page.getByRole("button", { name: /Complete Purchase|Processing/ });
    await stripeApi("down");
    try {
      await pay.click();
      await page.locator('button.checkout__pay[aria-busy="true"]').waitFor();
      expect(await pay.isDisabled()).toBe(true);
      release();
      await toast(
        page,
        "Stripe Error: Card payments are unavailable right now. Please try again in a few minutes.",
        "error",
      );
      expect(await pay.isEnabled()).toBe(true);
    } finally {
      await stripeApi("up");
    }
    await page.unroute(CHECKOUT_ACTION);

    // PayPal's answer loses its approval link on the way (the store's own answer always has one).
    await page.route(CHECKOUT_ACTION, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      const response = await route.fetch();
      const body = (await response.text()).replace(/"[^"]*\/emulator\/paypal\/checkout[^"]*"/, '""');
      await route.fulfill({ response, body });
    });
    await page.getByRole("radio", { name: /PayPal/ }).check();
    await pay.click();
    await toast(page, "PayPal Error: Approval URL missing", "error");
    await page.unroute(CHECKOUT_ACTION);

    // The request itself fails.
    await page.route(CHECKOUT_ACTION, (route) =>
      route.request().method() === "POST" ? route.abort("failed") : route.continue(),
    );
    await page.getByRole("radio", { name: /PayU/ }).check();
    await pay.click();
    await toast(page, "PayU error occurred", "error");
    expect(await pay.isEnabled()).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/checkout");
    await page.unrouteAll();
    allowConsoleErrors(session, /status of 502|net::ERR_FAILED/);
  });

  it("asks before removing a line, then shows the empty cart", async () => {
    const { page } = session;
    await page.goto("/cart");
    const remove = page.getByRole("button", { name: /^Remove/ });
    const line = (await page.locator(".cart-line__name").textContent()) ?? "";
    await remove.click();
    // The question of SPEC.md, and which line at what price.
    const asked = await answerConfirmation(page, "Cancel");
    expect(asked.question).toBe(REMOVE_PROMPT);
    expect(asked.detail).toMatch(new RegExp(`^${line}(: .+)?, £\\d+\\.\\d{2}$`));
    expect(await page.locator(".cart-line").count()).toBe(1);

    await remove.click();
    expect(await answerConfirmation(page, "Remove")).toEqual(asked);
    await toast(page, "Removed from your cart.");
    await page.getByRole("heading", { name: "Your cart is empty" }).waitFor();
    await cartLink(page, 0).waitFor();
    // Focus moves to the list's heading rather than being lost with the removed button.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("cart-count");
  });

  it("answers 404 for an order id the learner does not have", async () => {
    const { page } = session;
    for (const path of ["/order-details/999999", "/order-details/not-a-number"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await page.getByText("Oops! The page you're looking for doesn't exist.").waitFor();
    }
    allowConsoleErrors(session, /status of 404/);
  });
});

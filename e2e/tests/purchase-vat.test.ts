import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInAdmin } from "../support/admin.ts";
import { inOtherContext, useBrowser } from "../support/browser.ts";
import { TAX_BUYERS } from "../support/learner.ts";
import { addToCart, allowConsoleErrors, fact, onEmulatorPage, pdfDraws, sessionState } from "../support/purchase.ts";

// The e2e stores sell as a UK seller registered for VAT and the OSS (e2e/global-setup.ts).

type Buyer = (typeof TAX_BUYERS)[keyof typeof TAX_BUYERS];

/** The buyer's own page: their session in this test's context. */
async function signedIn(page: Page, buyer: Buyer): Promise<void> {
  await page.context().addCookies(sessionState(buyer.sessionToken).cookies);
}

/** From the cart to the checkout, once its script runs (a change of country then updates the summary at once). */
async function toCheckout(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await page.getByRole("heading", { name: "Complete Your Purchase" }).waitFor();
  await page.locator("button[data-enhanced]", { hasText: "Update VAT" }).waitFor();
}

/** The order summary's VAT row: its label and amount. */
async function vatRow(page: Page): Promise<string> {
  return ((await page.locator(".summary-panel .cart-totals__row--tax").textContent()) ?? "").replace(/\s+/g, " ");
}

/** Complete Purchase, Pay on the emulated Stripe page (the card of `cardCountry`), and the order's details. */
async function payByCard(page: Page, cardCountry?: string): Promise<string> {
  await page.getByRole("button", { name: "Complete Purchase" }).click();
  await page.waitForURL(/\/emulator\/stripe\//);
  if (cardCountry) await page.getByLabel("Card's country").selectOption(cardCountry);
  await onEmulatorPage(page, "stripe", "Pay");
  await page.waitForURL(/\/payment-confirmation\?order=\d+$/);
  const id = new URL(page.url()).searchParams.get("order") ?? "";
  await page.goto(`/order-details/${id}`);
  return id;
}

describe("buying with VAT inside the price", () => {
  const session = useBrowser();

  it("charges a UK consumer the price with 20 % UK VAT inside, shown at checkout, on the order and its invoice", async () => {
    const { page } = session;
    await signedIn(page, TAX_BUYERS.uk);
    await addToCart(page, "docker");
    expect(await fact(page, "Total")).toBe("£19.99");
    expect(await fact(page, "Includes VAT")).toBe("£3.33");
    await toCheckout(page);
    expect(await page.getByLabel("Country").inputValue()).toBe("GB");
    expect(await vatRow(page)).toBe("Includes VAT£3.33");
    await payByCard(page);
    expect(await fact(page, "Country")).toBe("United Kingdom");
    expect(await page.locator(".order-details__vat").textContent()).toBe("Includes VAT£3.33");
    const invoice = await page.request.get(
      (await page.getByRole("link", { name: "Download invoice (PDF)" }).getAttribute("href")) ?? "",
    );
    const pdf = await invoice.body();
    expect(await pdfDraws(pdf, "VAT number GB980780684")).toBe(true);
    expect(await pdfDraws(pdf, "VAT at 20 %")).toBe(true);
  });

  it("charges a French consumer France's reduced rate on an e-publication, updating the summary as they choose", async () => {
    const { page } = session;
    await signedIn(page, TAX_BUYERS.france);
    // SQL is a cheat sheet: an e-publication, zero-rated in the UK.
    await addToCart(page, "sql");
    await toCheckout(page);
    expect(await vatRow(page)).toBe("Includes VAT£0.00");
    await page.getByLabel("Country").selectOption("FR");
    await page.getByRole("status").filter({ hasText: "Your billing details are saved." }).waitFor();
    // 9.99 at France's 5.5 % on e-books: 0.52 of VAT.
    await page.locator(".summary-panel .cart-totals__row--tax", { hasText: "£0.52" }).waitFor();
    await payByCard(page);
    expect(await fact(page, "Country")).toBe("France");
    expect(await page.locator(".order-details__vat").textContent()).toBe("Includes VAT£0.52");
  });

  it("reverse-charges a German business whose VAT number VIES knows: no VAT, both numbers on the order", async () => {
    const { page } = session;
    await signedIn(page, TAX_BUYERS.business);
    await addToCart(page, "docker");
    await toCheckout(page);
    await page.getByLabel("Company name").fill("Beispiel GmbH");
    await page.getByLabel("VAT number").fill("DE 136 695 976");
    await page.getByLabel("Country").selectOption("DE");
    await page.getByRole("status").filter({ hasText: "Your billing details are saved." }).waitFor();
    await page.locator(".summary-panel .cart-totals__row--tax", { hasText: "Reverse charge: no VAT" }).waitFor();
    expect(await vatRow(page)).toBe("Reverse charge: no VAT£0.00");
    await payByCard(page);
    expect(await fact(page, "Company name")).toBe("Beispiel GmbH");
    expect(await fact(page, "VAT number")).toBe("DE136695976");
    expect(await page.locator(".order-details__vat").textContent()).toBe("Reverse charge: no VAT£0.00");
  });

  it("asks a buyer whose address disagrees with the declared country to confirm it, and shows the operator all three", async () => {
    const { page } = session;
    // Paying from an address in the United States (through the store's trusted proxy), billed in France.
    await page.context().setExtraHTTPHeaders({ "x-forwarded-for": "8.8.8.8" });
    await signedIn(page, TAX_BUYERS.travelling);
    await addToCart(page, "docker");
    await toCheckout(page);
    // No billing details yet: the address's country is chosen for them.
    expect(await page.getByLabel("Country").inputValue()).toBe("US");
    await page.getByLabel("Country").selectOption("FR");
    await page.getByRole("status").filter({ hasText: "Your billing details are saved." }).waitFor();
    await page.getByText("You seem to be connecting from United States.").waitFor();
    // Paying without their word: asked for it beside the box, and nothing is charged.
    await page.getByRole("button", { name: "Complete Purchase" }).click();
    await page
      .locator(".billing-fields__confirm .field__error", {
        hasText: "Please confirm that your billing address is in the country you chose.",
      })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe("/checkout");
    allowConsoleErrors(session, /status of 422/);
    await page.getByLabel("My billing address is in France").check();
    const id = await payByCard(page, "FR");
    expect(await fact(page, "Country")).toBe("France");

    await inOtherContext(session, { storageState: await signInAdmin(session.browser) }, async (admin) => {
      await admin.goto(`/admin/orders/${id}`);
      expect(await fact(admin, "Tax scheme")).toBe("VAT of the buyer's country (OSS)");
      expect(await fact(admin, "Country")).toBe("France (confirmed by the buyer at checkout)");
      expect(await fact(admin, "Address at checkout")).toBe("8.8.8.8 (United States)");
      expect(await fact(admin, "Country at the provider")).toBe("France");
      expect(await admin.getByText("The evidence does not place the buyer").count()).toBe(0);
    });
  });
});

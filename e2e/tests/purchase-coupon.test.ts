import { NOTHING_TO_PAY } from "@skillshelf/shared/coupons.ts";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { waitForMail } from "../support/accounts.ts";
import { signInAdmin } from "../support/admin.ts";
import { baseUrl, downloadedBytes, inOtherContext, useBrowser } from "../support/browser.ts";
import { answerConfirmation } from "../support/confirm.ts";
import {
  addToCart,
  allowConsoleErrors,
  cartLink,
  checkPage,
  emptyCart,
  fact,
  LEARNER,
  onEmulatorPage,
  pdfDraws,
  type StorageState,
  signInLearner,
  toast,
} from "../support/purchase.ts";

/**
 * Issue 12's coupons, end to end: the operator creates a code in the admin
 * area, the learner applies it in the cart, sees the discount, pays the
 * discounted total on the emulated Stripe Checkout, and the order shows it.
 * Two sign-ins (the admin and the shared purchase learner), no registration.
 * Frontend Engineering (£29.00) is bought by no other e2e test (learner-progress buys Zero Trust);
 * nor is anything of Elasticsearch, Cryptography's Applied group, which this file buys too. Expired and
 * per-learner codes are refused under the code field; a fixed amount's order mails the invoice's link.
 */
describe("a coupon code from the admin area to a paid order", () => {
  let adminState: StorageState;
  let learnerState: StorageState;
  const session = useBrowser({ storageState: () => adminState });
  const code = `ZT-${Date.now().toString(36).toUpperCase()}`;

  beforeAll(async () => {
    adminState = await signInAdmin(session.browser);
    learnerState = await signInLearner(session.browser);
  });

  /** The shared purchase learner's own page, next to the admin's, with an empty cart. */
  const asLearner = (steps: (learner: Page) => Promise<void>, options: { javaScriptEnabled?: boolean } = {}) =>
    inOtherContext(session, { storageState: learnerState, ...options }, async (learner) => {
      await emptyCart(learner.request);
      await steps(learner);
    });

  /** The cart's refusal under its code field; Chromium logs the action's 422 answer, an expected console error. */
  async function expectRefused(learner: Page, message: string) {
    await learner.locator(".coupon-form .field__error", { hasText: message }).waitFor();
    allowConsoleErrors(session, /status of 422/);
  }

  it("is created by the operator, applied in the cart, charged by the server and shown on the order", async () => {
    const { page } = session;
    await page.goto("/admin/coupons");
    await page.getByRole("heading", { name: "Coupons", level: 1 }).waitFor();
    expect(await page.getByRole("link", { name: "Coupons" }).getAttribute("aria-current")).toBe("page");
    await page.getByLabel("Code", { exact: true }).fill(code);
    await page.getByLabel("Kind", { exact: true }).selectOption("percent");
    await page.getByLabel("Value", { exact: true }).fill("25");
    await page.getByLabel("Total uses", { exact: true }).fill("5");
    // The picker offers what its search finds, live as the operator types.
    await page.getByLabel("Find artefacts by name", { exact: true }).fill("frontend");
    await page.waitForURL((url) => url.searchParams.get("artefacts") === "frontend");
    const artefacts = page.getByRole("group", { name: "Artefacts", exact: true });
    await expect.poll(() => artefacts.getByRole("checkbox").count()).toBe(1);
    // What was typed before the search is still there.
    expect(await page.getByLabel("Code", { exact: true }).inputValue()).toBe(code);
    await artefacts.getByRole("checkbox", { name: "Interview Kits › Frontend Engineering" }).check();
    await page.getByRole("button", { name: "Create code" }).click();
    const row = page.locator(`tr[data-code="${code}"]`);
    await row.waitFor();
    // The form is empty again for the next code.
    expect(await page.getByLabel("Code", { exact: true }).inputValue()).toBe("");
    expect(await page.getByLabel("Value", { exact: true }).inputValue()).toBe("");
    expect(((await row.textContent()) ?? "").replace(/\s+/g, " ")).toContain(
      `${code}Percentage25%Never5 in all · no limit per learner0Frontend Engineering`,
    );
    await checkPage(page);

    await asLearner(async (learner) => {
      await addToCart(learner, "frontend");
      expect(await fact(learner, "Discount")).toBe("£0.00");

      await applyCode(learner, "no-such-code");
      await expectRefused(learner, "This code is not valid.");

      // Codes are not case-sensitive.
      await applyCode(learner, code.toLowerCase());
      await toast(learner, "Your code is applied.");
      await learner.getByText(`${code}`, { exact: true }).waitFor();
      expect(await fact(learner, "Subtotal")).toBe("£29.00");
      expect(await fact(learner, "Discount")).toBe("-£7.25");
      expect(await fact(learner, "Total")).toBe("£21.75");
      await checkPage(learner);

      await learner.getByRole("button", { name: "Proceed to Checkout" }).click();
      await learner.waitForURL(/\/checkout\?method=card$/);
      expect(await fact(learner, "Discount")).toBe("-£7.25");
      expect(await fact(learner, "Total")).toBe("£21.75");
      await learner.getByRole("button", { name: "Complete Purchase" }).click();
      await onEmulatorPage(learner, "stripe", "Pay");
      await learner.waitForURL(/\/payment-confirmation\?order=\d+$/);
      await learner.getByRole("heading", { name: "Payment Successful!" }).waitFor();
      expect(await fact(learner, "Amount paid")).toBe("£21.75");
      const id = new URL(learner.url()).searchParams.get("order");

      await learner.goto(`/order-details/${id}`);
      await learner.getByRole("heading", { name: /^Order /, level: 1 }).waitFor();
      expect(await fact(learner, "Coupon code")).toBe(code);
      expect(await fact(learner, "Subtotal")).toBe("£29.00");
      expect(await fact(learner, "Discount")).toBe("-£7.25");
      expect(await fact(learner, "Amount")).toBe("£21.75");
      await checkPage(learner);
    });

    // The use is counted once the order is paid.
    await page.reload();
    await row.waitFor();
    expect(await row.locator("td").nth(5).textContent()).toBe("1");
  });

  it("makes a cart free with a 100% code: Complete Purchase unlocks it at once, with no payment, and the order says so", async () => {
    const { page } = session;
    const free = `FREE-${Date.now().toString(36).toUpperCase()}`;
    const created = await page.request.post("/api/admin/coupons", {
      data: { code: free, kind: "percent", value: 100, max_uses: 1 },
    });
    expect(created.status(), await created.text()).toBe(201);

    await asLearner(async (learner) => {
      // Elasticsearch (£24.00) is bought by no other e2e test.
      await addToCart(learner, "elasticsearch");
      await applyCode(learner, free);
      await toast(learner, "Your code is applied.");
      expect(await fact(learner, "Discount")).toBe("-£24.00");
      expect(await fact(learner, "Total")).toBe("£0.00");

      await learner.getByRole("button", { name: "Proceed to Checkout" }).click();
      await learner.waitForURL(/\/checkout\?method=card$/);
      await learner.getByText(NOTHING_TO_PAY).waitFor();
      // Nothing to choose: no provider takes part.
      expect(await learner.getByRole("radio").count()).toBe(0);
      await checkPage(learner);
      await learner.getByRole("button", { name: "Complete Purchase" }).click();
      await learner.waitForURL(/\/payment-confirmation\?order=\d+$/);
      await learner.getByRole("heading", { name: "Payment Successful!" }).waitFor();
      expect(await fact(learner, "Amount paid")).toBe("£0.00");
      const unlocked = learner.getByRole("region", { name: "Unlocked for you" });
      expect(await unlocked.getByRole("link", { name: "Elasticsearch" }).getAttribute("href")).toBe("/elasticsearch");
      expect(await learner.getByRole("link", { name: "Start learning" }).getAttribute("href")).toBe("/elasticsearch");
      await cartLink(learner, 0).waitFor();
      const id = new URL(learner.url()).searchParams.get("order");
      const number = await fact(learner, "Order number");

      await learner.goto(`/order-details/${id}`);
      await learner.getByRole("heading", { name: `Order ${number}`, level: 1 }).waitFor();
      expect(await fact(learner, "Payment method")).toBe("No payment: covered by coupon");
      expect(await fact(learner, "Transaction ID")).toBe("None");
      expect(await fact(learner, "Coupon code")).toBe(free);
      expect(await fact(learner, "Subtotal")).toBe("£24.00");
      expect(await fact(learner, "Discount")).toBe("-£24.00");
      expect(await fact(learner, "Amount")).toBe("£0.00");
      await checkPage(learner);
      const receipt = await learner.request.get(`/order-details/${id}/receipt`);
      expect(receipt.status()).toBe(200);
      expect(await pdfDraws(await receipt.body(), "No payment: covered by coupon")).toBe(true);

      await learner.goto("/my-orders");
      const card = learner.locator("article.order-card", {
        has: learner.getByRole("heading", { name: `Order ${number}` }),
      });
      expect(((await card.textContent()) ?? "").replace(/\s+/g, " ")).toMatch(
        /Subtotal\s*£24\.00\s*Discount\s*-£24\.00\s*Total\s*£0\.00/,
      );

      await learner.goto("/elasticsearch");
      await learner.locator(".page-hero").getByText("Owned", { exact: true }).waitFor();
      await page.goto(`/admin/orders/${id}`);
      await page.getByText("No payment: covered by coupon").waitFor();

      // Its refund gives nothing back and asks no provider: the access ends, the order is Refunded.
      await learner.goto(`/order-details/${id}`);
      await learner
        .getByRole("region", { name: "6-day money-back guarantee" })
        .getByRole("button", { name: "Request refund" })
        .click();
      expect((await answerConfirmation(learner, "Refund")).question).toMatch(/^Refund order SS-\S+ of £0\.00\?$/);
      await toast(learner, "Your order is refunded and its access removed.");
      await learner.waitForFunction(() => document.body.textContent?.includes("Refunded"));
      expect(await fact(learner, "Status")).toBe("Refunded");
      // Sold again; its code's one use is gone, and the cart's field says so.
      await addToCart(learner, "elasticsearch");
      await applyCode(learner, free);
      await expectRefused(learner, "This code has been used up.");
      await emptyCart(learner.request);
    });
    // The code's one use is counted.
    await page.goto("/admin/coupons");
    expect(await page.locator(`tr[data-code="${free}"] td`).nth(5).textContent()).toBe("1");
  });

  it("lets the operator edit a code in its filled form and delete an unused one; a used code stays", async () => {
    const { page } = session;
    const draft = `DRAFT-${Date.now().toString(36).toUpperCase()}`;
    await page.goto("/admin/coupons");
    await page.getByLabel("Code", { exact: true }).fill(draft);
    await page.getByLabel("Value", { exact: true }).fill("10");
    await page.getByRole("button", { name: "Create code" }).click();
    const row = page.locator(`tr[data-code="${draft}"]`);
    await row.waitFor();

    await row.getByRole("link", { name: `Edit ${draft}` }).click();
    await page.getByRole("heading", { name: `Edit code ${draft}` }).waitFor();
    expect(await page.getByLabel("Code", { exact: true }).inputValue()).toBe(draft);
    expect(await page.getByLabel("Value", { exact: true }).inputValue()).toBe("10");
    await page.getByLabel("Kind", { exact: true }).selectOption("amount");
    await page.getByLabel("Value", { exact: true }).fill("3.50");
    await page.getByLabel("Total uses", { exact: true }).fill("4");
    await checkPage(page);
    await page.getByRole("button", { name: "Save code" }).click();
    // Saved, the page is the list again with the new-code form.
    await page.waitForURL(/\/admin\/coupons$/);
    await page.getByRole("heading", { name: "New code" }).waitFor();
    await page.waitForFunction(
      (code) => document.querySelector(`tr[data-code="${code}"]`)?.textContent?.includes("Fixed amount"),
      draft,
    );
    expect(((await row.textContent()) ?? "").replace(/\s+/g, " ")).toContain(
      `${draft}Fixed amount£3.50Never4 in all · no limit per learner0All`,
    );

    await row.getByRole("button", { name: `Delete ${draft}` }).click();
    expect(await answerConfirmation(page, "Delete")).toEqual({
      question: "Are you sure you want to delete this code?",
      detail: draft,
    });
    await row.waitFor({ state: "detached" });

    // The code the first test's order used stays with it.
    const used = page.locator(`tr[data-code="${code}"]`);
    await used.getByRole("button", { name: `Delete ${code}` }).click();
    await answerConfirmation(page, "Delete");
    await page.getByRole("alert").filter({ hasText: "This code has been used" }).waitFor();
    allowConsoleErrors(session, /status of 409/);
    expect(await used.count()).toBe(1);
  });

  it("unlocks a free cart from the checkout's plain form post, without JavaScript", async () => {
    const { page } = session;
    const free = `NOJS-${Date.now().toString(36).toUpperCase()}`;
    const created = await page.request.post("/api/admin/coupons", {
      data: { code: free, kind: "percent", value: 100 },
    });
    expect(created.status(), await created.text()).toBe(201);
    await asLearner(
      async (learner) => {
        // Cryptography's Applied group (£7.50) is bought by no other e2e test.
        await learner.goto("/cryptography");
        await learner
          .locator("section.group-card", { has: learner.getByRole("heading", { name: "Applied", exact: true }) })
          .getByRole("button", { name: /Add To Cart/ })
          .click();
        await learner.waitForURL((url) => url.pathname === "/cart");
        await learner.getByLabel("Coupon code").fill(free);
        await learner.getByRole("button", { name: "Apply" }).click();
        await learner.waitForURL((url) => url.pathname === "/cart");
        expect(await fact(learner, "Total")).toBe("£0.00");
        await learner.getByRole("button", { name: "Proceed to Checkout" }).click();
        await learner.waitForURL(/\/checkout/);
        await learner.getByText(NOTHING_TO_PAY).waitFor();
        await learner.getByRole("button", { name: "Complete Purchase" }).click();
        await learner.waitForURL(/\/payment-confirmation\?order=\d+$/);
        await learner.getByRole("heading", { name: "Payment Successful!" }).waitFor();
        expect(await fact(learner, "Amount paid")).toBe("£0.00");
        const unlocked = learner.getByRole("region", { name: "Unlocked for you" });
        expect(await unlocked.getByRole("link", { name: "Cryptography: Applied" }).getAttribute("href")).toBe(
          "/cryptography",
        );
      },
      { javaScriptEnabled: false },
    );
  });

  it("refuses an expired code under the field; takes a fixed amount off, charges it, mails the invoice's link; keeps to one use per learner", async () => {
    const { page } = session;
    const stamp = Date.now().toString(36).toUpperCase();
    const expired = `GONE-${stamp}`;
    const fixed = `ONCE-${stamp}`;
    let invoiceLink = "";
    for (const data of [
      { code: expired, kind: "percent", value: 10, expires_at: "2025-01-31" },
      { code: fixed, kind: "amount", value: 2.5, max_uses_per_learner: 1 },
    ]) {
      const created = await page.request.post("/api/admin/coupons", { data });
      expect(created.status(), await created.text()).toBe(201);
    }

    await asLearner(async (learner) => {
      // Elasticsearch's Searching group (£9.50): no other file buys anything of Elasticsearch.
      await addToCart(learner, "elasticsearch", "Searching");
      await applyCode(learner, expired);
      await expectRefused(learner, "This code has expired.");
      expect(await fact(learner, "Discount")).toBe("£0.00");
      expect(await fact(learner, "Total")).toBe("£9.50");

      await applyCode(learner, fixed);
      await toast(learner, "Your code is applied.");
      await learner.getByText(fixed, { exact: true }).waitFor();
      expect(await learner.locator(".coupon-form .field__error").count()).toBe(0);
      expect(await fact(learner, "Subtotal")).toBe("£9.50");
      expect(await fact(learner, "Discount")).toBe("-£2.50");
      expect(await fact(learner, "Total")).toBe("£7.00");

      await learner.getByRole("button", { name: "Proceed to Checkout" }).click();
      await learner.waitForURL(/\/checkout\?method=card$/);
      expect(await fact(learner, "Discount")).toBe("-£2.50");
      expect(await fact(learner, "Total")).toBe("£7.00");
      await learner.getByRole("button", { name: "Complete Purchase" }).click();
      // The emulated Stripe Checkout is asked for the discounted total.
      await learner.waitForURL(/\/emulator\/stripe\//);
      expect(await learner.locator("tfoot .num").textContent()).toBe("£7.00");
      await onEmulatorPage(learner, "stripe", "Pay");
      await learner.waitForURL(/\/payment-confirmation\?order=\d+$/);
      await learner.getByRole("heading", { name: "Payment Successful!" }).waitFor();
      expect(await fact(learner, "Amount paid")).toBe("£7.00");
      const id = new URL(learner.url()).searchParams.get("order");
      const number = await fact(learner, "Order number");
      await learner.goto(`/order-details/${id}`);
      await learner.getByRole("heading", { name: `Order ${number}`, level: 1 }).waitFor();
      expect(await fact(learner, "Coupon code")).toBe(fixed);
      expect(await fact(learner, "Discount")).toBe("-£2.50");
      expect(await fact(learner, "Amount")).toBe("£7.00");

      // The order's mail links to its invoice, in its text and its HTML.
      const mail = await waitForMail(LEARNER.email, new RegExp(`^Your Skillshelf order ${number}$`));
      invoiceLink = `${baseUrl}/order-details/${id}/invoice`;
      expect(mail.raw).toContain(`Your invoice (PDF): ${invoiceLink}`);
      expect(mail.raw).toContain(`href="${invoiceLink}"`);
      // Followed by its owner, the link downloads the invoice, with the code and what it took off.
      const [download] = await Promise.all([
        learner.waitForEvent("download"),
        learner.evaluate((url) => {
          window.location.href = url;
        }, invoiceLink),
      ]);
      expect(download.suggestedFilename()).toMatch(/^invoice-INV-\d{4}-\d{6}\.pdf$/);
      const receipt = await downloadedBytes(download);
      expect(receipt.subarray(0, 5).toString()).toBe("%PDF-");
      expect(await pdfDraws(receipt, number)).toBe(true);
      expect(await pdfDraws(receipt, fixed)).toBe(true);
      expect(await pdfDraws(receipt, "-£2.50")).toBe(true);
      expect(await pdfDraws(receipt, "£7.00")).toBe(true);

      // The code's one use for this learner is spent: on the whole artefact now, the field says so.
      await addToCart(learner, "elasticsearch");
      await applyCode(learner, fixed);
      await expectRefused(learner, "You have already used this code as many times as it allows.");
      expect(await fact(learner, "Discount")).toBe("£0.00");
      await emptyCart(learner.request);
    });

    // Followed by a visitor, the link asks them to sign in first, to come back to the order.
    await inOtherContext(session, {}, async (visitor) => {
      await visitor.goto(invoiceLink);
      await visitor.waitForURL((url) => url.pathname === "/login");
      const back = new URL(visitor.url()).searchParams.get("redirectTo");
      expect(invoiceLink).toBe(`${baseUrl}${back}/invoice`);
    });
  });
});

/** Types a code into the cart's field, once the page's script handles it, and presses Apply. */
async function applyCode(learner: Page, code: string) {
  await learner.locator("button[data-enhanced]", { hasText: "Apply" }).waitFor();
  await learner.getByLabel("Coupon code").fill(code);
  await learner.getByRole("button", { name: "Apply" }).click();
}

import { describe, expect, it } from "vitest";
import { waitForMail } from "../support/accounts.ts";
import { downloadedBytes } from "../support/browser.ts";
import { answerConfirmation } from "../support/confirm.ts";
import {
  type Bought,
  bell,
  buyFromListing,
  checkPage,
  fact,
  LEARNER,
  openUnreadNotifications,
  toast,
  useLearnerBrowser,
} from "../support/purchase.ts";

/**
 * The money-back guarantee, self-served: a learner buys Observability (which
 * only purchase-without-javascript also buys, and refunds too), asks for the
 * refund on the order's page, confirms, and the order says Refunded
 * everywhere while the artefact is for sale again.
 */
describe("a learner's own refund", () => {
  const session = useLearnerBrowser();
  let bought: Bought;

  it("offers the PDF invoice and Request refund on a new order, asks 'Are you sure?', then shows the order Refunded with its credit note", async () => {
    const { page } = session;
    // Whatever earlier purchases told this learner is read first.
    await page.goto("/notifications");
    await bell(page, "Notifications").waitFor();
    bought = await buyFromListing(page, {
      slug: "observability",
      method: { value: "card", label: "Credit or debit card", provider: "stripe" },
      name: "Observability",
      price: "£35.00",
    });
    await page.goto(`/order-details/${bought.id}`);
    await page.getByRole("heading", { name: `Order ${bought.number}`, level: 1 }).waitFor();
    expect(await fact(page, "Status")).toBe("Completed");
    const guarantee = page.getByRole("region", { name: "6-day money-back guarantee" });
    expect(await guarantee.textContent()).toMatch(/until [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s[AP]M/);
    await checkPage(page);

    // The invoice downloads as a PDF named after its number.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download invoice (PDF)" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^invoice-INV-\d{4}-\d{6}\.pdf$/);
    expect((await downloadedBytes(download)).subarray(0, 5).toString()).toBe("%PDF-");

    await guarantee.getByRole("button", { name: "Request refund" }).click();
    // The question names the order and what goes back.
    expect((await answerConfirmation(page, "Refund")).question).toBe(`Refund order ${bought.number} of £35.00?`);
    await toast(page, "Your order is refunded and its access removed.");
    await page.waitForFunction(
      () => document.querySelector(".account-page__header .status-badge")?.textContent === "Refunded",
    );
    expect(await fact(page, "Status")).toBe("Refunded");
    expect(await fact(page, "Payment status")).toBe("Refunded");
    expect(await page.getByRole("button", { name: "Request refund" }).count()).toBe(0);
    // The refund's credit note downloads beside the invoice.
    const [creditNote] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: /^Download credit note CN-\d{4}-\d{6} \(PDF\)$/ }).click(),
    ]);
    expect(creditNote.suggestedFilename()).toMatch(/^credit-note-CN-\d{4}-\d{6}\.pdf$/);
    expect((await downloadedBytes(creditNote)).subarray(0, 5).toString()).toBe("%PDF-");

    const mail = await waitForMail(LEARNER.email, new RegExp(`order ${bought.number} is refunded`));
    expect(mail.subject).toBe(`Your Skillshelf order ${bought.number} is refunded`);
  });

  it("tells the learner in Notifications, counted in the header until seen", async () => {
    const { page } = session;
    const { unread, titles } = await openUnreadNotifications(page, 2);
    expect(titles).toEqual(["Unread: Your refund is done", "Unread: Your order is complete"]);
    expect(await unread.getByRole("link", { name: "Your refund is done" }).getAttribute("href")).toBe(
      `/order-details/${bought.id}`,
    );
    expect(await unread.textContent()).toContain(`Order ${bought.number}: £35.00 goes back the way you paid (Card).`);
    // Seen: the header's count goes, and they are Earlier next time.
    await bell(page, "Notifications").waitFor();
    await checkPage(page);
    await page.reload();
    await page.getByText("You are all caught up.").waitFor();
    // This order's: the shared learner may have had other refunds in other files.
    expect(
      await page
        .getByRole("region", { name: /^Earlier/ })
        .locator(`a[href="/order-details/${bought.id}"]`)
        .filter({ hasText: "Your refund is done" })
        .count(),
    ).toBe(1);
  });

  it("lists the order as Refunded, and sells Observability again", async () => {
    const { page } = session;
    await page.goto("/my-orders");
    const card = page.locator("article.order-card", {
      has: page.getByRole("heading", { name: `Order ${bought.number}` }),
    });
    await card.waitFor();
    expect(await card.locator(".status-badge").textContent()).toBe("Refunded");

    await page.goto("/observability");
    await page
      .locator(".page-hero")
      .getByRole("button", { name: /Add To Cart/ })
      .waitFor();
    expect(await page.locator(".page-hero").getByText("Owned", { exact: true }).count()).toBe(0);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { waitForMail } from "../support/accounts.ts";
import { acceptDialogs } from "../support/admin.ts";
import { useBrowser } from "../support/browser.ts";
import {
  type Bought,
  buyFromListing,
  checkPage,
  fact,
  LEARNER,
  type StorageState,
  signInLearner,
  toast,
} from "../support/purchase.ts";

/**
 * The money-back guarantee, self-served: a learner buys Observability (which
 * no other test buys), asks for the refund on the order's page, confirms,
 * and the order says Refunded everywhere while the artefact is for sale again.
 */
describe("a learner's own refund", () => {
  let state: StorageState;
  const session = useBrowser({ storageState: () => state });
  beforeAll(async () => {
    state = await signInLearner(session.browser);
  });
  let bought: Bought;

  it("offers Request refund on a new order, asks 'Are you sure?', then shows the order Refunded", async () => {
    const { page } = session;
    bought = await buyFromListing(page, {
      slug: "observability",
      method: { value: "card", label: "Credit or debit card", provider: "stripe" },
      name: "Observability",
      price: "GBP 35.00",
    });
    await page.goto(`/order-details/${bought.id}`);
    await page.getByRole("heading", { name: `Order ${bought.number}`, level: 1 }).waitFor();
    expect(await fact(page, "Status")).toBe("Completed");
    const guarantee = page.getByRole("region", { name: "6-day money-back guarantee" });
    expect(await guarantee.textContent()).toMatch(/until [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s[AP]M/);
    await checkPage(page);

    const prompts = acceptDialogs(page);
    await guarantee.getByRole("button", { name: "Request refund" }).click();
    await toast(page, "Your order is refunded and its access removed.");
    expect(prompts).toEqual(["Are you sure?"]);
    await page.waitForFunction(
      () => document.querySelector(".account-page__header .status-badge")?.textContent === "Refunded",
    );
    expect(await fact(page, "Status")).toBe("Refunded");
    expect(await fact(page, "Payment status")).toBe("Refunded");
    expect(await page.getByRole("button", { name: "Request refund" }).count()).toBe(0);

    const mail = await waitForMail(LEARNER.email, new RegExp(`order ${bought.number} is refunded`));
    expect(mail.subject).toBe(`Your Skillshelf order ${bought.number} is refunded`);
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

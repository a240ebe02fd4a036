import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { waitForMail } from "../support/accounts.ts";
import { inOtherContext } from "../support/browser.ts";
import { addToCart, emptyCart, fact, LEARNER, sessionState, toast, useLearnerBrowser } from "../support/purchase.ts";
import { COUPON_RACE, RACER } from "../support/seed-guarantees.ts";

/** RACER's session, made by seed-guarantees.ts. */
const racerState = sessionState(RACER.sessionToken);

/** Cart, code, checkout: up to the emulated Stripe page's Pay, not pressed yet. */
async function checkoutWithCode(page: Page): Promise<void> {
  await addToCart(page, COUPON_RACE.slug);
  await page.locator("button[data-enhanced]", { hasText: "Apply" }).waitFor();
  await page.getByLabel("Coupon code").fill(COUPON_RACE.code);
  await page.getByRole("button", { name: "Apply" }).click();
  await toast(page, "Your code is applied.");
  expect(await fact(page, "Discount")).toBe(COUPON_RACE.discount);
  expect(await fact(page, "Total")).toBe(COUPON_RACE.total);
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await page.waitForURL(/\/checkout\?method=card$/);
  expect(await fact(page, "Total")).toBe(COUPON_RACE.total);
  await page.getByRole("button", { name: "Complete Purchase" }).click();
  await page.waitForURL(/\/emulator\/stripe\//);
  await page.getByRole("button", { name: "Pay", exact: true }).waitFor();
}

/**
 * "Uses are counted at fulfilment, exactly once, also under concurrent
 * checkouts", end to end: a code with one use left, taking £3.00 off Coupon
 * Race (seed-guarantees.ts; no other file buys it). The shared purchase
 * learner and a second learner both check out with it, so both are charged
 * the discounted £5.00, then press Pay on the emulated Stripe page at once.
 * Whichever payment arrives first takes the code's one use and makes the
 * order; the other makes none and goes back whole, and that learner's cart
 * says the code is used up. Which learner wins is up to the store; that
 * exactly one does is not.
 */
describe("a code's last use, paid for by two learners at once", () => {
  const session = useLearnerBrowser();

  it("makes one order with the discount, and refunds the other payment whole", async () => {
    await inOtherContext(session, { storageState: racerState }, async (racer) => {
      const learners = [
        { page: session.page, email: LEARNER.email },
        { page: racer, email: RACER.email },
      ];
      for (const { page } of learners) await checkoutWithCode(page);

      await Promise.all(learners.map(({ page }) => page.getByRole("button", { name: "Pay", exact: true }).click()));
      const landed = (url: URL) => url.pathname === "/payment-confirmation" || url.pathname === "/payment-cancelled";
      await Promise.all(learners.map(({ page }) => page.waitForURL(landed)));
      const paths = learners.map(({ page }) => new URL(page.url()).pathname);
      expect([...paths].sort()).toEqual(["/payment-cancelled", "/payment-confirmation"]);
      const winner = learners[paths.indexOf("/payment-confirmation")] as (typeof learners)[number];
      const loser = learners[paths.indexOf("/payment-cancelled")] as (typeof learners)[number];

      // The winner's order: the code and its discount.
      await winner.page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
      expect(await fact(winner.page, "Amount paid")).toBe(COUPON_RACE.total);
      const id = new URL(winner.page.url()).searchParams.get("order");
      await winner.page.goto(`/order-details/${id}`);
      await winner.page.getByRole("heading", { name: /^Order /, level: 1 }).waitFor();
      expect(await fact(winner.page, "Coupon code")).toBe(COUPON_RACE.code);
      expect(await fact(winner.page, "Discount")).toBe(COUPON_RACE.discount);
      expect(await fact(winner.page, "Amount")).toBe(COUPON_RACE.total);
      await winner.page.goto(`/${COUPON_RACE.slug}`);
      await winner.page.locator(".page-hero").getByText("Owned", { exact: true }).waitFor();

      // The other payment made no order: it goes back whole, and the learner hears why.
      expect(new URL(loser.page.url()).searchParams.get("refunded")).toBe("1");
      await loser.page.getByRole("heading", { name: "Payment Cancelled", level: 1 }).waitFor();
      expect(await loser.page.getByRole("status").filter({ hasText: "refunded in full" }).textContent()).toBe(
        "This payment made no order, so it has been refunded in full. An e-mail with the details is on its way.",
      );
      const mail = await waitForMail(loser.email, new RegExp(`^We refunded your payment of ${COUPON_RACE.total}$`));
      expect(mail.raw).toContain("another order took the code's last use");
      expect(mail.raw).toContain(COUPON_RACE.name);

      // Its cart is as it was, but the code's one use is taken: no discount.
      await loser.page.goto("/cart");
      await loser.page.getByRole("heading", { name: "1 Item(s) in Cart" }).waitFor();
      await loser.page.locator(".coupon-form .field__error", { hasText: "This code has been used up." }).waitFor();
      expect(await fact(loser.page, "Discount")).toBe("£0.00");
      expect(await fact(loser.page, "Total")).toBe(COUPON_RACE.price);
      await loser.page.goto(`/${COUPON_RACE.slug}`);
      await loser.page
        .locator(".page-hero")
        .getByRole("button", { name: /Add To Cart/ })
        .waitFor();
      expect(await loser.page.locator(".page-hero").getByText("Owned", { exact: true }).count()).toBe(0);
      await emptyCart(loser.page.request);
    });
  });
});

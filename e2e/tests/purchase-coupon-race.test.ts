import { CART_CHANGED } from "@skillshelf/shared/constants.ts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { dropExpectedRequestErrors } from "../support/accounts.ts";
import { inOtherContext } from "../support/browser.ts";
import { addToCart, emptyCart, fact, sessionState, toast, useLearnerBrowser } from "../support/purchase.ts";
import { COUPON_RACE, RACER } from "../support/seed-guarantees.ts";

/** RACER's session, made by seed-guarantees.ts. */
const racerState = sessionState(RACER.sessionToken);

/** Cart and code, then the checkout by card with the discount, Complete Purchase not pressed yet. */
async function readyToPay(page: Page): Promise<void> {
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
}

/** Where Complete Purchase took the learner: the emulated Stripe page, or a refusal on the checkout itself. */
async function completePurchase(page: Page): Promise<"provider" | "refused"> {
  await page.getByRole("button", { name: "Complete Purchase" }).click();
  const provider = page.waitForURL(/\/emulator\/stripe\//).then(() => "provider" as const);
  const refused = toast(page, CART_CHANGED, "error").then(() => "refused" as const);
  // The other one never comes: it ends with the page's context.
  for (const waiting of [provider, refused]) waiting.catch(() => {});
  return Promise.race([provider, refused]);
}

/**
 * A code with one use left, taking £3.00 off Coupon Race (seed-guarantees.ts;
 * no other file buys it). The shared purchase learner and a second learner
 * both have it in their carts and both press Complete Purchase at once. The
 * checkout that starts first holds the code's use; the other learner is told
 * the cart changed before paying anything, and their cart says the code is
 * used up. Which learner wins is up to the store; that exactly one does is not.
 * (A payment that still arrives with a use gone, after its checkout's hold,
 * goes back whole: apps/server/test/coupons-credit.test.ts.)
 */
describe("a code's last use, wanted by two learners at once", () => {
  const session = useLearnerBrowser();

  it("goes to the checkout that takes it first; the other learner is told before paying, and pays nothing", async () => {
    await inOtherContext(session, { storageState: racerState }, async (racer) => {
      const learners = [session.page, racer];
      for (const page of learners) await readyToPay(page);

      const outcomes = await Promise.all(learners.map(completePurchase));
      expect([...outcomes].sort()).toEqual(["provider", "refused"]);
      const winner = learners[outcomes.indexOf("provider")] as Page;
      const loser = learners[outcomes.indexOf("refused")] as Page;
      // The refused start's answer, which the browser reports as a failed request.
      dropExpectedRequestErrors(session.errors, [409]);

      // The learner told: the checkout shows the price without the code, and nothing was charged.
      await expect.poll(() => fact(loser, "Total")).toBe(COUPON_RACE.price);
      expect(new URL(loser.url()).pathname).toBe("/checkout");

      // The winner pays with the discount.
      await winner.getByRole("button", { name: "Pay", exact: true }).click();
      await winner.waitForURL((url) => url.pathname === "/payment-confirmation");
      await winner.getByRole("heading", { name: "Payment Successful!" }).waitFor();
      expect(await fact(winner, "Amount paid")).toBe(COUPON_RACE.total);
      const id = new URL(winner.url()).searchParams.get("order");
      await winner.goto(`/order-details/${id}`);
      await winner.getByRole("heading", { name: /^Order /, level: 1 }).waitFor();
      expect(await fact(winner, "Coupon code")).toBe(COUPON_RACE.code);
      expect(await fact(winner, "Discount")).toBe(COUPON_RACE.discount);
      expect(await fact(winner, "Amount")).toBe(COUPON_RACE.total);

      // The other cart keeps its line; its code is used up.
      await loser.goto("/cart");
      await loser.getByRole("heading", { name: "1 Item(s) in Cart" }).waitFor();
      await loser.locator(".coupon-form .field__error", { hasText: "This code has been used up." }).waitFor();
      expect(await fact(loser, "Discount")).toBe("£0.00");
      expect(await fact(loser, "Total")).toBe(COUPON_RACE.price);
      await emptyCart(loser.request);
    });
  });
});

import type { Page, Request, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { waitForMail } from "../support/accounts.ts";
import { answerConfirmation } from "../support/confirm.ts";
import {
  allowConsoleErrors,
  bell,
  buyFromListing,
  fact,
  LEARNER,
  openUnreadNotifications,
  toast,
  useLearnerBrowser,
} from "../support/purchase.ts";
import { REFUND_DRILL } from "../support/seed-guarantees.ts";
import { store } from "../support/store.ts";

const REFUNDED = "Your order is refunded and its access removed.";
/** What the store answers the second request: the first is still at the provider, or already done. */
const REFUSED = /^(This order has already been refunded\.|A refund of this order is already in progress\.)$/;

/** The header's More.. is a plain link in the server's HTML and a button once the page's script runs. */
const hydrated = (page: Page) => page.locator("header.site-header button.more-menu__button").waitFor();

/**
 * "Concurrent requests refund once", end to end: the shared purchase learner
 * buys Refund Drill (seed-guarantees.ts; no other file buys it), opens the
 * order in two tabs, confirms Request refund in both, and both requests reach
 * the store together (each held until the other is sent, then released at
 * once). One tab says the order is refunded; the other says why it was not
 * refunded again; the learner is told once, and the artefact is for sale again.
 */
describe("two refund requests for one order at once", () => {
  const session = useLearnerBrowser();

  it("refund once: one tab's toast says refunded, the other's why not, and the other's page drops its Request refund at once", async () => {
    const { page, context } = session;
    // Whatever earlier purchases told this learner is read first.
    await page.goto("/notifications");
    await bell(page, "Notifications").waitFor();
    const bought = await buyFromListing(page, {
      slug: REFUND_DRILL.slug,
      method: { value: "card", label: "Credit or debit card", provider: "stripe" },
      name: REFUND_DRILL.name,
      price: REFUND_DRILL.price,
    });

    const second = await context.newPage();
    second.on("console", (message) => {
      if (message.type() === "error") session.errors.push(message.text());
    });
    second.on("pageerror", (error) => session.errors.push(error.message));
    const tabs = [page, second];
    // Each tab's refund (the page action's data request) waits until both are sent.
    const isRefund = (request: Request) =>
      request.method() === "POST" && new URL(request.url()).pathname === `/order-details/${bought.id}.data`;
    const held: Route[] = [];
    let bothSent = () => {};
    const sent = new Promise<void>((resolve) => {
      bothSent = resolve;
    });
    for (const tab of tabs) {
      await tab.route(
        (url) => url.pathname === `/order-details/${bought.id}.data`,
        async (route) => {
          if (route.request().method() !== "POST") return route.continue();
          held.push(route);
          if (held.length === tabs.length) bothSent();
        },
      );
      await tab.goto(`/order-details/${bought.id}`);
      await tab.getByRole("heading", { name: `Order ${bought.number}`, level: 1 }).waitFor();
      expect(await fact(tab, "Status")).toBe("Completed");
      await hydrated(tab);
    }

    const answers = tabs.map((tab) => tab.waitForResponse((response) => isRefund(response.request())));
    await Promise.all(tabs.map((tab) => tab.getByRole("button", { name: "Request refund" }).click()));
    const asked = await Promise.all(tabs.map((tab) => answerConfirmation(tab, "Refund")));
    await sent;
    const question = `Refund order ${bought.number} of ${REFUND_DRILL.price}?`;
    expect(asked.map((a) => a.question)).toEqual([question, question]);
    await Promise.all(held.map((route) => route.continue()));
    const statuses = await Promise.all(answers.map(async (answer) => (await answer).status()));
    expect([...statuses].sort()).toEqual([200, 409]);
    const winner = tabs[statuses.indexOf(200)] as Page;
    const loser = tabs[statuses.indexOf(409)] as Page;

    await toast(winner, REFUNDED);
    await winner.waitForFunction(
      () => document.querySelector(".account-page__header .status-badge")?.textContent === "Refunded",
    );
    expect(await fact(winner, "Status")).toBe("Refunded");
    expect(await fact(winner, "Payment status")).toBe("Refunded");
    expect(await winner.getByRole("button", { name: "Request refund" }).count()).toBe(0);

    // The toast's text, without its close button.
    await loser.locator(".toast--error p").filter({ hasText: REFUSED }).first().waitFor();
    expect(await loser.locator(".toast--success").filter({ hasText: REFUNDED }).count()).toBe(0);
    allowConsoleErrors(session, /status of 409/);
    // The refused tab reads the order again at once: no Request refund (the other tab's refund may still be
    // under way), and Refunded once it is done.
    await loser.getByRole("button", { name: "Request refund" }).waitFor({ state: "detached" });
    await loser.reload();
    await loser.getByRole("heading", { name: `Order ${bought.number}`, level: 1 }).waitFor();
    expect(await fact(loser, "Status")).toBe("Refunded");
    expect(await loser.getByRole("button", { name: "Request refund" }).count()).toBe(0);

    // Told once: the order's completion and one refund are all that is unread.
    await second.close();
    const { unread, titles } = await openUnreadNotifications(page, 2);
    expect(titles).toEqual(["Unread: Your refund is done", "Unread: Your order is complete"]);
    expect(
      await unread
        .getByRole("link", { name: "Your refund is done" })
        .evaluateAll((links) => links.map((link) => link.getAttribute("href"))),
    ).toEqual([`/order-details/${bought.id}`]);
    const subject = `Your Skillshelf order ${bought.number} is refunded`;
    await waitForMail(LEARNER.email, new RegExp(`order ${bought.number} is refunded`));
    const mails = (await (
      await fetch(`${store.mailboxUrl}/messages?to=${encodeURIComponent(LEARNER.email)}`)
    ).json()) as { subject: string }[];
    expect(mails.filter((mail) => mail.subject === subject)).toHaveLength(1);
  });

  it("sells Refund Drill again: its listing offers Add To Cart, and My Items does not list it", async () => {
    const { page } = session;
    await page.goto(`/${REFUND_DRILL.slug}`);
    const hero = page.locator(".page-hero");
    await hero.getByRole("button", { name: /Add To Cart/ }).waitFor();
    expect(await hero.getByText("Owned", { exact: true }).count()).toBe(0);

    await page.goto("/my-items");
    await page.getByRole("heading", { name: "My Items", level: 1 }).waitFor();
    expect(await page.getByRole("heading", { name: REFUND_DRILL.name, exact: true }).count()).toBe(0);
  });
});

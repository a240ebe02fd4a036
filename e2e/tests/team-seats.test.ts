import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formReady, PASSWORD, uniqueEmail, waitForMail } from "../support/accounts.ts";
import { inOtherContext, useBrowser } from "../support/browser.ts";
import { TEAM } from "../support/learner.ts";
import { cartLink, checkPage, fact, onEmulatorPage, sessionState, toast } from "../support/purchase.ts";

/**
 * Issue 42's proof: a seat manager buys 5 seats of Docker by card, invites two colleagues by mail
 * (the test SMTP server), each claims a seat and reads, the manager sees their progress, releases
 * one seat and invites that colleague again. The manager and Ben have sessions from seed-learner.ts;
 * Ana registers from the invitation's page (one registration of the run's ten an hour).
 */
const ANA = { name: "Ana Newcomer", email: uniqueEmail("ana") };
const ARTICLE = "/docker/image-layers";
const SUBJECT = /A seat of Docker on Skillshelf is waiting for you/;

/** The invitation's link in a mail: /teams/join/{code}. */
const linkIn = (raw: string) => /\/teams\/join\/[\w-]+/.exec(raw)?.[0] ?? "";

/** The team's section on /my-teams. */
const teamOf = (page: Page) => page.locator("section.team", { has: page.getByRole("heading", { name: "Docker" }) });

/** On an invitation's page, signed in: Claim my seat, then My Items with Docker; then reads an article. */
async function claimAndRead(page: Page, link: string) {
  await page.goto(link);
  await page.getByText("Your team has a seat of Docker for you").waitFor();
  // Once the page's script handles it: before, the press is a plain form post.
  await page.locator("main button[data-enhanced]", { hasText: "Claim my seat" }).click();
  await toast(page, "Your seat is claimed: Docker is in My Items.");
  await page.waitForURL(/\/my-items$/);
  await page
    .locator("article.owned-item")
    .filter({ has: page.getByRole("heading", { name: "Docker" }) })
    .waitFor();
  await page.goto(ARTICLE);
  const progress = page.getByRole("region", { name: "Your progress" });
  await progress.locator("button[data-enhanced]", { hasText: "Mark as done" }).waitFor();
  // Read to the end, which marks the article done: pressing Mark as done as well could land after
  // that mark was saved, and undo it.
  await progress.scrollIntoViewIfNeeded();
  await toast(page, "Marked as done.");
  await progress.locator("button[data-enhanced]", { hasText: "Mark as not done" }).waitFor();
}

describe("teams buy seats", () => {
  const session = useBrowser({ storageState: () => sessionState(TEAM.manager.sessionToken) });

  it("buys 5 seats by card, invites two colleagues who claim and read, sees their progress, releases one and re-invites", async () => {
    const { page } = session;
    // For my team, on the listing: 5 seats of the whole artefact.
    await page.goto("/docker");
    await page.locator(".page-hero button[data-enhanced]", { hasText: "Add To Cart" }).waitFor();
    await page.locator(".page-hero summary", { hasText: "For my team" }).click();
    await page.locator(".page-hero").getByLabel("Seats (2 to 500)").fill("5");
    await page.locator(".page-hero button[data-enhanced]", { hasText: "Add seats to cart" }).click();
    await cartLink(page, 1).click();
    await page.waitForURL(/\/cart$/);
    expect(await page.locator(".cart-line__seats").textContent()).toBe("5 seats × £19.99");
    expect(await fact(page, "Total")).toBe("£99.95");
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await page.waitForURL(/\/checkout\?method=card$/);
    await page.getByRole("button", { name: "Complete Purchase" }).click();
    await onEmulatorPage(page, "stripe", "Pay");
    await page.waitForURL(/\/payment-confirmation\?order=\d+$/);
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    // Seats are the team's: the confirmation sends the manager to invite them, not to read.
    expect(await page.getByRole("region", { name: "Unlocked for you" }).count()).toBe(0);

    // The seat manager's page, from the confirmation.
    await page.getByRole("link", { name: "Invite your team" }).click();
    await page.waitForURL(/\/my-teams$/);
    const team = teamOf(page);
    await team.getByText("0 of 5 seats claimed").waitFor();
    expect(await team.getByLabel("Invitation link").inputValue()).toMatch(/\/teams\/join\/[\w-]{43}$/);
    await team.locator("button[data-enhanced]", { hasText: "Send invitations" }).waitFor();
    await team.getByLabel("Invite by e-mail").fill(`${ANA.email}\n${TEAM.colleague.email}`);
    await team.getByRole("button", { name: "Send invitations" }).click();
    await toast(page, "Invitations sent: 2.");
    await team.getByText(TEAM.colleague.email, { exact: true }).waitFor();
    await checkPage(page);

    // Ana has no account: she registers from the invitation's page, signs in and comes back to claim.
    const anaLink = linkIn((await waitForMail(ANA.email, SUBJECT)).raw);
    expect(anaLink).not.toBe("");
    await inOtherContext(session, {}, async (ana) => {
      await ana.goto(anaLink);
      await ana.getByRole("heading", { name: "Your team's invitation", level: 1 }).waitFor();
      await checkPage(ana);
      await ana.getByRole("link", { name: "Create account" }).click();
      await ana.waitForURL(/\/registration\?redirectTo=/);
      await formReady(ana);
      await ana.getByLabel("Full name").fill(ANA.name);
      await ana.getByLabel("Email", { exact: true }).fill(ANA.email);
      await ana.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await ana.getByLabel("Confirm password", { exact: true }).fill(PASSWORD);
      await ana.getByRole("button", { name: "Create account" }).click();
      await ana.waitForURL(/\/login\?redirectTo=/, { timeout: 10_000 });
      await formReady(ana);
      await ana.getByLabel("Email", { exact: true }).fill(ANA.email);
      await ana.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await ana.getByRole("button", { name: "Sign in", exact: true }).click();
      await ana.waitForURL((url) => url.pathname === anaLink, { timeout: 10_000 });
      await claimAndRead(ana, anaLink);
    });

    // Ben is signed in already.
    const benLink = linkIn((await waitForMail(TEAM.colleague.email, SUBJECT)).raw);
    await inOtherContext(session, { storageState: sessionState(TEAM.colleague.sessionToken) }, (ben) =>
      claimAndRead(ben, benLink),
    );

    // The manager sees who claimed and how far each has read.
    await page.reload();
    await team.getByText("2 of 5 seats claimed").waitFor();
    for (const name of [ANA.name, TEAM.colleague.name]) {
      expect(await team.getByRole("row", { name: new RegExp(name) }).textContent()).toMatch(/1 of \d+ articles done/);
    }

    // Release Ben's seat: he loses Docker; then invite him again.
    await team
      .getByRole("row", { name: new RegExp(TEAM.colleague.name) })
      .getByRole("button", { name: /Release/ })
      .click();
    await toast(page, "The seat is free again; its holder no longer has access.");
    await team.getByText("1 of 5 seats claimed").waitFor();
    await inOtherContext(session, { storageState: sessionState(TEAM.colleague.sessionToken) }, async (ben) => {
      const items = await ben.request.get("/api/get-items");
      expect(((await items.json()) as { data: { rows: unknown[] } }).data.rows).toEqual([]);
    });
    await team.getByLabel("Invite by e-mail").fill(TEAM.colleague.email);
    await team.getByRole("button", { name: "Send invitations" }).click();
    await toast(page, "Invitations sent: 1.");
    // A new invitation of his own: the mail after the first.
    await expect
      .poll(async () => linkIn((await waitForMail(TEAM.colleague.email, SUBJECT)).raw), { timeout: 15_000 })
      .not.toBe(benLink);
  });
});

import { type APIRequestContext, request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminReady, signInAdmin } from "../support/admin.ts";
import { baseUrl, expectAccessible, useBrowser } from "../support/browser.ts";
import { answerConfirmation } from "../support/confirm.ts";
import { TEAM } from "../support/learner.ts";
import { allowConsoleErrors, payCartThroughApi, type StorageState, sessionState, toast } from "../support/purchase.ts";

/**
 * The operator's team seats screens in the browser (issue 42), with JavaScript: a team order's seats
 * in the orders list, its holder released after the confirmation dialog, its invitations resent, and
 * the volume tiers set, refused and removed again (so no other test's cart sees a discount). The
 * lead and the holder come with sessions (seed-learner.ts): nothing of the run's sign-up limits.
 */
describe("team seats in /admin", () => {
  let adminState: StorageState;
  const session = useBrowser({ storageState: () => adminState });
  const contexts: APIRequestContext[] = [];
  let orderId = 0;
  let holderEmail = "";

  beforeAll(async () => {
    adminState = await signInAdmin(session.browser);
    // The lead and the holder have sessions of their own (seed-learner.ts): this file registers nobody.
    const manager = await request.newContext({ baseURL: baseUrl, storageState: sessionState(TEAM.lead.sessionToken) });
    const holder = await request.newContext({ baseURL: baseUrl, storageState: sessionState(TEAM.holder.sessionToken) });
    contexts.push(manager, holder);
    const listing = (await (await manager.post("/api/get-data", { data: { slug: "docker" } })).json()) as {
      seo_data: { id: number };
    };
    const added = await manager.post("/api/cart/add", { data: { sub_category_id: listing.seo_data.id, seats: 3 } });
    expect(added.status(), await added.text()).toBe(201);
    await payCartThroughApi(manager);
    let team: { order_id: number; invitations: { email: string | null; url: string }[] } | undefined;
    for (let attempt = 0; attempt < 50 && !team; attempt++) {
      [team] = ((await (await manager.get("/api/teams")).json()) as { data: NonNullable<typeof team>[] }).data;
      if (!team) await new Promise((r) => setTimeout(r, 100));
    }
    if (!team) throw new Error("no team purchase after paying");
    orderId = team.order_id;
    const code = team.invitations
      .find((i) => i.email === null)
      ?.url.split("/")
      .at(-1);
    holderEmail = TEAM.holder.email;
    expect((await holder.post(`/api/teams/join/${code}`)).status()).toBe(200);
  });

  afterAll(async () => {
    for (const context of contexts) await context.dispose();
  });

  it("shows the seats, releases a holder's seat after the confirmation, and resends invitations", async () => {
    const { page } = session;
    await page.goto("/admin/orders");
    await adminReady(page, "Orders");
    const row = page.getByRole("row").filter({ has: page.locator(`a[href="/admin/orders/${orderId}"]`) });
    await row.getByText("3 seats, 1 claimed").waitFor();
    await row.getByRole("link").first().click();
    await page.getByRole("heading", { name: "Team purchase: Docker", level: 2 }).waitFor();
    await page.getByText("3 seats, 1 claimed").waitFor();
    await expectAccessible(page);

    // Cancel first: nothing happens.
    await page.getByRole("button", { name: `Release the seat of ${holderEmail}` }).click();
    const asked = await answerConfirmation(page, "Cancel");
    expect(asked).toEqual({ question: "Are you sure?", detail: `Seat Holder (${holderEmail})` });
    await page.getByRole("button", { name: `Release the seat of ${holderEmail}` }).click();
    await answerConfirmation(page, "Release");
    await toast(page, "The seat is free again; its holder no longer has access.");
    await page.getByText("3 seats, 0 claimed").waitFor();
    await page.getByText("No seat of this team purchase is claimed.").waitFor();

    await page.getByRole("button", { name: "Resend invitations" }).click();
    await toast(page, "Invitations sent again: 0.");
  });

  it("sets volume tiers, shows a refused row's message, and removes them", async () => {
    const { page } = session;
    await page.goto("/admin");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Team seats" }).click();
    await page.getByRole("heading", { name: "Team seats", level: 1 }).waitFor();
    await page.getByText("No volume discount: every seat costs the unit price.").waitFor();
    const tier = (n: number) => page.getByRole("group", { name: `Tier ${n}` });

    await tier(1).getByLabel("From seats").fill("10");
    await tier(1).getByLabel("Percent off").fill("5");
    await tier(2).getByLabel("From seats").fill("1");
    await tier(2).getByLabel("Percent off").fill("95");
    await page.getByRole("button", { name: "Save discounts" }).click();
    const message = "Each tier needs its seats (2 to 500, each more than the last) and a percent off (1 to 90).";
    await tier(2).getByText(message).waitFor();
    expect(await tier(2).getByLabel("From seats").getAttribute("aria-invalid")).toBe("true");
    // The action's refusal is a 422, which Chromium logs.
    allowConsoleErrors(session, /status of 422/);
    await expectAccessible(page);

    await tier(2).getByLabel("From seats").fill("50");
    await tier(2).getByLabel("Percent off").fill("15");
    await page.getByRole("button", { name: "Save discounts" }).click();
    await page.getByRole("status").filter({ hasText: "The volume discounts are saved." }).waitFor();
    expect(await tier(2).getByLabel("From seats").inputValue()).toBe("50");

    for (const n of [1, 2]) {
      await tier(n).getByLabel("From seats").fill("");
      await tier(n).getByLabel("Percent off").fill("");
    }
    await page.getByRole("button", { name: "Save discounts" }).click();
    await page.getByText("No volume discount: every seat costs the unit price.").waitFor();
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import {
  type Account,
  apiContext,
  formReady,
  registerAccount,
  sessionCookie,
  signInThroughApi,
  toast,
  waitForMail,
} from "../support/accounts.ts";
import { adminReady, create, signInAdmin } from "../support/admin.ts";
import { downloadedBytes, expectAccessible, useBrowser } from "../support/browser.ts";
import { answerConfirmation } from "../support/confirm.ts";
import type { StorageState } from "../support/purchase.ts";

const PROMPT = "Are you sure you want to remove profile?";
const LINK_SENT = "We have sent a link to your e-mail address. Follow it within an hour to delete your account.";

/**
 * Issue 41's records half in the browser: a learner's own security events in Settings, "Download
 * my data" as a JSON file, "Delete my account" through the mailed one-time link, and an
 * operator's action in /admin/audit.
 */
describe("a learner's data", () => {
  const session = useBrowser();
  let account: Account;

  beforeAll(async () => {
    const api = await apiContext();
    account = await registerAccount(api, { name: "Ada Datawise" });
    await api.dispose();
  });

  it("shows the sign-in in Settings, downloads the data, and deletes the account through the mailed link", async () => {
    const { page } = session;
    // A password sign-in: recent enough to delete without the password again.
    await signInThroughApi(page.request, account);
    await page.goto("/settings");
    await formReady(page);
    const events = page.locator("section", { has: page.getByRole("heading", { name: "Recent security events" }) });
    await events.locator('tr[data-action="auth.login_succeeded"]').first().waitFor();
    await expectAccessible(page);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download my data" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^skillshelf-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse((await downloadedBytes(download)).toString("utf8"));
    expect(file.format).toBe("skillshelf-learner-data/1");
    expect(file.tables.users[0]).toMatchObject({ name: "Ada Datawise", email: account.email });
    expect(file.tables.audit_events.map((e: { action: string }) => e.action)).toContain("auth.login_succeeded");

    await page.getByRole("button", { name: "Send me the deletion link" }).click();
    expect((await answerConfirmation(page, "Delete my account")).question).toBe(PROMPT);
    await toast(page, LINK_SENT).waitFor();

    const mail = await waitForMail(account.email, /Confirm the deletion of your Skillshelf account/);
    const link = /https?:\/\/[^\s"<]+\/delete-account\/[\w-]+/.exec(mail.raw)?.[0];
    expect(link).toBeDefined();
    await page.goto(link ?? "");
    await formReady(page);
    await page.getByRole("heading", { name: "Delete my account", level: 1 }).waitFor();
    await page.getByText(PROMPT).waitFor();
    await page.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL("**/account-deleted");
    await page.getByRole("heading", { name: "Your account is deleted.", level: 1 }).waitFor();
    expect(await sessionCookie(page.context())).toBeUndefined();
    // The header shows a visitor, and the account cannot sign in any more.
    await page.locator(".site-header").getByRole("link", { name: "Login" }).waitFor();
    const again = await page.request.post("/api/login", {
      data: { email: account.email, password: account.password, user_type: "Manual", remember_me: false },
    });
    expect(again.status()).toBe(401);
  });
});

describe("the operator's audit trail", () => {
  let adminState: StorageState;
  const session = useBrowser({ storageState: () => adminState });

  beforeAll(async () => {
    adminState = await signInAdmin(session.browser);
  });

  it("shows the operator's own action, found by its action", async () => {
    const { page } = session;
    const code = `AUDIT${Date.now().toString(36).toUpperCase()}`;
    const id = await create(page.request, "/api/admin/coupons", { code, kind: "percent", value: 10 });
    await page.goto("/admin");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Audit trail" }).click();
    await adminReady(page, "Audit trail");
    await page.getByLabel("Action").fill("coupon.created");
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(/action=coupon.created/);
    const row = page.locator('tr[data-action="coupon.created"]', { hasText: `coupon ${id}` });
    await row.waitFor();
    expect(await row.textContent()).toContain(code);
    await expectAccessible(page);
  });
});

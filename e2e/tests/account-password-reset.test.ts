import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type Account,
  apiContext,
  dropExpectedRequestErrors,
  formReady,
  NEW_PASSWORD,
  registerAccount,
  toast,
  waitForMail,
} from "../support/accounts.ts";
import { expectAccessible, useBrowser } from "../support/browser.ts";

const SENT = "If an account exists for this email, we have sent a link to reset the password.";
const RESET_DONE = "Your password has been reset. Please sign in with your new password.";
const LINK_INVALID = "This reset link is invalid or has expired. Please request a new one.";

/** The checklist's rules and whether each says it is met, as a screen reader hears it. */
async function checklist(page: Page): Promise<Record<string, boolean>> {
  const items = await page.locator(".checklist__item").allTextContents();
  return Object.fromEntries(
    items.map((text) => {
      const met = text.endsWith("(met)");
      return [text.replace(/ \((met|not met)\)$/, ""), met];
    }),
  );
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await formReady(page);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

describe("password reset", () => {
  const session = useBrowser();
  let account: Account;

  beforeAll(async () => {
    const api = await apiContext();
    account = await registerAccount(api, { name: "Margaret Hamilton" });
    await api.dispose();
  });

  it("forgot, mail, link, live checklist, new password; the old one stops working and the link works once", async () => {
    const { page } = session;
    await page.goto("/login");
    await formReady(page);
    await page.getByRole("link", { name: "Forgot Password?" }).click();
    await page.waitForURL("**/forgot-password");
    // A client navigation: the title follows the new page a moment after the address.
    await expect.poll(() => page.title()).toMatch(/^Forgot password/);
    expect(await page.getByRole("link", { name: "Back to sign in" }).getAttribute("href")).toBe("/login");
    await formReady(page);
    await page.getByLabel("Email", { exact: true }).fill(account.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await toast(page, SENT).waitFor();
    const shownAt = Date.now();
    await page.waitForURL("**/login", { timeout: 6000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2500);

    const mail = await waitForMail(account.email, /Reset your Skillshelf password/);
    const link = /https?:\/\/[^\s"<]+\/reset-password\/[\w-]+/.exec(mail.raw)?.[0];
    expect(link).toBeDefined();
    await page.goto(link ?? "");
    expect(await page.title()).toMatch(/^Reset password/);
    await formReady(page);

    const password = page.getByLabel("New password", { exact: true });
    expect(Object.values(await checklist(page))).toEqual([false, false, false, false, false]);
    await password.fill("a");
    expect(await checklist(page)).toEqual({
      "Password must be at least 8 characters long": false,
      "Must include at least one uppercase letter": false,
      "Must include at least one lowercase letter": true,
      "Must include at least one number": false,
      "Must include at least one special character (@$!%*?&)": false,
    });
    // Checked on every change: the field is marked invalid while typing.
    expect(await password.getAttribute("aria-invalid")).toBe("true");
    await password.fill("aB3");
    expect(Object.values(await checklist(page))).toEqual([false, true, true, true, false]);
    await password.fill("aB3@");
    expect(Object.values(await checklist(page))).toEqual([false, true, true, true, true]);
    await password.fill(NEW_PASSWORD);
    expect(Object.values(await checklist(page))).toEqual([true, true, true, true, true]);
    expect(await password.getAttribute("aria-invalid")).toBeNull();
    // The list is tied to the field for screen readers.
    const describedBy = (await password.getAttribute("aria-describedby")) ?? "";
    expect(await page.locator(`[id="${describedBy}"] .checklist__list`).count()).toBe(1);

    const confirm = page.getByLabel("Confirm password", { exact: true });
    await confirm.fill("Newer@2025");
    await page.locator(".field__error", { hasText: "Passwords must match" }).waitFor();
    await expectAccessible(page);
    await confirm.fill(NEW_PASSWORD);
    await page.locator(".field__error").waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Reset password" }).click();
    await toast(page, RESET_DONE).waitFor();
    const doneAt = Date.now();
    await page.waitForURL("**/login", { timeout: 6000 });
    expect(Date.now() - doneAt).toBeGreaterThan(2500);

    // The old password no longer signs in…
    await signIn(page, account.email, account.password);
    await toast(page, "Invalid email or password.").waitFor();
    dropExpectedRequestErrors(session.errors, [401]);
    // …the new one does.
    await signIn(page, account.email, NEW_PASSWORD);
    await page.waitForURL("**/dashboard", { timeout: 5000 });

    // The link worked once: a second use shows why, and where to get a new one.
    await session.context.clearCookies();
    await page.goto(link ?? "");
    await formReady(page);
    await page.getByLabel("New password", { exact: true }).fill("Another@2025z");
    await page.getByLabel("Confirm password", { exact: true }).fill("Another@2025z");
    await page.getByRole("button", { name: "Reset password" }).click();
    const alert = page.locator(".notice--error", { hasText: LINK_INVALID });
    await alert.waitFor();
    expect(await alert.getByRole("link", { name: "Request a new reset link" }).getAttribute("href")).toBe(
      "/forgot-password",
    );
    dropExpectedRequestErrors(session.errors, [422]);
  });

  it("an unknown link shows the server's message with a way to ask for a new one", async () => {
    const { page } = session;
    await page.goto("/reset-password/this-is-not-a-real-reset-token-at-all");
    await formReady(page);
    await page.getByRole("button", { name: "Reset password" }).click();
    // Nothing typed: the rules show as unmet, 'New password is required' under the field.
    await page.locator(".field__error", { hasText: "New password is required" }).waitFor();
    await page.locator(".field__error", { hasText: "Confirm password is required" }).waitFor();
    expect(await page.locator(".checklist__item[data-state=failed]").count()).toBe(5);

    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Confirm password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Reset password" }).click();
    await page.locator(".notice--error", { hasText: LINK_INVALID }).waitFor();
    await toast(page, LINK_INVALID).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/reset-password\//);
    dropExpectedRequestErrors(session.errors, [422]);
  });
});

import type { Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type Account,
  apiContext,
  browserStorage,
  dropExpectedRequestErrors,
  formReady,
  NEW_PASSWORD,
  registerAccount,
  signInThroughApi,
  toast,
  waitForMail,
} from "../support/accounts.ts";
import { expectAccessible, hasHorizontalScroll, useBrowser } from "../support/browser.ts";

type Cookies = Awaited<ReturnType<import("playwright-core").BrowserContext["cookies"]>>;

const PROFILE = { name: "Dorothy Vaughan", email: "", phone: "+44 20 7946 0000", bio: "Learning Fortran, again." };
const SETTINGS = { display_name: "Dot", timezone: "Asia/Kolkata", language: "French" };

async function userData(page: Page) {
  return JSON.parse((await browserStorage(page)).userData ?? "null");
}

/**
 * One account and one session for the whole file: each test's fresh browser
 * context gets the session cookie, so the file signs in through the API once.
 * Tests run in order; the last ones check what the first ones saved.
 */
describe("the account area", () => {
  const session = useBrowser();
  let account: Account;
  let cookies: Cookies;

  beforeAll(async () => {
    const api = await apiContext();
    account = await registerAccount(api, { name: "Dorothy Johnson" });
    PROFILE.email = account.email.replace("@", ".updated@");
    await signInThroughApi(api, account);
    cookies = (await api.storageState()).cookies as Cookies;
    await api.dispose();
  });

  beforeEach(async () => {
    await session.context.addCookies(cookies);
  });

  afterAll(() => {
    cookies = [];
  });

  it("has a sidebar with the avatar, the account links and Sign Out; guest pages send it to /dashboard", async () => {
    const { page } = session;
    await page.goto("/dashboard");
    const sidebar = page.locator(".account-sidebar");
    expect(await sidebar.locator(".avatar").textContent()).toBe("DJ");
    const links = sidebar.getByRole("navigation", { name: "Account" }).getByRole("link");
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual([
      "/dashboard",
      "/my-items",
      "/my-orders",
      "/my-teams",
      "/notifications",
      "/settings",
    ]);
    expect(await sidebar.getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBe("page");
    await sidebar.getByRole("button", { name: "Sign Out" }).waitFor();

    // A signed-in learner is sent from the guest-only screens to the dashboard.
    for (const path of ["/login", "/registration", "/forgot-password", "/reset-password/anything"]) {
      await page.goto(path);
      expect(new URL(page.url()).pathname, path).toBe("/dashboard");
    }
    const response = await page.request.get("/login", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/dashboard");
  });

  it("dashboard tabs follow the ARIA tabs pattern", async () => {
    const { page } = session;
    await page.goto("/dashboard");
    await formReady(page);
    const profileTab = page.getByRole("tab", { name: "Profile" });
    const passwordTab = page.getByRole("tab", { name: "Password" });
    expect(await page.getByRole("tablist").count()).toBe(1);
    expect(await profileTab.getAttribute("aria-selected")).toBe("true");
    expect(await passwordTab.getAttribute("tabindex")).toBe("-1");
    await page.getByRole("tabpanel", { name: "Profile" }).waitFor();

    await profileTab.focus();
    await page.keyboard.press("ArrowRight");
    expect(await passwordTab.getAttribute("aria-selected")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Password");
    await page.getByRole("tabpanel", { name: "Password" }).waitFor();
    expect(await page.getByRole("tabpanel", { name: "Profile" }).count()).toBe(0);
    await page.keyboard.press("ArrowRight");
    expect(await profileTab.getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("End");
    expect(await passwordTab.getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("Home");
    expect(await profileTab.getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("ArrowLeft");
    expect(await passwordTab.getAttribute("aria-selected")).toBe("true");
    await expectAccessible(page);
  });

  it("profile: messages, save, stored as user-data, shown in the header, still there after a reload", async () => {
    const { page } = session;
    await page.goto("/dashboard");
    expect(await page.title()).toMatch(/^Dashboard/);
    await formReady(page);
    const form = page.getByRole("form", { name: "Profile" });
    const currentPassword = form.getByLabel("Current password", { exact: true });
    expect(await form.getByLabel("Name").inputValue()).toBe(account.name);
    expect(await form.getByLabel("Email").inputValue()).toBe(account.email);
    expect(await currentPassword.count()).toBe(0);

    // The same address in other letter case is no change: no password is asked for.
    await form.getByLabel("Email").fill(account.email.toUpperCase());
    expect(await currentPassword.count()).toBe(0);

    await form.getByLabel("Name").fill("");
    await form.getByLabel("Email").fill("dorothy@nasa");
    await form.getByRole("button", { name: "Save profile" }).click();
    await form.locator(".field__error", { hasText: "Name is required." }).waitFor();
    await form.locator(".field__error", { hasText: "Invalid email format." }).waitFor();
    await form.locator(".field__error", { hasText: "Phone number is required." }).waitFor();
    // A new address needs the current password, asked for under its own field.
    await currentPassword.waitFor();
    await form.locator(".field__error", { hasText: "Enter your current password to change your email." }).waitFor();
    expect(await currentPassword.getAttribute("aria-invalid")).toBe("true");
    expect(await currentPassword.getAttribute("autocomplete")).toBe("current-password");
    await expectAccessible(page);

    await form.getByLabel("Name").fill(PROFILE.name);
    await form.getByLabel("Email").fill(PROFILE.email);
    await form.getByLabel("Phone").fill(PROFILE.phone);
    await form.getByLabel("Bio").fill(PROFILE.bio);
    await currentPassword.fill("Not@thepass1");
    await form.getByRole("button", { name: "Save profile" }).click();
    await form.locator(".field__error", { hasText: "Current password is incorrect." }).waitFor();
    await toast(page, "Current password is incorrect.").waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("current_password");
    dropExpectedRequestErrors(session.errors, [422]);
    // Nothing was saved: the header still shows the old name.
    await page.locator(".account-sidebar__name", { hasText: account.name }).waitFor();

    await currentPassword.fill(account.password);
    await form.getByRole("button", { name: "Save profile" }).click();
    await toast(page, "Profile updated successfully.").waitFor();
    // The new address is the stored one now: no password field left, nor the typed password.
    await currentPassword.waitFor({ state: "detached" });
    const notice = await waitForMail(account.email, /^Your Skillshelf sign-in e-mail was changed$/);
    expect(notice.raw).toContain(`was changed from ${account.email} to ${PROFILE.email}`);
    expect(notice.raw).toContain("If it was not you");
    expect(notice.raw).not.toContain(account.password);
    // The toast is top-right in the account area.
    expect(await page.locator(".toasts").getAttribute("class")).toContain("toasts--top-right");
    await page.locator(".site-header .account-links__name", { hasText: "Dorothy Vaugh..." }).waitFor();
    await page.locator(".account-sidebar__name", { hasText: PROFILE.name }).waitFor();
    expect(await userData(page)).toMatchObject({
      name: PROFILE.name,
      email: PROFILE.email,
      mobile_number: PROFILE.phone,
      about: PROFILE.bio,
    });

    await page.reload();
    await formReady(page);
    expect(await form.getByLabel("Name").inputValue()).toBe(PROFILE.name);
    expect(await form.getByLabel("Email").inputValue()).toBe(PROFILE.email);
    expect(await form.getByLabel("Phone").inputValue()).toBe(PROFILE.phone);
    expect(await form.getByLabel("Bio").inputValue()).toBe(PROFILE.bio);
  });

  it("settings: display name, time zone, language and switches saved, still there after a reload", async () => {
    const { page } = session;
    await page.goto("/settings");
    expect(await page.title()).toMatch(/^Settings/);
    await formReady(page);
    const form = page.getByRole("form", { name: "Settings" });
    const timezones = await form
      .getByLabel("Time zone")
      .locator("option")
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    expect(timezones).toEqual(["America/New_York", "Europe/London", "Asia/Kolkata", "Australia/Sydney"]);
    const languages = await form
      .getByLabel("Language")
      .locator("option")
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    expect(languages).toEqual(["English", "Spanish", "French"]);
    const email = page.getByRole("switch", { name: "Email notifications" });
    const inApp = page.getByRole("switch", { name: "In-app notifications" });
    const sms = page.getByRole("switch", { name: "SMS notifications" });
    expect([await email.isChecked(), await inApp.isChecked(), await sms.isChecked()]).toEqual([true, true, false]);

    await form.getByLabel("Display name").fill("");
    await form.getByLabel("Time zone").selectOption("");
    await form.getByRole("button", { name: "Save settings" }).click();
    await form.locator(".field__error", { hasText: "Display name is required." }).waitFor();
    await form.locator(".field__error", { hasText: "Time zone is required." }).waitFor();
    await expectAccessible(page);

    await form.getByLabel("Display name").fill(SETTINGS.display_name);
    await form.getByLabel("Time zone").selectOption(SETTINGS.timezone);
    await form.getByLabel("Language").selectOption(SETTINGS.language);
    // Switches work from the keyboard: Space toggles.
    await email.focus();
    await page.keyboard.press("Space");
    await sms.check();
    await form.getByRole("button", { name: "Save settings" }).click();
    // Saved in French, the page (and the toast that says so) is in French at once.
    await toast(page, "Paramètres enregistrés avec succès.").waitFor();
    expect(await page.getAttribute("html", "lang")).toBe("fr");
    expect(await userData(page)).toMatchObject({
      ...SETTINGS,
      email_notifications: false,
      in_app_notifications: true,
      sms_notifications: true,
    });

    await page.reload();
    await formReady(page);
    // The learner's language is the interface's now: the page is in French, its fields found by name.
    expect(await page.getAttribute("html", "lang")).toBe("fr");
    const field = (name: string) => page.locator(`main form [name=${name}]`);
    expect(await field("display_name").inputValue()).toBe(SETTINGS.display_name);
    expect(await field("timezone").inputValue()).toBe(SETTINGS.timezone);
    expect(await field("language").inputValue()).toBe(SETTINGS.language);
    expect([
      await field("email_notifications").isChecked(),
      await field("in_app_notifications").isChecked(),
      await field("sms_notifications").isChecked(),
    ]).toEqual([false, true, true]);

    // Back to English for the tests that follow.
    await field("language").selectOption("English");
    // The settings' own button: the page's first enhanced form (the security and deletion forms are further down).
    await page.locator("main form button[type=submit][data-enhanced]").first().click();
    await page.locator('html[lang="en"]').waitFor({ state: "attached" });
  });

  it("notifications: an Unread group that says what will appear, no empty Earlier group, and a link to view them all", async () => {
    const { page } = session;
    await page.goto("/notifications");
    expect(await page.title()).toBe("Notifications | Skillshelf");
    await page.getByRole("heading", { level: 2, name: /^Unread/ }).waitFor();
    // A new account has no events yet: nothing made up, an empty Unread group, and no Earlier group of nothing.
    expect(await page.locator(".notification").count()).toBe(0);
    expect(await page.getByRole("heading", { level: 2, name: /^Earlier/ }).count()).toBe(0);
    await page
      .getByText("You are all caught up. Your orders, refunds and new articles in what you own appear here.")
      .waitFor();
    expect(await page.getByRole("link", { name: "View All Notifications" }).getAttribute("href")).toBe(
      "/notifications",
    );
    await expectAccessible(page);
  });

  it("every account page passes axe and does not scroll sideways at 375 px or 1280 px", async () => {
    const { page } = session;
    for (const path of ["/dashboard", "/settings", "/notifications"]) {
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(path);
        expect(await hasHorizontalScroll(page), `${path} at ${width}`).toBe(false);
      }
      await expectAccessible(page);
    }
  });

  it("password: wrong old password, mismatch, change; then only the new password signs in, and the profile and settings are kept", async () => {
    const { page, context } = session;
    await page.goto("/dashboard");
    await formReady(page);
    await page.getByRole("tab", { name: "Password" }).click();
    const form = page.getByRole("form", { name: "Change password" });
    const old = form.getByLabel("Old password", { exact: true });
    const next = form.getByLabel("New password", { exact: true });
    const confirm = form.getByLabel("Confirm new password", { exact: true });
    const submit = form.getByRole("button", { name: "Change password" });

    await submit.click();
    await form.locator(".field__error", { hasText: "Old password is required." }).waitFor();
    await form.locator(".field__error", { hasText: /^Password is required\.$/ }).waitFor();
    await next.fill("short");
    await form.locator(".field__error", { hasText: "Password must be at least 8 characters." }).waitFor();
    await next.fill(NEW_PASSWORD);
    await confirm.fill("Different@1");
    await form.locator(".field__error", { hasText: "Passwords do not match." }).waitFor();

    await old.fill("Not@theold1");
    await confirm.fill(NEW_PASSWORD);
    await submit.click();
    await form.locator(".field__error", { hasText: "Old password is incorrect." }).waitFor();
    expect(await old.getAttribute("aria-invalid")).toBe("true");
    dropExpectedRequestErrors(session.errors, [422]);

    await old.fill(account.password);
    await submit.click();
    await toast(page, "Password changed successfully.").waitFor();
    // The fields are emptied, with no message left.
    expect([await old.inputValue(), await next.inputValue(), await confirm.inputValue()]).toEqual(["", "", ""]);
    expect(await form.locator(".field__error").count()).toBe(0);

    // Sign in again in a clean browser: the old password fails, the new one works.
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    for (const [password, works] of [
      [account.password, false],
      [NEW_PASSWORD, true],
    ] as const) {
      await page.goto("/login");
      await formReady(page);
      await page.getByLabel("Email", { exact: true }).fill(PROFILE.email);
      await page.getByLabel("Password", { exact: true }).fill(password);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await toast(page, works ? "Login successful." : "Invalid email or password.").waitFor();
    }
    dropExpectedRequestErrors(session.errors, [401]);
    await page.waitForURL("**/dashboard", { timeout: 5000 });
    await formReady(page);
    expect(await page.getByRole("form", { name: "Profile" }).getByLabel("Phone").inputValue()).toBe(PROFILE.phone);
    await page.goto("/settings");
    await formReady(page);
    expect(await page.getByLabel("Time zone").inputValue()).toBe(SETTINGS.timezone);
    expect(await page.getByLabel("Language").inputValue()).toBe("English");
  });
});

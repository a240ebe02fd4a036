import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type Account,
  apiContext,
  browserStorage,
  dropExpectedRequestErrors,
  formReady,
  registerAccount,
  sessionCookie,
  signInThroughApi,
  toast,
} from "../support/accounts.ts";
import { baseUrl, expectAccessible, useBrowser } from "../support/browser.ts";
import { answerConfirmation } from "../support/confirm.ts";

const DAY_S = 24 * 3600;

async function signInWithForm(page: Page, account: Account, options: { rememberMe?: boolean; password?: string } = {}) {
  await formReady(page);
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(options.password ?? account.password);
  if (options.rememberMe) await page.getByLabel("Remember me").check();
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** One account for the file (registration is rate limited): 7 sign-ins, under the 10 per account. */
let account: Account;

beforeAll(async () => {
  const api = await apiContext();
  account = await registerAccount(api, { name: "Katherine Johnson" });
  await api.dispose();
});

describe("sign in", () => {
  const session = useBrowser();

  it("checks the form before sending it", async () => {
    const { page } = session;
    await page.goto("/login");
    expect(await page.title()).toMatch(/^Sign in/);
    await formReady(page);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.locator(".field__error", { hasText: "Email is required" }).waitFor();
    await page.locator(".field__error", { hasText: "Password is required" }).waitFor();
    await page.getByLabel("Email", { exact: true }).fill("kj@nasa");
    await page.getByLabel("Password", { exact: true }).fill("12345");
    await page.locator(".field__error", { hasText: "Invalid email address" }).waitFor();
    await page.locator(".field__error", { hasText: "Password must be at least 6 characters" }).waitFor();
    // The links of SPEC.md section 2.
    expect(await page.getByRole("link", { name: "Forgot Password?" }).getAttribute("href")).toBe("/forgot-password");
    expect(await page.getByRole("main").getByRole("link", { name: "Create an account" }).getAttribute("href")).toBe(
      "/registration",
    );
  });

  it("answers a wrong password with the server's message and stays on /login", async () => {
    const { page } = session;
    await page.goto("/login");
    await signInWithForm(page, account, { password: "Wrong@pass1" });
    await toast(page, "Invalid email or password.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(await sessionCookie(session.context)).toBeUndefined();
    expect((await browserStorage(page)).userData).toBeNull();
    dropExpectedRequestErrors(session.errors, [401]);
  });

  it("shows 'Something went wrong. Please try again.' when the server cannot be reached", async () => {
    const { page } = session;
    await page.goto("/login");
    // The form posts to the /login route's action (React Router's data request).
    await page.route("**/login.data*", (route) => route.abort());
    await signInWithForm(page, account);
    await toast(page, "Something went wrong. Please try again.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
    dropExpectedRequestErrors(session.errors, [0]);
  });

  it("sends a visitor from /dashboard to /login, and back after signing in (session cookie, 2 s)", async () => {
    const { page, context } = session;
    await page.goto("/dashboard");
    expect(page.url()).toContain("/login?redirectTo=%2Fdashboard");
    await signInWithForm(page, account);

    await toast(page, "Login successful.").waitFor();
    const shownAt = Date.now();
    // The header shows the learner while the message is read.
    await page.locator(".site-header .account-links__name", { hasText: "Katherine Joh..." }).waitFor();
    await page.waitForURL("**/dashboard", { timeout: 5000 });
    expect(Date.now() - shownAt).toBeGreaterThan(1500);
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();

    // Without 'Remember me' the cookie ends with the browser; it is out of reach of scripts.
    const cookie = await sessionCookie(context);
    expect(cookie?.expires).toBe(-1);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    // The stored user record is kept, never the token.
    const storage = await browserStorage(page);
    expect(storage.accessToken).toBeNull();
    expect(JSON.parse(storage.userData ?? "{}")).toMatchObject({ name: account.name, email: account.email });
    expect(storage.userData).not.toContain(cookie?.value ?? "no cookie");
  });

  it("keeps the session for 30 days with 'Remember me', and lands on the deep link asked for", async () => {
    const { page, context } = session;
    await page.goto("/settings");
    expect(page.url()).toContain("/login?redirectTo=%2Fsettings");
    await signInWithForm(page, account, { rememberMe: true });
    await page.waitForURL("**/settings", { timeout: 5000 });
    await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();

    const cookie = await sessionCookie(context);
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / DAY_S;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
  });

  it("follows only a path on this store after signing in, never another site", async () => {
    const { page } = session;
    await page.goto("/login?redirectTo=%2F%2Fevil.example%2Fphish");
    await signInWithForm(page, account);
    await page.waitForURL("**/dashboard", { timeout: 5000 });
    expect(new URL(page.url()).origin).toBe(new URL(baseUrl).origin);
  });

  it("the server itself redirects a private page to /login (no script involved)", async () => {
    const { page } = session;
    for (const path of ["/settings", "/dashboard", "/notifications"]) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers().location).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
  });
});

/** Signing in is tested above; here a session made through the API is only a fixture. */
describe("signed in: the header, and signing out", () => {
  const session = useBrowser();

  it("the header shows the name cut to 13 characters, the avatar, Settings and Sign out", async () => {
    const { page } = session;
    await signInThroughApi(page.request, account);
    await page.goto("/");
    const header = page.locator(".site-header");
    const profile = header.getByRole("link", { name: /^Dashboard:/ });
    expect(await profile.getAttribute("href")).toBe("/dashboard");
    expect(await profile.locator(".account-links__name").textContent()).toBe("Katherine Joh...");
    expect(await profile.getAttribute("title")).toBe(account.name);
    const avatar = profile.locator(".avatar");
    expect(await avatar.textContent()).toBe("KJ");
    const look = await avatar.evaluate((el) => {
      const style = getComputedStyle(el);
      return { color: style.color, background: style.backgroundColor, width: style.width, radius: style.borderRadius };
    });
    expect(look).toEqual({ color: "rgb(255, 255, 255)", background: "rgb(29, 78, 216)", width: "32px", radius: "50%" });
    expect(await header.getByRole("link", { name: "Settings" }).getAttribute("href")).toBe("/settings");
    await header.getByRole("button", { name: "Sign out" }).waitFor();
    expect(await header.getByRole("link", { name: "Login" }).count()).toBe(0);
    await expectAccessible(page);
  });

  it("Sign out in the header asks first; then the session ends on the server and in the browser", async () => {
    const { page, context } = session;
    await signInThroughApi(page.request, account);
    await page.goto("/tech-cards");
    await page.evaluate(() => {
      localStorage.setItem("user-data", "{}");
      localStorage.setItem("access-token", "left over by an older version");
      sessionStorage.setItem("draft", "x");
    });
    const token = (await sessionCookie(context))?.value;
    expect(token).toBeDefined();
    const signOut = page.locator(".site-header").getByRole("button", { name: "Sign out" });
    const logouts: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/logout") logouts.push(request.method());
    });

    // Cancelled: nothing happens, and the focus is back on the button.
    await signOut.click();
    expect(await answerConfirmation(page, "Cancel")).toEqual({
      question: "Are you sure you want to logout?",
      detail: null,
    });
    expect(await signOut.evaluate((button) => button === document.activeElement)).toBe(true);
    // The button's handler, which waited on the question, has run to its end once the page answers
    // the next call: it set nothing going (a sign out marks the button busy before it calls the store).
    expect(await signOut.getAttribute("aria-disabled")).toBeNull();
    expect(logouts).toEqual([]);
    expect(new URL(page.url()).pathname).toBe("/tech-cards");
    expect(await sessionCookie(context)).toBeDefined();

    await signOut.click();
    await answerConfirmation(page, "Sign out");
    await page.waitForURL("**/login");
    // Accepted, it called the store, once.
    expect(logouts).toEqual(["POST"]);
    await toast(page, "You have been signed out.").waitFor();
    await page.locator(".site-header").getByRole("link", { name: "Login" }).waitFor();
    expect(await browserStorage(page)).toEqual({ userData: null, accessToken: null, sessionKeys: 0 });
    expect(await sessionCookie(context)).toBeUndefined();
    // The session is revoked on the server, not only forgotten by the browser.
    const profile = await page.request.post("/api/get-profile", { headers: { authorization: `Bearer ${token}` } });
    expect(profile.status()).toBe(401);
    // Back is no way in: the private pages send the visitor to /login.
    await page.goto("/dashboard");
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  it("Sign Out in the account sidebar does the same", async () => {
    const { page, context } = session;
    await signInThroughApi(page.request, account);
    await page.goto("/settings");
    const token = (await sessionCookie(context))?.value;
    await page.locator(".account-sidebar").getByRole("button", { name: "Sign Out" }).click();
    await answerConfirmation(page, "Sign out");
    await page.waitForURL("**/login");
    await page.locator(".site-header").getByRole("link", { name: "Login" }).waitFor();
    expect((await browserStorage(page)).userData).toBeNull();
    const profile = await page.request.post("/api/get-profile", { headers: { authorization: `Bearer ${token}` } });
    expect(profile.status()).toBe(401);
  });
});

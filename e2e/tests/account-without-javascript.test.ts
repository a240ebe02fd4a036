import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { dropExpectedRequestErrors, PASSWORD, sessionCookie, uniqueEmail } from "../support/accounts.ts";
import { useBrowser } from "../support/browser.ts";

/**
 * The account forms as plain HTML (script blocked, a slow phone, or the
 * seconds before the page's script runs): each posts to its page, which
 * answers with a redirect, or with the page again and the messages under the
 * fields.
 */
describe("registration and sign in without JavaScript", () => {
  const session = useBrowser({ javaScriptEnabled: false });
  // One account for the file: registration is rate limited per address for the whole run.
  const email = uniqueEmail("no-script");

  const submit = (page: Page, name: string) => page.getByRole("button", { name, exact: true }).click();
  const fieldError = (page: Page, text: string) => page.locator(".field__error", { hasText: text });

  it("registers: the messages come back under the fields, then /login says it worked", async () => {
    const { page } = session;
    await page.goto("/registration");
    const button = page.getByRole("button", { name: "Create account", exact: true });
    // The server's page is usable as it is.
    expect(await button.isEnabled()).toBe(true);

    await page.getByLabel("Full name").fill("Ada Plainform");
    await page.getByLabel("Email", { exact: true }).fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password", { exact: true }).fill("Different@2025");
    const refused = page.waitForResponse((r) => r.request().method() === "POST");
    await submit(page, "Create account");
    expect((await refused).status()).toBe(422);
    await fieldError(page, "Invalid email address").waitFor();
    await fieldError(page, "Passwords must match").waitFor();
    expect(await page.getByLabel("Email", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    expect(new URL(page.url()).pathname).toBe("/registration");

    await page.getByLabel("Full name").fill("Ada Plainform");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password", { exact: true }).fill(PASSWORD);
    await submit(page, "Create account");
    await page.waitForURL((url) => url.pathname === "/login");
    await page.getByText("Registration successful. Please sign in.").waitFor();
    // Chromium logs the refused post's status.
    dropExpectedRequestErrors(session.errors, [422]);
  });

  it("refuses a wrong password on the page itself, and sets no session", async () => {
    const { page, context } = session;
    await page.goto("/login");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Wrong@pass1");
    await submit(page, "Sign in");
    await page.getByRole("alert").filter({ hasText: "Invalid email or password." }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(await sessionCookie(context)).toBeUndefined();
    dropExpectedRequestErrors(session.errors, [401]);
  });

  it("signs in with the session cookie and lands on the page that asked for it", async () => {
    const { page, context } = session;
    // The server sends a visitor of a private page to sign in first.
    await page.goto("/my-orders");
    expect(new URL(page.url()).pathname).toBe("/login");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await submit(page, "Sign in");
    await page.waitForURL((url) => url.pathname === "/my-orders");
    const cookie = await sessionCookie(context);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    // The header shows the learner.
    await page.getByRole("link", { name: "Settings" }).first().waitFor();
  });

  it("signs in from /login straight to the dashboard", async () => {
    const { page, context } = session;
    await page.goto("/login");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await submit(page, "Sign in");
    await page.waitForURL((url) => url.pathname === "/dashboard");
    expect(await sessionCookie(context)).toBeDefined();
  });
});

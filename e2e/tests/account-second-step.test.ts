import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { dropExpectedRequestErrors, formReady, toast } from "../support/accounts.ts";
import { adminReady } from "../support/admin.ts";
import { baseUrl, useBrowser } from "../support/browser.ts";
import { NEW_OPERATOR, PASSKEY_LEARNER, totpCode } from "../support/second-step.ts";

/**
 * Passkeys and the second step (docs/decisions/0054), as a person uses them:
 * Chromium's virtual authenticator (DevTools protocol) stands for a phone's or
 * laptop's passkeys; the authenticator app's codes come from the test's clock.
 * The accounts are seed-second-step.ts's.
 */

/** A platform authenticator that verifies its user (a fingerprint, say) and keeps discoverable passkeys. */
async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

async function signInWithPassword(page: Page, account: { email: string; password: string }, enhanced = true) {
  await page.goto("/login");
  if (enhanced) await formReady(page);
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

describe("passkeys", () => {
  const session = useBrowser();

  it("adds a passkey in Settings, and signs in with it alone after signing out", async () => {
    const { page } = session;
    await addVirtualAuthenticator(page);
    const signIn = await page.request.post("/api/login", {
      data: { email: PASSKEY_LEARNER.email, password: PASSKEY_LEARNER.password },
    });
    expect(signIn.status(), await signIn.text()).toBe(200);

    await page.goto("/settings");
    const security = page.locator("#sign-in-security");
    await security.getByText("No passkeys yet.").waitFor();
    await security.getByLabel("Passkey name").fill("E2E laptop");
    await security.getByRole("button", { name: "Add a passkey" }).click();
    await toast(page, "Passkey added.").waitFor();
    await security.getByText("E2E laptop").waitFor();
    expect(await security.getByText("Never used").count()).toBe(1);

    // Signed out, the sign-in page offers the passkey in the e-mail field's autofill (conditional mediation),
    // which the virtual authenticator's user takes at once: no e-mail, no password.
    expect((await page.request.post("/api/logout")).status()).toBe(200);
    const login = await page.goto("/login");
    expect(await login?.text()).toMatch(/autocomplete="username webauthn"/i);
    await page.waitForURL((url) => url.pathname === "/dashboard");

    // And from a button: the second step's page has one, without the autofill.
    expect((await page.request.post("/api/logout")).status()).toBe(200);
    await page.goto("/login/second-step");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await page.goto("/settings");
    await page
      .locator("#sign-in-security")
      .getByText(/Last used/)
      .waitFor();
  });
});

describe("an operator's second step", () => {
  const session = useBrowser();

  it("keeps the admin area shut until a second step is set; recovery codes then work once, without JavaScript", async () => {
    const { page } = session;
    await signInWithPassword(page, NEW_OPERATOR);
    // The password signs in, but the admin area asks for a second step first.
    await page.waitForURL((url) => url.pathname === "/admin");
    await page.getByRole("heading", { name: "A second step is needed", level: 1 }).waitFor();
    expect((await page.request.get("/api/admin/users")).status()).toBe(403);
    expect((await page.goto("/admin/orders"))?.status()).toBe(403);
    dropExpectedRequestErrors(session.errors, [403]);

    await page.getByRole("link", { name: "Set up a second step in Settings" }).click();
    await page.waitForURL((url) => url.pathname === "/settings");
    const security = page.locator("#sign-in-security");
    await security.getByRole("button", { name: "Set up an authenticator app" }).click();
    const secret = (await security.locator(".security__secret").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await security.getByRole("img", { name: "QR code" }).count()).toBe(1);
    await security.getByLabel("Code from the app").fill(totpCode(secret));
    await security.getByRole("button", { name: "Turn on" }).click();
    await security.getByText("Your recovery codes").waitFor();
    const codes = (await security.locator(".security__code-list code").allTextContents()).map((code) => code.trim());
    expect(codes).toHaveLength(10);
    await security.getByText("On. Recovery codes left: 10.").waitFor();

    // The session that set it up has done its second step: the admin area opens.
    await page.goto("/admin");
    await adminReady(page, "Catalogue");
    expect((await page.request.post("/api/logout")).status()).toBe(200);

    // Without JavaScript: the password, then a recovery code, as plain form posts.
    const plain = await session.browser.newContext({ baseURL: baseUrl, javaScriptEnabled: false });
    try {
      const form = await plain.newPage();
      await signInWithPassword(form, NEW_OPERATOR, false);
      await form.waitForURL((url) => url.pathname === "/login/second-step");
      await form.getByLabel("Authentication code").fill(codes[0] ?? "");
      await form.getByRole("button", { name: "Verify" }).click();
      await form.waitForURL((url) => url.pathname === "/admin");
      await form.getByRole("heading", { name: "Catalogue", level: 1 }).waitFor();
      expect((await form.request.post("/api/logout")).status()).toBe(200);

      // The same recovery code again is refused; the app's next code is taken.
      await signInWithPassword(form, NEW_OPERATOR, false);
      await form.waitForURL((url) => url.pathname === "/login/second-step");
      await form.getByLabel("Authentication code").fill(codes[0] ?? "");
      await form.getByRole("button", { name: "Verify" }).click();
      await form.getByText("The code is not valid. Please try again.").first().waitFor();
      expect(new URL(form.url()).pathname).toBe("/login/second-step");
      await form.getByLabel("Authentication code").fill(totpCode(secret, 1));
      await form.getByRole("button", { name: "Verify" }).click();
      await form.waitForURL((url) => url.pathname === "/admin");
    } finally {
      await plain.close();
    }
  });
});

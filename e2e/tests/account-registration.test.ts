import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  apiContext,
  dropExpectedRequestErrors,
  formReady,
  PASSWORD,
  registerAccount,
  toast,
  uniqueEmail,
} from "../support/accounts.ts";
import { expectAccessible, hasHorizontalScroll, useBrowser } from "../support/browser.ts";

const DUPLICATE = "An account with this email already exists. Please sign in instead.";
/** SPEC.md section 9: a registration goes to /login 3 s after its message. */
const REDIRECT_MS = 3000;
/** How far from the message's moment the redirect's timer may have been set (the same render). */
const SLACK_MS = 250;
const PAUSE_AHEAD_MS = 500;

/**
 * Notes, in the page's time, when each toast first shows: call before submitting.
 * The clock must be installed before the page loaded, so its time and timers are the clock's.
 */
function noteToasts(page: Page) {
  return page.evaluate(() => {
    const shown = new Map<string, number>();
    (window as unknown as { toastsShown: typeof shown }).toastsShown = shown;
    new MutationObserver(() => {
      for (const toast of Array.from(document.querySelectorAll(".toast"))) {
        const text = toast.textContent ?? "";
        if (!shown.has(text)) shown.set(text, Date.now());
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

/**
 * Waits for `message` to show, then stops the page's clock: from here the page's time moves only
 * when the test moves it. Answers how long ago, in the page's time, the message appeared.
 */
async function pauseAfter(page: Page, message: Locator): Promise<number> {
  await message.waitFor();
  const shownAt = await message.evaluate((toast) => {
    const shown = (window as unknown as { toastsShown: Map<string, number> }).toastsShown;
    return shown.get(toast.textContent ?? "") ?? Number.NaN;
  });
  // A moment ahead of the page's time, which runs on until the call arrives: the clock cannot go back.
  const pausedAt = (await page.evaluate(() => Date.now())) + PAUSE_AHEAD_MS;
  await page.clock.pauseAt(pausedAt);
  const elapsed = pausedAt - shownAt;
  expect(elapsed).toBeLessThan(REDIRECT_MS - SLACK_MS);
  return elapsed;
}

/** Where React Router is, and whether it is on its way elsewhere: a navigation shows there before the URL changes. */
function routerState(page: Page) {
  return page.evaluate(() => {
    const { state } = (
      window as unknown as {
        __reactRouterDataRouter: { state: { location: { pathname: string }; navigation: { state: string } } };
      }
    ).__reactRouterDataRouter;
    return { pathname: state.location.pathname, navigation: state.navigation.state };
  });
}

describe("registration", () => {
  const session = useBrowser();
  /** The account the success test creates; the duplicate test reuses it (registration is rate limited). */
  let registered: string | undefined;

  it("shows the messages of SPEC.md section 5 under the fields, and re-enables the button", async () => {
    const { page } = session;
    await page.goto("/registration");
    expect(await page.title()).toMatch(/^Create account/);
    await formReady(page);
    const submit = page.getByRole("button", { name: "Create account" });

    // Record when the button becomes unavailable and when it comes back.
    await submit.evaluate((button) => {
      const log: { disabled: boolean; at: number }[] = [];
      (window as unknown as { submitLog: typeof log }).submitLog = log;
      new MutationObserver(() =>
        log.push({ disabled: button.getAttribute("aria-disabled") === "true", at: performance.now() }),
      ).observe(button, { attributes: true, attributeFilter: ["aria-disabled"] });
    });
    await submit.click();
    const name = page.getByLabel("Full name");
    await expect.poll(() => name.getAttribute("aria-invalid")).toBe("true");
    const messageOf = async (label: string) => {
      const field = page.getByLabel(label, { exact: true });
      const ids = (await field.getAttribute("aria-describedby")) ?? "";
      const errorId = ids.split(" ").find((id) => id.endsWith("-error"));
      return errorId ? page.locator(`[id="${errorId}"]`).textContent() : null;
    };
    expect(await messageOf("Full name")).toBe("Full name is required");
    expect(await messageOf("Email")).toBe("Email is required");
    expect(await messageOf("Password")).toBe("Password is required");
    expect(await messageOf("Confirm password")).toBe("Confirm password is required");
    // Focus goes to the first field with a message.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
    // Unavailable while checking, back about 200 ms after the failure (SPEC.md section 4).
    await expect.poll(() => submit.getAttribute("aria-disabled"), { timeout: 1000 }).toBeNull();
    const log = await page.evaluate(
      () => (window as unknown as { submitLog: { disabled: boolean; at: number }[] }).submitLog,
    );
    expect(log.map((entry) => entry.disabled)).toEqual([true, false]);
    const [off, on] = log;
    expect((on?.at ?? 0) - (off?.at ?? 0)).toBeGreaterThan(150);
    expect((on?.at ?? 0) - (off?.at ?? 0)).toBeLessThan(600);

    await name.fill("Ada Lovelace");
    await page.getByLabel("Email", { exact: true }).fill("ada@example");
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByLabel("Confirm password", { exact: true }).fill("other");
    // After a first attempt the messages follow every change.
    expect(await messageOf("Full name")).toBeNull();
    expect(await messageOf("Email")).toBe("Invalid email address");
    expect(await messageOf("Password")).toBe("Password must be at least 8 characters");
    expect(await messageOf("Confirm password")).toBe("Passwords must match");

    await page.getByLabel("Password", { exact: true }).fill("longenough");
    expect(await messageOf("Password")).toBe("Password must contain at least one number");
    await page.getByLabel("Password", { exact: true }).fill("longenough1");
    expect(await messageOf("Password")).toBe("Password must contain at least one special character");
  });

  it("creates the account, shows the server's message and goes to /login 3 s later", async () => {
    const { page } = session;
    const email = uniqueEmail("register");
    registered = email;
    await page.clock.install();
    await page.goto("/registration");
    await formReady(page);
    await page.getByLabel("Full name").fill("Ada Lovelace");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password", { exact: true }).fill(PASSWORD);
    await noteToasts(page);
    await page.getByRole("button", { name: "Create account" }).click();

    const elapsed = await pauseAfter(page, toast(page, "Registration successful. Please sign in."));
    await page.clock.runFor(REDIRECT_MS - SLACK_MS - elapsed);
    expect(await routerState(page)).toEqual({ pathname: "/registration", navigation: "idle" });
    await page.clock.runFor(2 * SLACK_MS);
    await page.waitForURL("**/login");
    // The toast sits at the top centre on the auth screens (SPEC.md section 9).
    expect(await page.locator(".toasts").getAttribute("class")).toContain("toasts--top-center");
    // The e-mail is carried over to the sign in form.
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(email);
  });

  it("refuses an e-mail that already has an account, under the field and as a toast", async () => {
    const { page } = session;
    if (!registered) {
      const api = await apiContext();
      registered = (await registerAccount(api)).email;
      await api.dispose();
    }

    await page.clock.install();
    await page.goto("/registration");
    await formReady(page);
    await page.getByLabel("Full name").fill("Someone Else");
    await page.getByLabel("Email", { exact: true }).fill(registered.toUpperCase());
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password", { exact: true }).fill(PASSWORD);
    await noteToasts(page);
    await page.getByRole("button", { name: "Create account" }).click();

    await pauseAfter(page, toast(page, DUPLICATE));
    const email = page.getByLabel("Email", { exact: true });
    expect(await email.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator(".field__error", { hasText: DUPLICATE }).count()).toBe(1);
    // A refusal stays: well past the time a success would have gone to /login.
    await page.clock.runFor(2 * REDIRECT_MS);
    expect(await routerState(page)).toEqual({ pathname: "/registration", navigation: "idle" });
    dropExpectedRequestErrors(session.errors, [409]);
  });

  it("the four auth screens pass axe and do not scroll sideways at 375 px or 1280 px", async () => {
    const { page } = session;
    for (const path of ["/registration", "/login", "/forgot-password", "/reset-password/some-token"]) {
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(path);
        await formReady(page);
        expect(await hasHorizontalScroll(page), `${path} at ${width}`).toBe(false);
      }
      await expectAccessible(page);
      // With the messages showing too.
      await page.locator("main form button[type=submit]").click();
      await page.locator(".field__error").first().waitFor();
      await expectAccessible(page);
    }
  });

  it("is usable from the keyboard: tab through the fields, Enter submits", async () => {
    const { page } = session;
    await page.goto("/forgot-password");
    await formReady(page);
    await page.getByLabel("Email", { exact: true }).focus();
    await page.keyboard.type("not-an-email");
    await page.keyboard.press("Enter");
    await page.locator(".field__error", { hasText: "Invalid email address" }).waitFor();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Send reset link");
  });
});

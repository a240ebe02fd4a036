import { type APIRequestContext, type BrowserContext, type Page, request } from "playwright-core";
import { expect } from "vitest";
import { baseUrl } from "./browser.ts";
import { store } from "./store.ts";

/**
 * Accounts for the account e2e tests.
 *
 * STYLE.md has fixtures sign in by creating a session directly; here the
 * database is PGlite held by the store's own process, so fixtures register and
 * sign in through the API instead (POST /api/register, POST /api/login), with
 * a request context whose cookies the browser context then uses.
 *
 * Rate limits hold for the whole e2e run, all from 127.0.0.1: registration 10
 * per hour, sign in 30 per 15 minutes (10 per account), forgot-password 10 per
 * hour. The account-*.test.ts files use 6 registrations (one refused on
 * purpose as a duplicate), 15 sign-ins (API and UI together, 3 of them refused
 * on purpose; account-order-pages signs in a learner and the admin,
 * account-old-order the admin) and 1 reset request; account-refund and
 * account-old-order share the purchase learner's session (purchase.ts).
 * team-seats registers 1 more (a colleague from the invitation's page).
 */

/** Meets every password rule: registration (digit, special) and reset (upper, lower, digit, @$!%*?&). */
export const PASSWORD = "Shelf@2025x";
export const NEW_PASSWORD = "Newer@2025y";

export interface Account {
  name: string;
  email: string;
  password: string;
}

let counter = 0;

/** A fresh address per account: one run never meets an earlier one, nor another test's. */
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** A request context of its own (not a page's): for fixtures made before any page opens. */
export function apiContext(): Promise<APIRequestContext> {
  return request.newContext({ baseURL: baseUrl });
}

export async function registerAccount(api: APIRequestContext, overrides: Partial<Account> = {}): Promise<Account> {
  const account: Account = {
    name: "Grace Hopper",
    email: uniqueEmail("learner"),
    password: PASSWORD,
    ...overrides,
  };
  const response = await api.post("/api/register", {
    data: { ...account, confirm_password: account.password, user_type: "Manual" },
  });
  expect(response.status(), await response.text()).toBe(201);
  return account;
}

/**
 * Signs in through the API with `api`'s cookie jar. With `page.request` the
 * session cookie lands in the page's browser context.
 */
export async function signInThroughApi(api: APIRequestContext, account: Account, rememberMe = false): Promise<void> {
  const response = await api.post("/api/login", {
    data: { email: account.email, password: account.password, user_type: "Manual", remember_me: rememberMe },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The session cookie the store set in `context`, if any. */
export async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === "access-token");
}

/**
 * Waits until the page's script has taken over the form (its submit button is
 * marked data-enhanced once hydrated; before, a press is a plain form post),
 * so typing and pressing go to React.
 */
export async function formReady(page: Page): Promise<void> {
  await page.locator("main form button[type=submit][data-enhanced]:not([disabled])").first().waitFor();
}

/** The toast with this text. */
export function toast(page: Page, text: string) {
  return page.locator(".toast", { hasText: text });
}

/**
 * Chromium reports every 4xx answer to fetch as a console error. A test that
 * expects one (a wrong password, a duplicate e-mail) removes exactly those
 * from the session's errors, so any other console error still fails it.
 */
export function dropExpectedRequestErrors(errors: string[], statuses: number[]): void {
  const expected = (text: string) =>
    statuses.some((status) => text.includes(`the server responded with a status of ${status}`)) ||
    (statuses.includes(0) && text.includes("net::ERR_FAILED"));
  const kept = errors.filter((text) => !expected(text));
  errors.splice(0, errors.length, ...kept);
}

interface Mail {
  to: string[];
  subject: string;
  raw: string;
}

/**
 * The test mail server's (e2e/support/mailbox.ts) message to `to` whose subject matches: one there
 * already, or the next one to come, which the mail server answers with as soon as it arrives.
 */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  let seen = -1;
  for (;;) {
    const query = new URLSearchParams({ to, after: String(seen), wait: String(Math.max(0, deadline - Date.now())) });
    const messages = (await (await fetch(`${store.mailboxUrl}/messages?${query}`)).json()) as Mail[];
    const mail = messages.findLast((m) => subject.test(m.subject));
    if (mail) return mail;
    if (Date.now() >= deadline) throw new Error(`No mail "${subject}" to ${to} within ${timeoutMs} ms`);
    seen = messages.length;
  }
}

/** What the store keeps in localStorage and sessionStorage. */
export function browserStorage(page: Page) {
  return page.evaluate(() => ({
    userData: localStorage.getItem("user-data"),
    accessToken: localStorage.getItem("access-token"),
    sessionKeys: sessionStorage.length,
  }));
}

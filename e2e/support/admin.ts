import type { APIRequestContext, Browser, Page } from "playwright-core";
import { expect } from "vitest";
import { baseUrl } from "./browser.ts";
import { type StorageState, sessionState } from "./purchase.ts";
import { store } from "./store.ts";

/** The operator made by global-setup.ts with the CLI's create-admin. */
export const ADMIN = store.admin;

/**
 * The admin's session as a storage state for each test's context: the one
 * global-setup.ts signed in with the password and a code, as the admin area
 * asks (docs/decisions/0054); a password and a code each time would spend the
 * run's sign-ins, and an authenticator app's code works once. Checked to open
 * the admin area.
 */
export async function signInAdmin(browser: Browser): Promise<StorageState> {
  const state = sessionState(ADMIN.sessionToken);
  const context = await browser.newContext({ baseURL: baseUrl, storageState: state });
  try {
    const response = await context.request.get("/api/admin/users");
    expect(response.status(), await response.text()).toBe(200);
    return state;
  } finally {
    await context.close();
  }
}

/** A 1×1 transparent PNG. */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** A one-page PDF with no text: the store checks the %PDF- signature. */
export const TINY_PDF = Buffer.from(
  [
    "%PDF-1.4",
    "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj",
    "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj",
    "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj",
    "trailer << /Root 1 0 R >>",
    "%%EOF",
    "",
  ].join("\n"),
  "latin1",
);

/** Waits until an admin page has loaded its data in the browser (its spinner is gone). */
export async function adminReady(page: Page, heading: string): Promise<void> {
  await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
  await page.locator(".admin-loading").waitFor({ state: "detached" });
}

/** Creates something through the admin API (a category, a group, a coupon) and returns its id. */
export async function create(request: APIRequestContext, url: string, data: Record<string, unknown>): Promise<number> {
  const response = await request.post(url, { data });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

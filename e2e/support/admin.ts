import type { APIRequestContext, Browser, Page } from "playwright-core";
import { expect } from "vitest";
import { baseUrl } from "./browser.ts";
import type { StorageState } from "./purchase.ts";
import { store } from "./store.ts";

/** The operator made by global-setup.ts with the CLI's create-admin. */
export const ADMIN = store.admin;

/**
 * Signs the admin in once through the API (one of the run's 30 sign-ins) and
 * returns the session cookie as a storage state for each test's context.
 */
export async function signInAdmin(browser: Browser): Promise<StorageState> {
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    const response = await context.request.post("/api/login", {
      data: { email: ADMIN.email, password: ADMIN.password, user_type: "Manual", remember_me: false },
    });
    expect(response.status(), await response.text()).toBe(200);
    return await context.storageState();
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

import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from "vitest";

export const baseUrl = inject("baseUrl");

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];

interface Session {
  page: Page;
  context: BrowserContext;
  browser: Browser;
  /** Console errors and uncaught page errors seen so far: any fails the test. */
  errors: string[];
}

/**
 * One Chromium per test file and a fresh context per test. A console error or
 * an uncaught exception in the page fails the test that caused it.
 */
export function useBrowser(
  options: {
    width?: number;
    height?: number;
    /** Cookies for each test's fresh context, e.g. a learner signed in once in beforeAll. */
    storageState?: () => BrowserContextOptions["storageState"];
    /** false: the page's scripts never run (script blocked, or not loaded yet): forms are plain HTML posts. */
    javaScriptEnabled?: boolean;
  } = {},
): Session {
  const session = {} as Session;
  beforeAll(async () => {
    session.browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: CHROMIUM_ARGS,
    });
  });
  afterAll(async () => {
    await session.browser?.close();
  });
  beforeEach(async () => {
    session.errors = [];
    session.context = await session.browser.newContext({
      baseURL: baseUrl,
      viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
      storageState: options.storageState?.(),
      javaScriptEnabled: options.javaScriptEnabled ?? true,
    });
    session.page = await session.context.newPage();
    session.page.on("console", (message) => {
      if (message.type() === "error") session.errors.push(message.text());
    });
    session.page.on("pageerror", (error) => session.errors.push(error.message));
  });
  afterEach(async () => {
    await session.context?.close();
    expect(session.errors, "console errors in the page").toEqual([]);
  });
  return session;
}

/** axe-core on the current page: no serious or critical violation. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
  expect(bad).toEqual([]);
}

/** Whether the page scrolls sideways at its current width. */
export async function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

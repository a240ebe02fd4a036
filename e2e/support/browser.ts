import AxeBuilder from "@axe-core/playwright";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Download,
  type Page,
} from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from "vitest";
import { store } from "./store.ts";

export const baseUrl = store.baseUrl;
/** Where the payment emulators answer: their pages and control endpoints (/emulator/...). */
export const emulatorsUrl = store.emulatorsUrl;

const browserEndpoint = inject("browserEndpoint");

interface Session {
  page: Page;
  context: BrowserContext;
  browser: Browser;
  /** Console errors and uncaught page errors seen so far: any fails the test. */
  errors: string[];
}

/**
 * The run's Chromium (started by e2e/global-setup.ts), a connection to it per
 * test file and a fresh context per test. A console error or
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
    session.browser = await chromium.connect(browserEndpoint);
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
    await recordErrors(session.page, session.errors);
  });
  afterEach(async () => {
    await session.context?.close();
    expect(session.errors, "console errors in the page").toEqual([]);
  });
  return session;
}

/** Console errors, uncaught exceptions and Content-Security-Policy violations of `page` go into `errors`. */
async function recordErrors(page: Page, errors: string[]): Promise<void> {
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  // Chromium tells of a violation the page's script caught (an eval probe, say) only by this event.
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(
        `Content-Security-Policy violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
}

/**
 * Another person's page next to the test's own (the operator's beside the
 * learner's): a context of the session's browser for `steps`, closed after
 * them. Its console errors fail the test too.
 */
export async function inOtherContext(
  session: Session,
  options: Pick<BrowserContextOptions, "storageState" | "javaScriptEnabled" | "locale">,
  steps: (page: Page) => Promise<void>,
): Promise<void> {
  const context = await session.browser.newContext({ baseURL: baseUrl, ...options });
  try {
    const page = await context.newPage();
    await recordErrors(page, session.errors);
    await steps(page);
  } finally {
    await context.close();
  }
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

/** A download's bytes, read through the connection to the run's browser (which keeps the file on its side). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

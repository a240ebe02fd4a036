// How Chromium runs on this machine, for the e2e suite (Playwright) and the bench (Lighthouse).
import fs from "node:fs";

/** The full Chromium, which Lighthouse audits pages in: CHROMIUM_PATH, or Debian's. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Chromium's headless shell (Debian's chromium-headless-shell), which Playwright itself runs
 * headless tests in: the same engine without the browser's own layer, so a new context costs
 * about a fifth of the full browser's CPU and a page load half.
 */
const HEADLESS_SHELL_PATH = process.env.HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";

/** The browser the e2e suite drives: the headless shell, or the full Chromium where it is missing. */
export function e2eBrowserPath(): string {
  if (fs.existsSync(HEADLESS_SHELL_PATH)) return HEADLESS_SHELL_PATH;
  console.warn(`No headless shell at ${HEADLESS_SHELL_PATH}: the e2e suite runs in ${CHROMIUM_PATH}, more slowly.`);
  return CHROMIUM_PATH;
}

/** Headless, without a sandbox or GPU, with nothing of its own going to the network. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];

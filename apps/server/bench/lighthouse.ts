// Lighthouse, mobile with simulated throttling (its defaults), on pages of a running store.
import fs from "node:fs";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/helpers/chromium.ts";

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
}

/** The Chromium to drive, or null when there is none. */
export function findChromium(): string | null {
  return fs.existsSync(CHROMIUM_PATH) ? CHROMIUM_PATH : null;
}

/** Audits each URL in turn in one headless Chromium; scores out of 100, or why a page could not be audited. */
export async function runLighthouse(
  chromePath: string,
  urls: string[],
): Promise<Map<string, LighthouseScores | { error: string }>> {
  // Loaded only here: Lighthouse is large, and the bench runs without it when there is no Chromium.
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([
    import("lighthouse"),
    import("chrome-launcher"),
  ]);
  const chrome = await chromeLauncher.launch({
    chromePath,
    // Lighthouse's launcher starts Chromium with a window unless told otherwise.
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
  });
  const scores = new Map<string, LighthouseScores | { error: string }>();
  try {
    for (const url of urls) {
      // A run that fails quickly (a trace not recorded on a busy machine: NO_NAVSTART) is run once
      // more; one that ran into Lighthouse's time limits would only fail again, slowly.
      for (let attempt = 1; ; attempt++) {
        const started = performance.now();
        try {
          scores.set(url, await audit(lighthouse, chrome.port, url));
          break;
        } catch (error) {
          if (attempt === 1 && performance.now() - started < 30_000) continue;
          // A page that cannot be audited (one too heavy for the time Lighthouse allows) is a result too.
          scores.set(url, { error: error instanceof Error ? error.message : String(error) });
          break;
        }
      }
    }
  } finally {
    chrome.kill();
  }
  return scores;
}

async function audit(
  lighthouse: typeof import("lighthouse").default,
  port: number,
  url: string,
): Promise<LighthouseScores> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
  });
  if (!result) throw new Error("Lighthouse returned nothing");
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`${runtimeError.code} ${runtimeError.message}`);
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
  };
}

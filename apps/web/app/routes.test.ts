import type { RouteConfigEntry } from "@react-router/dev/routes";
import { PREFIXED_LANGUAGES } from "@skillshelf/shared/i18n/languages.ts";
import { RESERVED_SLUGS } from "@skillshelf/shared/reserved-slugs.ts";
import { describe, expect, it } from "vitest";
import routes, { URL_LANGUAGES } from "./routes";

/** The first segment of every route's path that is a word, not a parameter: /cart, /order-details/:id. */
function topLevelWords(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => {
    const first = entry.path?.split("/")[0];
    if (first) return /^[a-z0-9-]+$/.test(first) ? [first] : [];
    return topLevelWords(entry.children ?? []);
  });
}

describe("the route config", () => {
  it("gives pages under a prefix to exactly the languages the store gives their own URLs", () => {
    expect([...URL_LANGUAGES]).toEqual(PREFIXED_LANGUAGES);
  });

  it("reserves every top-level word of its pages, so no category's page is shadowed by one", async () => {
    const words = new Set(topLevelWords(await routes));
    expect([...words].filter((word) => !(RESERVED_SLUGS as readonly string[]).includes(word))).toEqual([]);
  });
});

import type { ListingResponse } from "@skillshelf/shared/api.ts";
import { expect } from "vitest";
import { createTestStore, ensureWebBuild, PUBLIC_URL, type TestStore } from "./app.ts";
import { smallCatalogue } from "./factories.ts";

/** A store that renders pages, with the small catalogue, and its Docker listing as the API answers it. */
export async function pagesStoreWithDocker(options: Parameters<typeof createTestStore>[0] = {}) {
  ensureWebBuild();
  const store = await createTestStore({ pages: true, ...options });
  await store.importCatalogue(smallCatalogue());
  const docker = (
    await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })
  ).json<ListingResponse>();
  return { store, docker };
}

/** A page's HTML, as a visitor or as the learner whose session `token` is (the browser's cookie); 200 expected. */
export async function pageHtml(store: TestStore, url: string, token?: string): Promise<string> {
  const res = await store.app.inject({ method: "GET", url, headers: token ? { cookie: `access-token=${token}` } : {} });
  expect(res.statusCode, url).toBe(200);
  return res.body;
}

/** An admin checklist's choices named `name` in a page, in order: each checkbox's label and whether it is checked. */
export const checklistOf = (html: string, name: string) =>
  [...html.matchAll(new RegExp(`<input([^>]*name="${name}"[^>]*)/?>\\s*<span>([^<]*)</span>`, "g"))].map(
    ([, attributes, label]) => ({ label: label?.replace(/&amp;/g, "&"), selected: /checked/.test(attributes ?? "") }),
  );

/**
 * A browser's plain form post from the store's own page (no JavaScript): a
 * field given a list is sent once per value, as a multiple choice is.
 */
export function formPost(
  store: TestStore,
  url: string,
  fields: Record<string, string | string[]>,
  headers: Record<string, string> = {},
) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
  return store.app.inject({
    method: "POST",
    url,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: PUBLIC_URL,
      "sec-fetch-site": "same-origin",
      ...headers,
    },
    payload: body.toString(),
  });
}

/**
 * The catalogue file a page names in its preload link (root Layout) and that file's resources,
 * fetched as the browser does; null for a page that carries its catalogue inline (English).
 */
export async function pageCatalogue(
  store: TestStore,
  html: string,
): Promise<{ url: string; resources: Record<string, Record<string, string>> } | null> {
  const url = /<link rel="preload" href="([^"]+)" as="fetch" crossorigin="anonymous"\/>/.exec(html)?.[1];
  if (!url) return null;
  const res = await store.app.inject({ method: "GET", url });
  expect(res.statusCode, url).toBe(200);
  return { url, resources: res.json() };
}

/** Every public route, in each of its states that has texts or markup of its own: as a guest sees them. */
export const PUBLIC_PAGES = [
  "/",
  "/tech-cards",
  "/docker",
  "/git",
  "/docker/images",
  "/docker/volumes",
  "/more",
  "/search",
  "/search?q=docker",
  "/search?q=zzzzqqq",
  `/search?q=${"x".repeat(201)}`,
  "/no-such-page",
  "/login",
  "/login?notice=registered",
  "/registration",
  "/forgot-password",
  "/reset-password/not-a-token",
  "/login?redirectTo=%2Fcart",
  "/docker/no-such-article",
  "/no-such-page/no-such-article",
];

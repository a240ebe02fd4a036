import { PUBLIC_URL, type TestStore } from "./app.ts";

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

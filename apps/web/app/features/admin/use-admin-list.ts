import type { Page } from "@skillshelf/shared/paging.ts";
import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useToast } from "../toast/toast-context";
import { adminCall } from "./admin-api";

/**
 * A searchable, paged admin list kept in the URL (?search=&cursor=), loaded in
 * the browser from `endpoint`. `reload(false)` refreshes without the spinner,
 * after an action on a row. A refused page (a cursor that went stale) keeps
 * the server's message in `failed`.
 */
export function useAdminList<Row>(endpoint: string) {
  const [params, setParams] = useSearchParams();
  const search = params.get("search") ?? "";
  const cursor = params.get("cursor") ?? "";
  const toast = useToast();
  const query = new URLSearchParams({ ...(search ? { search } : {}), ...(cursor ? { cursor } : {}) }).toString();
  // The rows are kept with the query they answer: a new search shows the spinner at once, never the old rows.
  const [loaded, setLoaded] = useState<{ query: string; data: Page<Row> | null; failed?: string } | null>(null);
  const current = loaded?.query === query ? loaded : null;

  const reload = useCallback(
    async (spinner = true) => {
      if (spinner) setLoaded(null);
      const result = await adminCall<{ data: Page<Row> }>(`${endpoint}${query ? `?${query}` : ""}`, { notify: toast });
      if (result.ok && result.body) setLoaded({ query, data: result.body.data });
      else if (result.httpStatus === 422) setLoaded({ query, data: null, failed: result.message });
    },
    [endpoint, query, toast],
  );
  useEffect(() => {
    void reload();
  }, [reload]);

  /** A new search starts from the newest rows. */
  const go = (next: { search: string }) => setParams(next.search ? { search: next.search } : {});
  /** The URL of the page a cursor of this search leads to. */
  const pageHref = (to: string) => `?${new URLSearchParams({ ...(search ? { search } : {}), cursor: to }).toString()}`;

  return { search, list: current?.data ?? null, failed: current?.failed, reload, go, pageHref };
}

import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useToast } from "../toast/toast-context";
import { type AdminPage, adminCall } from "./admin-api";

/**
 * A searchable, paged admin list kept in the URL (?search=&page=), loaded in
 * the browser from `endpoint`. `reload(false)` refreshes without the spinner,
 * after an action on a row.
 */
export function useAdminList<Row>(endpoint: string) {
  const [params, setParams] = useSearchParams();
  const search = params.get("search") ?? "";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const toast = useToast();
  const query = new URLSearchParams({ page: String(page), ...(search ? { search } : {}) }).toString();
  // The rows are kept with the query they answer: a new search shows the spinner at once, never the old rows.
  const [loaded, setLoaded] = useState<{ query: string; data: AdminPage<Row> } | null>(null);
  const list = loaded?.query === query ? loaded.data : null;

  const reload = useCallback(
    async (spinner = true) => {
      if (spinner) setLoaded(null);
      const result = await adminCall<{ data: AdminPage<Row> }>(`${endpoint}?${query}`, { notify: toast });
      if (result.ok && result.body) setLoaded({ query, data: result.body.data });
    },
    [endpoint, query, toast],
  );
  useEffect(() => {
    void reload();
  }, [reload]);

  const go = (next: { search?: string; page?: number }) => {
    const s = next.search ?? search;
    const p = next.page ?? 1;
    setParams({ ...(s ? { search: s } : {}), ...(p > 1 ? { page: String(p) } : {}) });
  };

  return { search, list, reload, go };
}

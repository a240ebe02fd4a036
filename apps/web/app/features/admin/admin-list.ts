import type { AdminListQuery } from "@skillshelf/shared/api.ts";
import { useLocation, useNavigation, useSearchParams } from "react-router";

/** The search and page in an admin list's URL (?search=&cursor=), as its loader passes them on. */
export function adminListQuery(url: URL): AdminListQuery {
  const params = url.searchParams;
  return { search: params.get("search") || undefined, cursor: params.get("cursor") || undefined };
}

/**
 * An admin list's URL, for its page: the search, the link to a page of it,
 * and whether another search or page of the list is loading (then the page
 * shows the spinner at once, never the old rows).
 */
export function useAdminListUrl() {
  const [params] = useSearchParams();
  const search = params.get("search") ?? "";
  const navigation = useNavigation();
  const { pathname } = useLocation();
  // Only another search or page: a page's other searches (a coupon's artefacts) leave the list in place.
  const next = navigation.state === "loading" ? navigation.location : null;
  const nextParams = new URLSearchParams(next?.search);
  const loading =
    next?.pathname === pathname &&
    ((nextParams.get("search") ?? "") !== search || nextParams.get("cursor") !== params.get("cursor"));
  const pageHref = (cursor: string) => `?${new URLSearchParams({ ...(search ? { search } : {}), cursor })}`;
  return { search, loading, pageHref };
}

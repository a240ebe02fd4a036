import type { HomeCatalogue } from "@skillshelf/shared/api.ts";
import { apiCall } from "../../../lib/api-client";

/**
 * GET /api/categories/home: the home tiles, for a client-side navigation home (a
 * first visit gets them as HTML). Cached with an ETag like the other catalogue reads.
 */
export async function getHomeCatalogue(): Promise<HomeCatalogue | null> {
  const result = await apiCall<{ data: HomeCatalogue }>("/api/categories/home", { method: "GET", quiet: true });
  return result.ok && result.body ? result.body.data : null;
}

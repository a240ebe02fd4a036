import type { CategoryEntry, MoreCategoriesResponse } from "@skillshelf/shared/api.ts";
import { apiCall } from "../../../lib/api-client";

/**
 * GET /api/categories/more: the 'More..' list, loaded when the dropdown opens rather
 * than carried by every page. The answer has an ETag, so asking again on each opening
 * costs a 304 and still shows a catalogue change. Quiet: a failure falls back to /more.
 */
export async function getMoreCategories(): Promise<CategoryEntry[] | null> {
  const result = await apiCall<Pick<MoreCategoriesResponse, "data">>("/api/categories/more", {
    method: "GET",
    quiet: true,
  });
  return result.ok && result.body ? result.body.data : null;
}

import { type Formatting, formatAmount, STORE_FORMATTING } from "@skillshelf/shared/formatting.ts";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root";

/**
 * The reader's formatting, from the root loader: the learner's language and
 * time zone, or the store's for a visitor (so a page kept for visitors is the
 * same for all of them).
 */
export function useFormatting(): Formatting {
  return useRouteLoaderData<typeof rootLoader>("root")?.formatting ?? STORE_FORMATTING;
}

/** Formats an API price (major units) for the reader: `price(32.49, "GBP")` → "£32.49". */
export function usePrice(): (major: number, currency: string) => string {
  const formatting = useFormatting();
  return (major, currency) => formatAmount(major, currency, formatting);
}

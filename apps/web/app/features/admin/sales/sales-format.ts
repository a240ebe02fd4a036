import type { Formatting } from "@skillshelf/shared/formatting.ts";
import { kept } from "@skillshelf/shared/intl-formatters.ts";
import type { SalesInterval } from "@skillshelf/shared/sales.ts";

/*
 * The sales page's numbers, days and countries in the operator's language,
 * with Intl formatters made once per locale (intl-formatters.ts): the same
 * text in the server's HTML and after hydration. Days are UTC days.
 */

const numberFormats = new Map<string, Intl.NumberFormat>();
const NUMBER_OPTIONS = {
  count: {},
  share: { style: "percent", maximumFractionDigits: 1 },
  change: { style: "percent", maximumFractionDigits: 1, signDisplay: "exceptZero" },
  points: { maximumFractionDigits: 1, signDisplay: "exceptZero" },
} as const satisfies Record<string, Intl.NumberFormatOptions>;
const number = (locale: string, kind: keyof typeof NUMBER_OPTIONS) =>
  kept(numberFormats, `${locale}\n${kind}`, () => new Intl.NumberFormat(locale, NUMBER_OPTIONS[kind]));

/** A whole number: "1,234", "1 234". */
export const formatCount = (count: number, formatting: Formatting) => number(formatting.locale, "count").format(count);

/** A share of 0 to 1 as a percentage: "8.3%", "8,3 %". */
export const formatShare = (share: number, formatting: Formatting) => number(formatting.locale, "share").format(share);

/** A change as a signed percentage of what it was: "+12.5%", "-3%", "0%". */
export const formatChange = (ratio: number, formatting: Formatting) =>
  number(formatting.locale, "change").format(ratio);

/** How much a figure changed against the period before, as a share of it; null when there was nothing before. */
export const changeOf = (now: number, before: number): number | null => (before === 0 ? null : (now - before) / before);

/** A change of a share in percentage points, signed, to one decimal: "+1.2", "-0.5". */
export const formatPoints = (now: number, before: number, formatting: Formatting) =>
  number(formatting.locale, "points").format(Math.round((now - before) * 1000) / 10);

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A UTC day (YYYY-MM-DD), or the month it is in: "21 Nov 2026", "Nov 2026". */
export function formatDay(day: string, formatting: Formatting, as: SalesInterval = "day"): string {
  const format = kept(dayFormats, `${formatting.locale}\n${as}`, () =>
    as === "day"
      ? new Intl.DateTimeFormat(formatting.locale, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" })
      : new Intl.DateTimeFormat(formatting.locale, { month: "short", year: "numeric", timeZone: "UTC" }),
  );
  return format.format(new Date(`${day}T00:00:00Z`));
}

import {
  DAILY_UP_TO_DAYS,
  DEFAULT_PRESET,
  daysBetween,
  MAX_DAILY_DAYS,
  PRESET_DAYS,
  SALES_MESSAGES,
  type SalesInterval,
  type SalesPreset,
  type SalesQuery,
} from "@skillshelf/shared/sales.ts";
import { AppError } from "../../lib/app-error.ts";

/** Whole UTC days: `from` and `to` as YYYY-MM-DD, both included, and the moments [start, end) they span. */
export interface DayRange {
  from: string;
  to: string;
  start: Date;
  end: Date;
}

/** What a sales query asks for, resolved against today: its days, the period before it, the series' buckets. */
export interface SalesRange extends DayRange {
  preset: SalesPreset | null;
  interval: SalesInterval;
  /** The period of the same length just before it. */
  previous: DayRange;
}

const DAY_MS = 86_400_000;

/** The UTC day of a moment, YYYY-MM-DD. */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

/** The day `count` days after `day` (before it, when negative). */
const addDays = (day: string, count: number): string =>
  dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS));

function dayRange(from: string, to: string): DayRange {
  return { from, to, start: new Date(`${from}T00:00:00Z`), end: new Date(`${addDays(to, 1)}T00:00:00Z`) };
}

/**
 * The range a checked query asks for, on the store's `today`: a preset ends
 * today ("all" starts on `firstDay`, the first order's, or today without
 * one); dates default to today and to 30 days ending on the last. A series
 * is per day up to DAILY_UP_TO_DAYS days, per month beyond, unless asked;
 * per day at most MAX_DAILY_DAYS (a 422, as the schema's own checks).
 */
export function salesRange(query: SalesQuery, today: string, firstDay: string | null): SalesRange {
  const preset = query.range ?? (query.from || query.to ? null : DEFAULT_PRESET);
  let from: string;
  let to: string;
  if (preset === "all") {
    to = today;
    from = firstDay && firstDay < today ? firstDay : today;
  } else if (preset) {
    to = today;
    from = addDays(today, 1 - PRESET_DAYS[preset]);
  } else {
    to = query.to ?? today;
    from = query.from ?? addDays(to, 1 - PRESET_DAYS[DEFAULT_PRESET]);
  }
  // Only a first day after today, with no last day, gets here: the schema checks two dates against each other.
  if (to < from) throw new AppError("invalid", SALES_MESSAGES.order, { from: SALES_MESSAGES.order });
  const days = daysBetween(from, to);
  const interval = query.interval ?? (days <= DAILY_UP_TO_DAYS ? "day" : "month");
  // A preset's span is known only now ("all").
  if (interval === "day" && days > MAX_DAILY_DAYS) {
    throw new AppError("invalid", SALES_MESSAGES.dailyTooLong, { interval: SALES_MESSAGES.dailyTooLong });
  }
  return {
    ...dayRange(from, to),
    preset,
    interval,
    previous: dayRange(addDays(from, -days), addDays(from, -1)),
  };
}

/** The series' buckets of a range: each day, or each calendar month cut at the range's ends. */
export function bucketsOf(range: SalesRange): { key: string; from: string; to: string }[] {
  const buckets: { key: string; from: string; to: string }[] = [];
  if (range.interval === "day") {
    for (let day = range.from; day <= range.to; day = addDays(day, 1)) buckets.push({ key: day, from: day, to: day });
    return buckets;
  }
  for (let first = range.from; first <= range.to; ) {
    const month = first.slice(0, 7);
    const [year = 0, monthNumber = 0] = month.split("-").map(Number);
    const next = dayOf(new Date(Date.UTC(year, monthNumber, 1)));
    // The range ends in this month, or it runs to the month's last day.
    buckets.push({ key: month, from: first, to: range.to < next ? range.to : addDays(next, -1) });
    first = next;
  }
  return buckets;
}

/** The bucket a day falls in: the day itself, or its month. */
export const bucketKey = (interval: SalesInterval, day: string): string => (interval === "day" ? day : day.slice(0, 7));

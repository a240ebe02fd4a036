const FALLBACK_TIME_ZONE = "UTC";

/** A timestamp in a reader's time zone (an unknown zone name still gives a readable date, in UTC). */
export function formatInZone(
  iso: string,
  timeZone: string,
  locale: string,
  style: Pick<Intl.DateTimeFormatOptions, "dateStyle" | "timeStyle">,
): string {
  const date = new Date(iso);
  try {
    return new Intl.DateTimeFormat(locale, { ...style, timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(locale, { ...style, timeZone: FALLBACK_TIME_ZONE }).format(date);
  }
}

/**
 * 'November 21, 2026 at 10:05 AM' (SPEC.md section 9), in the learner's time
 * zone from their settings. Called in loaders, so the server's HTML and the
 * hydrated page show the same text whatever the browser's own zone.
 */
export function formatOrderDate(iso: string, timeZone: string): string {
  return formatInZone(iso, timeZone, "en-US", { dateStyle: "long", timeStyle: "short" });
}

const FALLBACK_TIME_ZONE = "UTC";

/**
 * 'November 21, 2026 at 10:05 AM' (SPEC.md section 9), in the learner's time
 * zone from their settings. Called in loaders, so the server's HTML and the
 * hydrated page show the same text whatever the browser's own zone.
 */
export function formatOrderDate(iso: string, timeZone: string): string {
  const date = new Date(iso);
  try {
    return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone }).format(date);
  } catch {
    // An unknown zone name: still a readable date.
    return new Intl.DateTimeFormat("en-US", {
      dateStyle: "long",
      timeStyle: "short",
      timeZone: FALLBACK_TIME_ZONE,
    }).format(date);
  }
}

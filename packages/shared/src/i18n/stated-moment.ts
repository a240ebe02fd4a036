/** The English of a moment as the server states it: "30 November 2026 at 10:00 UTC" (en-GB, UTC). */
export function statedMoment(at: Date): string {
  return `${new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(at)} UTC`;
}

/** A moment as statedMoment states it, in `language`: English as statedMoment, others by Intl (long date, UTC). */
export function statedMomentIn(language: string, at: Date): string {
  if (language === "en") return statedMoment(at);
  return `${new Intl.DateTimeFormat(language, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(at)} UTC`;
}

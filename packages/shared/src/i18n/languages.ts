/**
 * The store's three languages, and how a request's language is chosen: a
 * learner's setting; for a guest the switcher's choice (?lang= once, then the
 * `lang` cookie), otherwise the browser's Accept-Language; English by default.
 */
export const LANGUAGE_CODES = ["en", "es", "fr"] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

export const DEFAULT_LANGUAGE: LanguageCode = "en";
/** The cookie that remembers a guest's choice, and the query parameter that makes it. */
export const LANGUAGE_COOKIE = "lang";
export const LANGUAGE_PARAM = "lang";

/** Each language in its own words, as the switcher lists them. */
export const LANGUAGE_NAMES: Record<LanguageCode, string> = { en: "English", es: "Español", fr: "Français" };

/** The settings page's values (SPEC.md section 9, stored in users.language) and their codes. */
const CODE_OF_SETTING: Record<string, LanguageCode> = { English: "en", Spanish: "es", French: "fr" };
export const SETTING_OF_CODE = { en: "English", es: "Spanish", fr: "French" } as const satisfies Record<
  LanguageCode,
  string
>;

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === "string" && (LANGUAGE_CODES as readonly string[]).includes(value);
}

/** A learner's setting ("Spanish") as a code; null for anything else. */
export function languageOfSetting(setting: string | null | undefined): LanguageCode | null {
  return (setting && CODE_OF_SETTING[setting]) || null;
}

/** The first of our languages an Accept-Language header asks for, by its q-values; null for none. */
export function preferredLanguage(header: string | null | undefined): LanguageCode | null {
  if (!header) return null;
  let best: { code: LanguageCode; q: number; at: number } | null = null;
  header.split(",").forEach((part, at) => {
    const [range = "", ...params] = part.trim().split(";");
    const primary = range.trim().toLowerCase().split("-")[0];
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!isLanguageCode(primary) || !(q > 0)) return;
    if (!best || q > best.q) best = { code: primary, q, at };
  });
  return (best as { code: LanguageCode } | null)?.code ?? null;
}

export interface LanguageSources {
  /** The signed-in learner's setting, if any: it wins. */
  setting?: string | null | undefined;
  /** ?lang= of this request. */
  query?: string | null | undefined;
  /** The `lang` cookie. */
  cookie?: string | null | undefined;
  acceptLanguage?: string | null | undefined;
}

export function resolveLanguage({ setting, query, cookie, acceptLanguage }: LanguageSources): LanguageCode {
  return (
    languageOfSetting(setting) ??
    (isLanguageCode(query) ? query : null) ??
    (isLanguageCode(cookie) ? cookie : null) ??
    preferredLanguage(acceptLanguage) ??
    DEFAULT_LANGUAGE
  );
}

/** The languages whose pages live under their code (/es/…, /fr/…): all but English, whose pages are unprefixed. */
export const PREFIXED_LANGUAGES = LANGUAGE_CODES.filter((code) => code !== DEFAULT_LANGUAGE);

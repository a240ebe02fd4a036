/**
 * The store's three languages and their URL spaces: English pages are
 * unprefixed, Spanish and French ones live under /es and /fr. How a page's
 * language is chosen from these is apps/server/src/routes/page-language.ts's.
 */
export const LANGUAGE_CODES = ["en", "es", "fr"] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

export const DEFAULT_LANGUAGE: LanguageCode = "en";
/**
 * The cookie that remembers a guest's choice, and the query parameter that makes it: `?lang=es`
 * (the footer's switcher, and links from before the languages had URLs of their own) answers
 * 301 to the page's Spanish URL.
 */
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
  /** The `lang` cookie. */
  cookie?: string | null | undefined;
  acceptLanguage?: string | null | undefined;
}

/** A reader's language where no URL says it (a provider's payment page): their setting, the `lang` cookie, Accept-Language. */
export function resolveLanguage({ setting, cookie, acceptLanguage }: LanguageSources): LanguageCode {
  return (
    languageOfSetting(setting) ??
    (isLanguageCode(cookie) ? cookie : null) ??
    preferredLanguage(acceptLanguage) ??
    DEFAULT_LANGUAGE
  );
}

/** The languages whose pages live under their code (/es/…, /fr/…): all but English, whose pages are unprefixed. */
export const PREFIXED_LANGUAGES = LANGUAGE_CODES.filter((code) => code !== DEFAULT_LANGUAGE);

/**
 * The language of a page's URL (a path, with or without its query): /es and /es/… are
 * Spanish, /fr and /fr/… French, every other path English.
 */
export function languageOfPath(path: string): LanguageCode {
  const code = path.slice(1, 3);
  if (code === DEFAULT_LANGUAGE || !isLanguageCode(code)) return DEFAULT_LANGUAGE;
  const after = path.charAt(3);
  return after === "" || after === "/" || after === "?" || after === "#" ? code : DEFAULT_LANGUAGE;
}

/** A page's English path from its URL in any language: /es/docker is /docker, /es and /es/ are /, /es?page=2 is /?page=2. */
export function englishPath(path: string): string {
  if (languageOfPath(path) === DEFAULT_LANGUAGE) return path;
  const rest = path.slice(3);
  return rest.startsWith("/") ? rest : `/${rest}`;
}

/**
 * A page's URL in `language` from its English path (with its query and fragment): /docker/images in
 * Spanish is /es/docker/images; home, /, is /es (and /?letter=D is /es?letter=D).
 */
export function languagePath(language: LanguageCode, path: string): string {
  if (language === DEFAULT_LANGUAGE) return path;
  return path === "/" || path.startsWith("/?") || path.startsWith("/#")
    ? `/${language}${path.slice(1)}`
    : `/${language}${path}`;
}

/**
 * The pages' translator: the part of i18next the store uses, over the same
 * catalogues, without i18next itself (about 18 KB gzip of every page's initial
 * JavaScript, over the 120 KB budget). It does what i18next's JSON format and
 * our configuration (translator.ts createTranslator) do, and nothing else:
 * - lookup of the key in every namespace, the key itself when none has it;
 * - plurals: `count` picks `key_one`, `key_other`… by Intl.PluralRules (and
 *   `key_zero` for 0), then the key, then `key_other`; `context` tries
 *   `key_CONTEXT` first, as i18next does;
 * - interpolation of `{{name}}` with the options' values, unescaped (React
 *   escapes what it renders); a placeholder without a value is kept, and a
 *   value is never interpolated again.
 * No nesting ($t), formats ({{value, format}}) or unescaped placeholders ({{- x}}):
 * the catalogues use none. page-translator.test.ts checks that it answers
 * exactly what i18next answers, for every key of every catalogue.
 */

/** One language's strings by namespace: { common: { "Sign out": "Cerrar sesión" }, … }. */
export type Resources = Record<string, Record<string, string>>;
export type TOptions = Readonly<Record<string, unknown>>;
export type TFunction = (key: string, options?: TOptions) => string;

export interface PageTranslator {
  language: string;
  /** The key's text in the language (its plural form for `count`), not interpolated: the key when not catalogued. */
  text(key: string, options?: TOptions): string;
  /** The key's text, interpolated: `t("Back to {{name}}", { name })`, `t("{{count}} items", { count })`. */
  t: TFunction;
  /** The catalogue it reads (server messages are matched against its keys: translate-message.ts). */
  resources: Resources;
}

const PLACEHOLDER = /\{\{(.+?)\}\}/g;

/** `{{name}}` replaced by `values.name` (null or an undefined own value: ""); a missing one is left as is. */
export function interpolate(text: string, values: TOptions | undefined): string {
  if (!values || !text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (placeholder, inner: string) => {
    const name = inner.trim();
    if (!Object.hasOwn(values, name)) return placeholder;
    const value = values[name];
    return value == null ? "" : String(value);
  });
}

export function createPageTranslator(language: string, resources: Resources): PageTranslator {
  const namespaces = Object.values(resources);
  const rules = new Intl.PluralRules(language);
  function text(key: string, options?: TOptions): string {
    const count = options?.count;
    const context = options?.context;
    const plural = count !== undefined && typeof count !== "string";
    const withContext = (typeof context === "string" || typeof context === "number") && context !== "";
    // i18next's order of candidate keys (Translator.resolve), most specific first.
    const candidates: string[] = [];
    const suffix = plural ? `_${rules.select(count as number)}` : "";
    for (const base of withContext ? [`${key}_${context}`, key] : [key]) {
      if (plural && count === 0) candidates.push(`${base}_zero`);
      if (plural) candidates.push(base + suffix);
      candidates.push(base);
    }
    if (plural && suffix !== "_other") {
      if (withContext) candidates.push(`${key}_${context}_other`);
      candidates.push(`${key}_other`);
    }
    for (const strings of namespaces) {
      for (const candidate of candidates) {
        const found = Object.hasOwn(strings, candidate) ? strings[candidate] : undefined;
        if (found) return found;
      }
    }
    return key;
  }

  return {
    language,
    text,
    t: (key, options) => interpolate(text(key, options), options),
    resources,
  };
}

/**
 * What a browser needs of a language: the entries that differ from their key.
 * For English that is only the plural forms; the others are shown as their keys.
 */
export function browserResources(resources: Resources): Resources {
  const out: Resources = {};
  for (const [namespace, entries] of Object.entries(resources)) {
    const kept = Object.entries(entries).filter(([key, value]) => key !== value);
    if (kept.length) out[namespace] = Object.fromEntries(kept);
  }
  return out;
}

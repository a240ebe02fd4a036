import i18next, { type i18n } from "i18next";
import type { LanguageCode } from "./languages.ts";

/** One language's strings by namespace: { common: { "Sign out": "Cerrar sesión" }, … }. */
export type Resources = Record<string, Record<string, string>>;

/**
 * An i18next instance for one language. Keys are the English texts themselves
 * (SPEC.md's), so English needs no entry but its plural forms, and a message
 * that comes as English text (from the API, a schema or a constant) is
 * translated where it is shown with `t(message)`. Every namespace is searched,
 * so a key works whichever file holds it; a key found in none is shown as is.
 */
export function createTranslator(language: LanguageCode, resources: Resources): i18n {
  const instance = i18next.createInstance();
  const namespaces = Object.keys(resources);
  void instance.init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: resources },
    ns: namespaces,
    defaultNS: namespaces[0] ?? "common",
    fallbackNS: namespaces,
    keySeparator: false,
    nsSeparator: false,
    // React escapes what it renders; mails escape their own HTML.
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    initAsync: false,
  });
  return instance;
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

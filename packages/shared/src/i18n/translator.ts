import i18next, { type i18n } from "i18next";
import { CATALOGUES } from "./catalogues.ts";
import type { LanguageCode } from "./languages.ts";
import type { Resources, TFunction } from "./page-translator.ts";

/**
 * An i18next instance for one language. Keys are the English texts themselves
 * (SPEC.md's), so English needs no entry but its plural forms, and a message
 * that comes as English text (from the API, a schema or a constant) is
 * translated where it is shown with `t(message)`. Every namespace is searched,
 * so a key works whichever file holds it; a key found in none is shown as is.
 * The server's reference: the pages translate with page-translator.ts, which
 * answers the same (page-translator.test.ts) without i18next's weight.
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

const translators = new Map<LanguageCode, TFunction>();

/**
 * The server's own texts (mails, receipts, the emulators' pages) in `language`: i18next over the
 * same catalogues as the pages, one instance per language, made when first asked for.
 */
export function translatorOf(language: LanguageCode): TFunction {
  let t = translators.get(language);
  if (!t) {
    const instance = createTranslator(language, CATALOGUES[language]);
    t = (key, options) => instance.t(key, options ?? {});
    translators.set(language, t);
  }
  return t;
}

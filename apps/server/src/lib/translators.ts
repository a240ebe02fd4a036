import { CATALOGUES } from "@skillshelf/shared/i18n/catalogues.ts";
import { LANGUAGE_CODES, type LanguageCode } from "@skillshelf/shared/i18n/languages.ts";
import type { TFunction } from "@skillshelf/shared/i18n/page-translator.ts";
import { createTranslator } from "@skillshelf/shared/i18n/translator.ts";

/**
 * The server's own texts (the mails) translated by
 * i18next over the same catalogues as the pages: one instance per language,
 * made once.
 */
const TRANSLATORS = Object.fromEntries(
  LANGUAGE_CODES.map((code) => {
    const instance = createTranslator(code, CATALOGUES[code]);
    const t: TFunction = (key, options) => instance.t(key, options ?? {});
    return [code, t];
  }),
) as Record<LanguageCode, TFunction>;

export function translatorOf(language: LanguageCode): TFunction {
  return TRANSLATORS[language];
}

import { DEFAULT_LANGUAGE, type LanguageCode } from "@skillshelf/shared/i18n/languages.ts";
import { createTranslator, type Resources } from "@skillshelf/shared/i18n/translator.ts";
import type { i18n, TFunction } from "i18next";
import { useTranslation } from "react-i18next";

/** The root loader's `i18n`: the page's language and what the browser needs of its catalogue. */
export interface PageI18n {
  language: LanguageCode;
  resources: Resources;
}

const instances = new Map<LanguageCode, i18n>();
const bare = createTranslator(DEFAULT_LANGUAGE, {});

/**
 * The translator of a page's language, made once per language from the root
 * loader's data: the server renders and the browser hydrates with the same
 * resources. Without them (the root's error page) the texts stay English.
 */
export function translatorOf(data: PageI18n | null | undefined): i18n {
  if (!data) return bare;
  let instance = instances.get(data.language);
  if (!instance) {
    instance = createTranslator(data.language, data.resources);
    instances.set(data.language, instance);
  }
  return instance;
}

/** `t` of the page's language: `t("Sign out")`, `t("Back to {{name}}", { name })`. Keys are the English texts. */
export function useT(): TFunction {
  return useTranslation().t;
}

/** `t` for a route's meta function, from the root loader's data among the matches. */
export function metaT(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): TFunction {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { i18n?: PageI18n } | undefined;
  return translatorOf(root?.i18n).t;
}

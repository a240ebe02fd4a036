import { DEFAULT_LANGUAGE, type LanguageCode } from "@skillshelf/shared/i18n/languages.ts";
import {
  createPageTranslator,
  type PageTranslator,
  type Resources,
  type TFunction,
} from "@skillshelf/shared/i18n/page-translator.ts";
import { createContext, useContext } from "react";

export type { TFunction };

/** The root loader's `i18n`: the page's language and what the browser needs of its catalogue. */
export interface PageI18n {
  language: LanguageCode;
  resources: Resources;
}

// By the resources themselves: a learner's pages carry more namespaces than a guest's (page-language.ts).
const translators = new WeakMap<Resources, PageTranslator>();
const bare = createPageTranslator(DEFAULT_LANGUAGE, {});

/**
 * The translator of a page's language, made once per catalogue from the root
 * loader's data: the server renders and the browser hydrates with the same
 * resources. Without them (the root's error page) the texts stay English.
 * Not i18next: the pages' small translator over the same catalogues, which
 * answers what i18next answers (@skillshelf/shared/i18n/page-translator.ts).
 */
export function translatorOf(data: PageI18n | null | undefined): PageTranslator {
  if (!data) return bare;
  let translator = translators.get(data.resources);
  if (!translator) {
    translator = createPageTranslator(data.language, data.resources);
    translators.set(data.resources, translator);
  }
  return translator;
}

const TranslatorContext = createContext<PageTranslator>(bare);
/** Gives the page's translator to what it renders (root Layout, entry.server's tiles). */
export const TranslatorProvider = TranslatorContext.Provider;

/** The page's translator: its language, `t` and `text` (the uninterpolated text, for Trans). */
export function useTranslator(): PageTranslator {
  return useContext(TranslatorContext);
}

/** `t` of the page's language: `t("Sign out")`, `t("Back to {{name}}", { name })`. Keys are the English texts. */
export function useT(): TFunction {
  return useTranslator().t;
}

/** `t` for a route's meta function, from the root loader's data among the matches (else `fallback`'s). */
export function metaT(
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[],
  fallback?: PageI18n,
): TFunction {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { i18n?: PageI18n } | undefined;
  return translatorOf(root?.i18n ?? fallback).t;
}

import type { StoreContext } from "@skillshelf/shared/api.ts";
import {
  DEFAULT_LANGUAGE,
  isLanguageCode,
  type LanguageCode,
  languagePath,
} from "@skillshelf/shared/i18n/languages.ts";
import { inLanguage, type Message, messageOfIssue } from "@skillshelf/shared/i18n/message.ts";
import {
  createPageTranslator,
  type PageTranslator,
  type Resources,
  type TFunction,
} from "@skillshelf/shared/i18n/page-translator.ts";
import { createContext, use, useCallback, useContext } from "react";

export type { TFunction };

/**
 * The root loader's `i18n`: the page's language and what the browser needs of its catalogue,
 * inline (English: the plural forms) or as the address of its file (page-language.ts), which the
 * browser fetches once and keeps (loadCatalogue), so that pages and navigations do not carry it.
 */
export type PageI18n = { language: LanguageCode } & ({ resources: Resources } | { catalogue: string });

/** The catalogues read from files: on the server every page's (pageI18n), in the browser those it loaded. */
const catalogues = new Map<string, Resources>();
const loading = new Map<string, Promise<Resources>>();

/** The root loader's `i18n` from the load context's: the catalogue's file, kept here for the server's render. */
export function pageI18n({ language, resources, catalogue }: StoreContext["i18n"]): PageI18n {
  if (catalogue === null) return { language, resources };
  catalogues.set(catalogue, resources);
  return { language, catalogue };
}

/** A catalogue's file, fetched once (again after a failure): entry.client waits for the page's before hydrating. */
export function loadCatalogue(url: string): Promise<Resources> {
  let loaded = loading.get(url);
  if (!loaded) {
    loaded = fetch(url).then((response) => {
      if (!response.ok) throw new Error(url);
      return response.json() as Promise<Resources>;
    });
    loaded.then(
      (resources) => catalogues.set(url, resources),
      () => loading.delete(url),
    );
    loading.set(url, loaded);
  }
  return loaded;
}

/**
 * The resources of a catalogue's file. A navigation to a page of another language or audience
 * (settings, the language switcher, signing in) waits for its file while React keeps the page
 * shown; should it fail, the browser loads that page as a document, which the server renders whole.
 */
function resourcesOf(url: string): Resources {
  const kept = catalogues.get(url);
  if (kept) return kept;
  if (import.meta.env.SSR) throw new Error(`The catalogue ${url} was not kept for this render`);
  const loaded = loadCatalogue(url);
  loaded.catch(() => location.reload());
  return use(loaded);
}

// By the resources themselves: a learner's pages carry more namespaces than a guest's (page-language.ts).
const translators = new WeakMap<Resources, PageTranslator>();
const bare = createPageTranslator(DEFAULT_LANGUAGE, {});

/**
 * The translator of a page's language, made once per catalogue from the root
 * loader's data (or the load context's): the server renders and the browser
 * hydrates with the same resources. Without them (the root's error page) the
 * texts stay English. Not i18next: the pages' small translator over the same
 * catalogues, which answers what i18next answers (@skillshelf/shared/i18n/page-translator.ts).
 */
export function translatorOf(data: PageI18n | StoreContext["i18n"] | null | undefined): PageTranslator {
  if (!data) return bare;
  const resources = "resources" in data ? data.resources : resourcesOf(data.catalogue);
  let translator = translators.get(resources);
  if (!translator) {
    translator = createPageTranslator(data.language, resources);
    translators.set(resources, translator);
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

/**
 * A link's path in the page's language (docs/languages.md): on a Spanish page `/docker` is
 * /es/docker, on an English one it stays /docker. For the pages every language has (routes.ts):
 * the account area, cart and checkout have English URLs only, which follow the learner's setting.
 */
export function useLanguagePath(): (path: string) => string {
  const { language } = useTranslator();
  return useCallback(
    (path: string) => languagePath(isLanguageCode(language) ? language : DEFAULT_LANGUAGE, path),
    [language],
  );
}

/**
 * Writes a message in the page's language from its key and values (i18n/message.ts): a loader's or
 * an error's `Message`, or a shared schema's issue text (issueText: a key, or a key with values).
 */
export function useMessage(): (message: Message | string) => string {
  const { language, t } = useTranslator();
  return (message) => inLanguage(language, t, typeof message === "string" ? messageOfIssue(message) : message);
}

/** `t` for a route's meta function, from the root loader's data among the matches (else `fallback`'s). */
export function metaT(
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[],
  fallback?: PageI18n,
): TFunction {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { i18n?: PageI18n } | undefined;
  return translatorOf(root?.i18n ?? fallback).t;
}

import { createHash } from "node:crypto";
import type { StoreContext } from "@skillshelf/shared/api.ts";
import { CATALOGUES } from "@skillshelf/shared/i18n/catalogues.ts";
import {
  DEFAULT_LANGUAGE,
  englishPath,
  isLanguageCode,
  LANGUAGE_COOKIE,
  LANGUAGE_PARAM,
  type LanguageCode,
  languageOfPath,
  languagePath,
  preferredLanguage,
  resolveLanguage,
} from "@skillshelf/shared/i18n/languages.ts";
import { browserResources, type Resources } from "@skillshelf/shared/i18n/page-translator.ts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { SessionViewer } from "../accounts/sessions.ts";

/** Namespaces only the server translates with (the mails, the emulators' pages): no page carries them. */
const SERVER_NAMESPACES = new Set(["mail", "emulator"]);

/**
 * The namespaces only signed-in pages use: a learner's account pages,
 * checkout and the payment pages, the cart's coupon and credit,
 * notifications and an article's progress, a paged list's link errors and
 * the admin area's 403 (account, checkout). A guest's page (and every page
 * kept for guests) goes without them.
 */
const SIGNED_IN_NAMESPACES = new Set(["account", "checkout"]);
/** The operator's area: only an operator's pages carry it (about 5 KB gzip a language). */
const OPERATOR_NAMESPACES = new Set(["admin"]);

type Audience = "guest" | "learner" | "operator";

/** What a page sends the browser of each catalogue, for each audience: computed once. */
const pageResources = (audience: Audience) =>
  Object.fromEntries(
    Object.entries(CATALOGUES).map(([code, resources]) => [
      code,
      browserResources(
        Object.fromEntries(
          Object.entries(resources).filter(
            ([ns]) =>
              !SERVER_NAMESPACES.has(ns) &&
              !(audience === "guest" && SIGNED_IN_NAMESPACES.has(ns)) &&
              !(audience !== "operator" && OPERATOR_NAMESPACES.has(ns)),
          ),
        ),
      ),
    ]),
  ) as Record<LanguageCode, Resources>;
const RESOURCES: Record<Audience, Record<LanguageCode, Resources>> = {
  guest: pageResources("guest"),
  learner: pageResources("learner"),
  operator: pageResources("operator"),
};

/**
 * Where the browser gets a page's catalogue: a file of its own (/i18n/…), named by its
 * audience, language and content, which the browser fetches once and keeps (the web app's
 * lib/i18n.ts), rather than in every page's hydration data and every navigation's (some 46 KB
 * of a French or Spanish page). English pages carry theirs inline: their keys are the texts,
 * so it holds only the plural forms (under 1 KB).
 */
const CATALOGUE_PATH = "/i18n/";
const CATALOGUE_URLS = new Map<Resources, string>();
/** Each catalogue file's name and body: what GET /i18n/:file answers. */
const CATALOGUE_FILES = new Map<string, string>();
/** Each file's body by its audience and language ("learner.fr"): what another build's name of it gets. */
const CURRENT_CATALOGUES = new Map<string, string>();
for (const [audience, byLanguage] of Object.entries(RESOURCES)) {
  for (const [language, resources] of Object.entries(byLanguage)) {
    if (language === "en") continue;
    const body = JSON.stringify(resources);
    const file = `${audience}.${language}.${createHash("sha256").update(body).digest("base64url").slice(0, 12)}.json`;
    CATALOGUE_FILES.set(file, body);
    CURRENT_CATALOGUES.set(`${audience}.${language}`, body);
    CATALOGUE_URLS.set(resources, CATALOGUE_PATH + file);
  }
}

const ONE_YEAR_S = 365 * 24 * 3600;

/**
 * The catalogue file GET /i18n/:file answers, and for how long the browser may keep it: for
 * good under the name of its content; under a name another build gave it (a page rendered by
 * an instance not yet updated, or already), this build's catalogue of that audience and
 * language, checked again each time, so that the page still comes to life. Null: no such file.
 */
export function catalogueFile(file: string): { body: string; immutable: boolean } | null {
  const body = CATALOGUE_FILES.get(file);
  if (body !== undefined) return { body, immutable: true };
  const current = /^(\w+\.\w+)\.[\w-]+\.json$/.exec(file)?.[1];
  const other = current === undefined ? undefined : CURRENT_CATALOGUES.get(current);
  return other === undefined ? null : { body: other, immutable: false };
}

/** A page request's URL without what React Router's single fetch adds: /es/docker.data is /es/docker's data, /es.data /es's. */
function pagePath(url: string): string {
  const query = url.indexOf("?");
  const path = query < 0 ? url : url.slice(0, query);
  return path.endsWith(".data") ? path.slice(0, -".data".length) : path;
}

/** What a page request's language is decided from (pageLanguage, and the front door's kept pages). */
export interface PageLanguageSources {
  /** The request's URL, with its query. */
  url: string;
  /** The signed-in learner's setting; a guest has none. */
  viewer: { setting: string } | null;
  /** The `lang` cookie. */
  cookie: string | undefined;
  acceptLanguage: string | undefined;
}

/** A page's language, and on a guest's first visit to an English URL the language it offers instead. */
export interface LanguageChoice {
  language: LanguageCode;
  /** The page's notice: "this page is also in Spanish", with a link to its Spanish URL. */
  suggested: LanguageCode | null;
}

/**
 * The language of a page, the one decision that the pages, their loaders and actions
 * (StoreContext.i18n), the front door and whatever writes in the page's language follow:
 *
 * - The URL's: /es/… is Spanish and /fr/… French for everyone, so a language's URL is the same
 *   page for every guest (what search engines index, each its own canonical).
 * - An English (unprefixed) URL: a signed-in learner's language setting (SPEC.md's settings page);
 *   English for a guest. A guest's first visit (no `lang` cookie yet, which the switcher and the
 *   notice's "No, thanks" set) is offered the language Accept-Language asks for, by a notice
 *   linking to that language's URL; never redirected, as crawlers must see every URL as it is.
 */
export function chooseLanguage({ url, viewer, cookie, acceptLanguage }: PageLanguageSources): LanguageChoice {
  const ofUrl = languageOfPath(pagePath(url));
  if (ofUrl !== DEFAULT_LANGUAGE) return { language: ofUrl, suggested: null };
  if (viewer)
    return { language: resolveLanguage({ setting: viewer.setting, cookie, acceptLanguage }), suggested: null };
  const asked = isLanguageCode(cookie) ? null : preferredLanguage(acceptLanguage);
  return { language: DEFAULT_LANGUAGE, suggested: asked === DEFAULT_LANGUAGE ? null : asked };
}

/**
 * What a guest's page is kept under (the page cache and the front door): its language, the
 * language its notice offers, and its URL. A Spanish or French URL is one page for every guest;
 * an English one is kept apart for each language a first visit may be offered.
 */
export const visitorPageKey = ({ language, suggested }: LanguageChoice, url: string) =>
  `${language}${suggested ? `>${suggested}` : ""} ${url}`;

/**
 * What a page's answer varies on, besides its encoding: a session (cookie or bearer) always. An
 * English URL's guest page also varies on Accept-Language and the lang cookie (its notice); a
 * Spanish or French URL's does not, whatever the browser asks for.
 */
export const pageVary = (url: string) =>
  languageOfPath(pagePath(url)) === DEFAULT_LANGUAGE
    ? "Cookie, Authorization, Accept-Language"
    : "Cookie, Authorization";

/** The page's language for a request (chooseLanguage), with what its render translates with. */
/**
 * The language a request without a page asks for (a JSON API call such as POST /api/register): its
 * `?lang=`, else the `lang` cookie (the switcher's last choice), else Accept-Language; English by default.
 * A page's request has its page's language instead (`pageLanguage`).
 */
export function requestLanguage(request: FastifyRequest): LanguageCode {
  const asked = (request.query as Record<string, unknown> | undefined)?.lang;
  if (isLanguageCode(asked)) return asked;
  return resolveLanguage({
    cookie: request.cookies[LANGUAGE_COOKIE],
    acceptLanguage: request.headers["accept-language"],
  });
}

export function pageLanguage(request: FastifyRequest, viewer: SessionViewer | null): StoreContext["i18n"] {
  const { language, suggested } = chooseLanguage({
    url: request.url,
    viewer: viewer && { setting: viewer.user.language },
    cookie: request.cookies[LANGUAGE_COOKIE],
    acceptLanguage: request.headers["accept-language"],
  });
  const audience: Audience = !viewer ? "guest" : viewer.role === "admin" ? "operator" : "learner";
  const resources = RESOURCES[audience][language];
  return {
    language,
    resources,
    catalogue: CATALOGUE_URLS.get(resources) ?? null,
    // Only a guest is offered another language: its notice is written with that language's texts.
    suggestion: suggested && { language: suggested, resources: RESOURCES.guest[suggested] },
  };
}

/**
 * Where a page request with `?lang=` goes: the footer's switcher (a plain GET form, with or
 * without JavaScript), the notice's "No, thanks" (`?lang=en`) and links from before the
 * languages had URLs of their own. A 301 to the same page in that language's URL space with its
 * other parameters, and the choice remembered in the lang cookie; an unknown one is only dropped.
 * The pages that are English only (the account area, cart, checkout, admin: `englishOnly`, their
 * first segments) stay where they are. Null: no `?lang=`.
 */
export function languageRedirect(
  url: string,
  englishOnly: ReadonlySet<string>,
): { location: string; language: LanguageCode | null } | null {
  if (!url.includes(`${LANGUAGE_PARAM}=`)) return null;
  const parsed = new URL(url, "http://page");
  if (!parsed.searchParams.has(LANGUAGE_PARAM)) return null;
  const asked = parsed.searchParams.get(LANGUAGE_PARAM);
  const language = isLanguageCode(asked) ? asked : null;
  parsed.searchParams.delete(LANGUAGE_PARAM);
  const search = parsed.search || "";
  // A path that reads as //host (/.//evil.example) would leave the store: it stays on it.
  const pathname = parsed.pathname.replace(/^\/{2,}/, "/");
  if (!language) return { location: pathname + search, language };
  const english = englishPath(pathname) + search;
  const first = english.split(/[/?]/)[1] ?? "";
  return { location: englishOnly.has(first) ? english : languagePath(language, english), language };
}

/** Remembers a guest's choice of language for a year: it says the notice of a first visit is no longer wanted. */
export function rememberLanguage(reply: FastifyReply, language: LanguageCode) {
  reply.setCookie(LANGUAGE_COOKIE, language, {
    path: "/",
    maxAge: ONE_YEAR_S,
    sameSite: "lax",
    secure: reply.server.config.publicUrl.startsWith("https:"),
  });
}

import { createHash } from "node:crypto";
import type { StoreContext } from "@skillshelf/shared/api.ts";
import { CATALOGUES } from "@skillshelf/shared/i18n/catalogues.ts";
import {
  LANGUAGE_COOKIE,
  LANGUAGE_PARAM,
  type LanguageCode,
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

/**
 * The language of a page request: the learner's setting; for a guest ?lang=
 * (the footer's switcher and the hreflang alternates), then the `lang` cookie,
 * then Accept-Language; English by default. A guest's ?lang= is remembered in
 * the cookie. Pages kept for guests are kept per language (pages.ts).
 */
export function pageLanguage(
  request: FastifyRequest,
  reply: FastifyReply,
  viewer: SessionViewer | null,
): StoreContext["i18n"] {
  const query = new URL(request.url, "http://page").searchParams.get(LANGUAGE_PARAM);
  const cookie = request.cookies[LANGUAGE_COOKIE];
  const language = resolveLanguage({
    setting: viewer?.user.language,
    query,
    cookie,
    acceptLanguage: request.headers["accept-language"],
  });
  if (!viewer && query === language && cookie !== language) {
    reply.setCookie(LANGUAGE_COOKIE, language, {
      path: "/",
      maxAge: ONE_YEAR_S,
      sameSite: "lax",
      secure: reply.server.config.publicUrl.startsWith("https:"),
    });
  }
  const audience: Audience = !viewer ? "guest" : viewer.role === "admin" ? "operator" : "learner";
  const resources = RESOURCES[audience][language];
  return { language, resources, catalogue: CATALOGUE_URLS.get(resources) ?? null };
}

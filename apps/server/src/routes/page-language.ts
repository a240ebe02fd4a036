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

/** What a page sends the browser of each catalogue: computed once, the same for every page. */
const PAGE_RESOURCES = Object.fromEntries(
  Object.entries(CATALOGUES).map(([code, resources]) => [code, browserResources(resources)]),
) as Record<LanguageCode, Resources>;

const ONE_YEAR_S = 365 * 24 * 3600;

/**
 * The language of a page request: the learner's setting; for a guest ?lang=
 * (the footer's switcher and the hreflang alternates), then the `lang` cookie,
 * then Accept-Language; English by default. A guest's ?lang= is remembered in
 * the cookie. Pages kept for guests are kept per language (pages.ts).
 */
export function pageLanguage(request: FastifyRequest, reply: FastifyReply, viewer: SessionViewer | null) {
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
  return { language, resources: PAGE_RESOURCES[language] };
}

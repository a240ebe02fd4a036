import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import negotiate from "@fastify/accept-negotiator";
import { LANGUAGE_COOKIE, LANGUAGE_PARAM } from "@skillshelf/shared/i18n/languages.ts";
import { RESPONSE_ENCODINGS } from "../plugins/compression.ts";
import type { PageCache, Replay } from "./page-cache.ts";
import { chooseLanguage, visitorPageKey } from "./page-language.ts";
import { SESSION_COOKIE } from "./viewer.ts";

/** Answers a request before Fastify sees it, or says false to let Fastify answer. */
export type FrontDoor = (request: IncomingMessage, response: ServerResponse) => boolean;

/** The replay of a kept page for a request: `GET` in an encoding (`identity` when none). */
export const replayKey = (encoding: string | null) => `GET ${encoding ?? "identity"}`;

/**
 * Whether a request may be answered by a kept page's replay: a visitor's plain GET of a page.
 * Not a session (cookie or bearer token), a conditional request (304), `?lang=` (a redirect that
 * sets a cookie) or the API.
 */
export function replayable(
  method: string | undefined,
  url: string | undefined,
  headers: IncomingHttpHeaders,
  cookies: Record<string, string | undefined>,
): boolean {
  return (
    method === "GET" &&
    url !== undefined &&
    !url.startsWith("/api/") &&
    !url.includes(`${LANGUAGE_PARAM}=`) &&
    headers.authorization === undefined &&
    headers["if-none-match"] === undefined &&
    headers["if-modified-since"] === undefined &&
    cookies[SESSION_COOKIE] === undefined
  );
}

/**
 * A kept visitor's page answered before Fastify's request machinery (decision 0045): the
 * status, headers and bytes that Fastify sent for the same page, language and encoding
 * (captured in pages.ts), sent again as they are. Anything else goes to Fastify, which
 * answers it as before: what is not `replayable`, a page not kept or no longer fresh (Fastify
 * renders it again), a catalogue change, and every request once the store is closing.
 */
export function visitorPageDoor(options: {
  pages: PageCache;
  /** The catalogue version now (a kept page of another is never sent). */
  version: () => number;
  closing: () => boolean;
  parseCookie: (header: string) => Record<string, string | undefined>;
}): FrontDoor {
  const { pages, version, closing, parseCookie } = options;
  return (request, response) => {
    const { method, url, headers } = request;
    if (closing()) return false;
    const cookies = headers.cookie ? parseCookie(headers.cookie) : {};
    if (url === undefined || !replayable(method, url, headers, cookies)) return false;
    // The language a visitor's page is kept in (page-language.ts): its URL's, and at an English URL
    // the language a first visit's notice offers.
    const language = chooseLanguage({
      url,
      viewer: null,
      cookie: cookies[LANGUAGE_COOKIE],
      acceptLanguage: headers["accept-language"],
    });
    const page = pages.fresh(visitorPageKey(language, url), version());
    if (!page) return false;
    const accepted = headers["accept-encoding"];
    const replay: Replay | undefined = page.replays.get(
      replayKey(accepted ? negotiate(accepted, RESPONSE_ENCODINGS) : null),
    );
    if (!replay) return false;
    response.writeHead(replay.status, replay.headers);
    response.end(replay.body);
    pages.replayed++;
    return true;
  };
}

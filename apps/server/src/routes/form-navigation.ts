import type { UploadNotice } from "@skillshelf/shared/api.ts";
import { english, isMessage, MESSAGE_HEADER, type Message, messageHeader } from "@skillshelf/shared/i18n/message.ts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { AppError } from "../lib/app-error.ts";
import { sendError } from "../operations/envelope.ts";
import { signedInByCookie } from "./viewer.ts";

/** The catalogue editor: where a plain upload or import form goes back to. */
export const CATALOGUE_PAGE = "/admin/catalogue";
/** The outcome of a plain upload or import, for the catalogue page's next render only. */
const NOTICE_COOKIE = "upload_notice";
/** A cookie holds about 4 KB; a notice longer than this (a refusal quoting a long line) says less. */
const NOTICE_MAX_CHARS = 3000;

const noticeSchema = z.object({ ok: z.boolean(), message: z.custom<Message>(isMessage) });

/**
 * A browser's own form post that leaves the page (JavaScript off): it wants a
 * page back, where the app's fetches and every API client want JSON.
 */
export function isFormNavigation(request: FastifyRequest): boolean {
  const mode = request.headers["sec-fetch-mode"];
  if (mode !== undefined) return mode === "navigate";
  return (request.headers.accept ?? "").includes("text/html");
}

/** The answer to a form post from another site. */
export const CROSS_SITE_FORM =
  "This form was sent from another site, so it was refused. Open the page on this store and try again.";

/**
 * A form post from another site is refused before any action runs (the API
 * takes JSON only, which no cross-site form can send; pages take forms). The
 * browser says where a request comes from in Sec-Fetch-Site, and in Origin;
 * a client that sends neither (not a browser) has no victim's cookies to ride.
 */
export function crossSitePost(request: FastifyRequest, publicUrl: string): boolean {
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin" && site !== "none") return true;
  const origin = request.headers.origin;
  return origin !== undefined && origin !== new URL(publicUrl).origin;
}

/** Whether a request's body is what a form can send (which another site's page can make a browser post). */
function isFormBody(request: FastifyRequest): boolean {
  const type = request.headers["content-type"] ?? "";
  return /^(multipart\/form-data|application\/x-www-form-urlencoded|text\/plain)/i.test(type);
}

/** What a cross-site form can send: refused before the route runs (the pages' rule, crossSitePost). */
export function refuseCrossSiteForms(publicUrl: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (
      request.method !== "GET" &&
      request.method !== "HEAD" &&
      isFormBody(request) &&
      crossSitePost(request, publicUrl)
    ) {
      return sendError(reply, 403, CROSS_SITE_FORM);
    }
  };
}

const CROSS_SITE_CALL = "This request came from another site, so it was refused.";

/**
 * An API call that changes something with the session cookie, sent from
 * another site (a browser adds the cookie by itself): refused before the
 * route runs, as the pages' form posts are. Bearer calls and calls without the
 * cookie (webhooks, scripts) are not a browser riding a learner's session.
 */
export function refuseCrossSiteCookieCalls(publicUrl: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return;
    if (!request.url.startsWith("/api/") || !signedInByCookie(request)) return;
    if (crossSitePost(request, publicUrl)) {
      return sendError(reply, 403, isFormBody(request) ? CROSS_SITE_FORM : CROSS_SITE_CALL);
    }
  };
}

/** What an upload or an import answers: its status, the JSON answer, and its message as a key with values. */
export interface UploadAnswer {
  status: number;
  body: { status: boolean; message: string };
  text: Message;
}

/**
 * Answers an upload or an import. An API client gets the JSON answer as
 * always, with its message as a key with values in MESSAGE_HEADER too (for
 * the catalogue page's own fetch); a plain form post gets a 303 back to `to`,
 * the outcome (the same message) kept in a short-lived cookie the page's
 * loader takes once.
 */
export async function answerUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  to: string,
  run: () => Promise<UploadAnswer>,
): Promise<FastifyReply> {
  if (!isFormNavigation(request)) {
    try {
      const { status, body, text } = await run();
      return reply.status(status).header(MESSAGE_HEADER, messageHeader(text)).send(body);
    } catch (error) {
      if (error instanceof AppError) reply.header(MESSAGE_HEADER, messageHeader(error.text));
      throw error;
    }
  }
  let notice: UploadNotice;
  try {
    const { body, text } = await run();
    notice = { ok: body.status, message: text };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    notice = { ok: false, message: error.text };
  }
  // The message as its key and values, for the page to write in its language; cut short in English if it is long.
  let json = JSON.stringify(notice);
  if (json.length > NOTICE_MAX_CHARS) {
    json = JSON.stringify({ ok: notice.ok, message: { key: english(notice.message).slice(0, NOTICE_MAX_CHARS / 2) } });
  }
  const value = Buffer.from(json).toString("base64url");
  reply.setCookie(NOTICE_COOKIE, value, noticeCookie(reply, 5 * 60));
  return reply.redirect(to, 303);
}

/** The outcome a plain upload or import left for the catalogue page, taken once (the cookie is cleared). */
export function takeUploadNotice(request: FastifyRequest, reply: FastifyReply): UploadNotice | null {
  const value = request.cookies[NOTICE_COOKIE];
  if (value === undefined) return null;
  reply.clearCookie(NOTICE_COOKIE, noticeCookie(reply));
  try {
    return noticeSchema.parse(JSON.parse(Buffer.from(value, "base64url").toString("utf8")));
  } catch {
    return null;
  }
}

const noticeCookie = (reply: FastifyReply, maxAge?: number) => ({
  path: CATALOGUE_PAGE,
  httpOnly: true,
  sameSite: "lax" as const,
  secure: reply.server.config.publicUrl.startsWith("https:"),
  ...(maxAge === undefined ? {} : { maxAge }),
});

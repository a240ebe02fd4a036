import { DEFAULT_LANGUAGE, type LanguageCode, languageOfSetting } from "@skillshelf/shared/i18n/languages.ts";
import { translatorOf } from "@skillshelf/shared/i18n/translator.ts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../lib/app-error.ts";
import { SECURITY_EVENTS, securityEvent, securityLog } from "../lib/security-events.ts";
import { readUnsubscriber, turnOffEmailNotifications, type Unsubscriber } from "../notifications/unsubscribe.ts";
import { enforceLimit, TOO_MANY_REQUESTS } from "../operations/rate-limits.ts";
import { htmlPage, PUBLIC } from "./api/openapi.ts";
import { pageLanguage, requestLanguage } from "./page-language.ts";
import { type UnsubscribePage, unsubscribePageHtml } from "./unsubscribe-page.tsx";
import { viewerOf } from "./viewer.ts";

const STOP = "Stop notification mails";
const OFF = "Notification mails are off";
const STILL_SENT = "Mails about your orders and your account (confirmations, refunds, password changes) still come.";
const SETTINGS = "Change your settings";

/**
 * The unsubscribe links of the notification mails (List-Unsubscribe, RFC 2369
 * and RFC 8058, and the mails' footers), open to anyone who has the link:
 *
 * - GET shows a small page in the learner's language with a button; it
 *   changes nothing, since mail scanners open links.
 * - POST, the button's or a mail client's one-click POST (a form body of
 *   `List-Unsubscribe=One-Click`, multipart or urlencoded, which is not
 *   needed: the token is what counts), turns the learner's "Email
 *   notifications" setting off and answers the page that says so, with 200
 *   and no redirect, as RFC 8058 asks. It is rate limited per address.
 *
 * A token that does not verify gets 404 and a page that says where the
 * setting is, in the request's page language.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  // RFC 8058's one-click POST, and the page's own form: what the body says does not matter.
  app.addContentTypeParser(
    ["application/x-www-form-urlencoded", "multipart/form-data"],
    { parseAs: "string", bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, body),
  );
  const params = z.object({ token: z.string() });
  const tags = ["notifications"];
  const answers = {
    200: htmlPage("The page: its button, or that the mails are off"),
    404: htmlPage("The link's token is not one the store made"),
    429: htmlPage("Too many requests from this address (Retry-After)"),
  };

  /** Sends a page in `language`; its texts are keys of the catalogues, written here. */
  const send = (
    reply: FastifyReply,
    status: number,
    language: LanguageCode,
    page: Omit<UnsubscribePage, "language" | "styleNonce">,
  ) =>
    reply
      .status(status)
      .header("cache-control", "private, no-store")
      .header("x-robots-tag", "noindex")
      .type("text/html; charset=utf-8")
      .send(unsubscribePageHtml({ ...page, language, styleNonce: reply.cspNonce.style }));

  const languageOf = (user: Unsubscriber) => languageOfSetting(user.language) ?? DEFAULT_LANGUAGE;
  const settingsLink = (t: (key: string) => string) => ({ label: t(SETTINGS), url: "/settings" });

  /** The learner the link is for; a link that does not verify (or whose learner is gone) answers 404. */
  const unsubscriberOf = async (request: FastifyRequest, reply: FastifyReply, token: string) => {
    const userId = app.unsubscribeLinks.userOf(token);
    const user = userId === null ? null : await readUnsubscriber(app.database.db, userId);
    if (userId !== null && user) return { userId, user };
    // No learner here: the language the visitor's browser asks for (the page has no language URL).
    const viewer = await viewerOf(request);
    const language = viewer ? pageLanguage(request, viewer).language : requestLanguage(request);
    const t = translatorOf(language);
    await send(reply, 404, language, {
      title: t("This link does not work"),
      paragraphs: [
        t(
          "This unsubscribe link is not one of ours, or it was cut short. Sign in and turn Email notifications off in your settings instead.",
        ),
      ],
      link: settingsLink(t),
    });
    return null;
  };

  app.get(
    "/unsubscribe/:token",
    {
      schema: {
        summary: "The page of a notification mail's unsubscribe link",
        description:
          "text/html, in the learner's language: a button that turns their Email notifications off (a POST to the same address), or, when they are off already, a page that says so. Opening it changes nothing. 404 for a token the store did not make.",
        tags,
        params,
        ...PUBLIC,
        response: answers,
      },
    },
    async (request, reply) => {
      const found = await unsubscriberOf(request, reply, request.params.token);
      if (!found) return reply;
      const { user } = found;
      const language = languageOf(user);
      const t = translatorOf(language);
      if (!user.emailNotifications) {
        return send(reply, 200, language, {
          title: t(OFF),
          paragraphs: [t("Notification mails to {{email}} are off already.", { email: user.email }), t(STILL_SENT)],
          link: settingsLink(t),
        });
      }
      return send(reply, 200, language, {
        title: t(STOP),
        paragraphs: [
          t("Skillshelf mails {{email}} when there is something new for you, such as a new article in what you own.", {
            email: user.email,
          }),
          t(STILL_SENT),
        ],
        form: { action: new URL(request.url, "http://store").pathname, label: t(STOP) },
      });
    },
  );

  app.post(
    "/unsubscribe/:token",
    {
      schema: {
        summary: "Turn a learner's notification mails off (one-click unsubscribe, RFC 8058)",
        description:
          "No session needed: the token of the link names the learner. The body, when there is one, is a form (application/x-www-form-urlencoded or multipart/form-data), List-Unsubscribe=One-Click; it is not read. Turns the learner's Email notifications setting off (again: no change) and answers text/html, the page that says so, with 200 and no redirect. 404 for a token the store did not make; 429 past 60 requests in 15 minutes from one address.",
        tags,
        params,
        ...PUBLIC,
        response: answers,
      },
    },
    async (request, reply) => {
      try {
        await enforceLimit(request, reply, "unsubscribe", "address");
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== "rate_limited") throw error;
        const language = requestLanguage(request);
        const t = translatorOf(language);
        return send(reply, 429, language, { title: t(STOP), paragraphs: [t(TOO_MANY_REQUESTS)] });
      }
      const found = await unsubscriberOf(request, reply, request.params.token);
      if (!found) return reply;
      const { userId, user } = found;
      if (await turnOffEmailNotifications(app.database.db, userId, app.clock())) {
        await securityEvent(securityLog(request), SECURITY_EVENTS.emailNotificationsOff, {
          userId,
          via: "unsubscribe_link",
        });
      }
      const language = languageOf(user);
      const t = translatorOf(language);
      return send(reply, 200, language, {
        title: t(OFF),
        paragraphs: [
          t("Skillshelf sends no more notification mails to {{email}}.", { email: user.email }),
          t(STILL_SENT),
          t("You can turn them on again in your settings."),
        ],
        link: settingsLink(t),
      });
    },
  );
};

import { PREFIXED_LANGUAGES } from "@skillshelf/shared/i18n/languages.ts";
import { formatMoney, toMinor } from "@skillshelf/shared/money.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import fresh from "fresh";
import { LRUCache } from "lru-cache";
import { z } from "zod";
import { renderPreviewCard } from "../catalogue/preview-card.ts";
import { sendCachedBody } from "../lib/cached-body.ts";
import { sendError } from "../operations/envelope.ts";

const XML = "application/xml; charset=utf-8";

/**
 * What crawlers may not fetch: the signed-in, cart and payment pages, the operator's
 * area, the API, media and the payment emulators. `$` ends a rule at the path's end and
 * a second rule covers the same page with a query, so that a category whose slug only
 * starts with one of these words (`cart-basics`) stays open to crawlers.
 */
const PRIVATE_PAGES = [
  "login",
  "logout",
  "registration",
  "forgot-password",
  "dashboard",
  "my-items",
  "my-orders",
  "my-teams",
  "notifications",
  "settings",
  "cart",
  "checkout",
  "payment-confirmation",
  "order-confirmation",
  "payment-cancelled",
  "admin",
] as const;
const PRIVATE_TREES = [
  "admin",
  "api",
  "reset-password",
  "order-details",
  "media",
  "emulator",
  "unsubscribe",
  // Invitations to claim a team's seat (/teams/join/{code}).
  "teams",
] as const;
/** The guest's pages of the above that every language has (/es/login): kept out in each. */
const GUEST_PAGES = ["login", "registration", "forgot-password"] as const;
const GUEST_TREES = ["reset-password"] as const;

function robotsTxt(publicUrl: string): string {
  const pages = [
    ...PRIVATE_PAGES,
    ...PREFIXED_LANGUAGES.flatMap((code) => GUEST_PAGES.map((page) => `${code}/${page}`)),
  ];
  const trees = [
    ...PRIVATE_TREES,
    ...PREFIXED_LANGUAGES.flatMap((code) => GUEST_TREES.map((tree) => `${code}/${tree}`)),
  ];
  const lines = [
    "User-agent: *",
    "Allow: /",
    ...pages.flatMap((page) => [`Disallow: /${page}$`, `Disallow: /${page}?`]),
    ...trees.map((tree) => `Disallow: /${tree}/`),
    "",
    `Sitemap: ${publicUrl.replace(/\/+$/, "")}/sitemap.xml`,
  ];
  return `${lines.join("\n")}\n`;
}

/** robots.txt and the sitemap of the public catalogue, with absolute URLs from PUBLIC_URL. */
export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const robots = robotsTxt(app.config.publicUrl);

  app.get("/robots.txt", { schema: { hide: true } }, async (_request, reply) =>
    reply.header("cache-control", "public, max-age=3600").type("text/plain; charset=utf-8").send(robots),
  );

  app.get("/sitemap.xml", { schema: { hide: true } }, async (request, reply) =>
    sendCachedBody(request, reply, (await app.catalogue.sitemap()).root, XML),
  );

  // The numbered files of the sitemap index, there only when the catalogue needs more than one.
  app.get(
    "/sitemaps/:file",
    { schema: { hide: true, params: z.object({ file: z.string() }) } },
    async (request, reply) => {
      const n = /^([1-9]\d{0,6})\.xml$/.exec(request.params.file)?.[1];
      const part = n === undefined ? null : (await app.catalogue.sitemap()).part(Number(n));
      if (!part) return sendError(reply, 404, "Not found");
      return sendCachedBody(request, reply, part, XML);
    },
  );

  // Link previews (og:image) of categories, drawn on first request and kept per catalogue version.
  const cards = new LRUCache<string, { version: number; png: Buffer; etag: string }>({ max: 300 });
  app.get("/og/:file", { schema: { hide: true, params: z.object({ file: z.string() }) } }, async (request, reply) => {
    const slug = /^([a-z0-9-]{1,120})\.png$/.exec(request.params.file)?.[1];
    const version = app.catalogue.version;
    let card = slug ? cards.get(slug) : undefined;
    if (slug && card?.version !== version) {
      const listing = await app.catalogue.listing(slug);
      if (listing) {
        const { name, single_line, price, currency, parent_id } = listing.seo_data;
        const parent = (await app.catalogue.categories()).data.find((c) => c.id === parent_id);
        card = {
          version,
          ...renderPreviewCard({
            name,
            parent: parent?.name ?? null,
            line: single_line,
            price: price === null ? null : formatMoney(toMinor(price, currency), currency),
          }),
        };
        cards.set(slug, card);
      } else card = undefined;
    }
    if (!card) return sendError(reply, 404, "Not found");
    // Crawlers and chat apps fetch it now and then: an hour, then a revalidation by ETag.
    reply.header("etag", card.etag).header("cache-control", "public, max-age=3600").type("image/png");
    if (fresh(request.headers, { etag: card.etag })) return reply.status(304).send();
    return reply.send(card.png);
  });
};

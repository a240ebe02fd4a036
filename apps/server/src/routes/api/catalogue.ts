import {
  categoriesResponseSchema,
  contentResponseSchema,
  homeQuerySchema,
  homeResponseSchema,
  listingResponseSchema,
  moreCategoriesResponseSchema,
} from "@skillshelf/shared/api.ts";
import { catalogueLanguageQuery } from "@skillshelf/shared/catalogue-translations.ts";
import {
  searchQuery,
  searchResponse,
  suggestionsQuery,
  suggestionsResponse,
} from "@skillshelf/shared/search-schemas.ts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { suggestCatalogue } from "../../catalogue/search-catalogue.ts";
import { AppError } from "../../lib/app-error.ts";
import { type CachedBody, cachedBody, sendCachedBody } from "../../lib/cached-body.ts";
import { viewerOf } from "../viewer.ts";
import { answers, OPTIONAL_SIGN_IN, PUBLIC } from "./openapi.ts";

const slug = z.string().trim().min(1, "slug is required").max(200);

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  // Built once per catalogue version, sent with its ETag.
  const sendBody = (request: FastifyRequest, reply: FastifyReply, body: CachedBody) =>
    sendCachedBody(request, reply, body, "application/json; charset=utf-8");

  app.get(
    "/categories",
    {
      schema: {
        summary: "Every visible category, the header ones and the More.. entry",
        tags: ["catalogue"],
        querystring: catalogueLanguageQuery,
        ...PUBLIC,
        response: answers(categoriesResponseSchema),
      },
    },
    async (request, reply) => sendBody(request, reply, await app.catalogue.categoriesBody(request.query.lang)),
  );

  app.get(
    "/categories/more",
    {
      schema: {
        summary: "The More.. dropdown's list: the non-header categories' ids, slugs and names",
        tags: ["catalogue"],
        querystring: catalogueLanguageQuery,
        ...PUBLIC,
        response: answers(moreCategoriesResponseSchema),
      },
    },
    async (request, reply) => sendBody(request, reply, await app.catalogue.moreBody(request.query.lang)),
  );

  app.get(
    "/categories/home",
    {
      schema: {
        summary:
          "One page of the home page's tiles (of a letter): each parent with its artefacts' names, icons, lines and article counts",
        tags: ["catalogue"],
        querystring: homeQuerySchema.extend(catalogueLanguageQuery.shape),
        ...PUBLIC,
        response: answers(homeResponseSchema),
      },
    },
    async (request, reply) =>
      sendBody(
        request,
        reply,
        cachedBody(
          JSON.stringify({
            status: true,
            message: "Categories fetched successfully",
            data: await app.catalogue.homeTiles(request.query, request.query.lang),
          }),
        ),
      ),
  );

  app.post(
    "/get-data",
    {
      schema: {
        summary: "A category listing: a parent's artefacts, or an artefact's groups and contents",
        tags: ["catalogue"],
        body: z.object({ slug }),
        querystring: catalogueLanguageQuery,
        ...PUBLIC,
        response: answers(listingResponseSchema),
      },
    },
    async (request) => {
      const listing = await app.catalogue.listing(request.body.slug, request.query.lang);
      if (!listing) throw new AppError("not_found", "Category not found");
      return listing;
    },
  );

  app.post(
    "/get-content",
    {
      schema: {
        summary: "One article with its media (signed paths only when unlocked) and related content",
        tags: ["catalogue"],
        body: z.object({ slug, content: slug }),
        querystring: catalogueLanguageQuery,
        ...OPTIONAL_SIGN_IN,
        response: answers(contentResponseSchema),
      },
    },
    async (request, reply) => {
      const content = await app.catalogue.content(request.body.slug, request.body.content, await viewerOf(request), {
        language: request.query.lang,
      });
      if (!content) throw new AppError("not_found", "Content not found");
      // Media paths are signed for this viewer: never share the answer between users.
      reply.header("cache-control", "private, no-store");
      return content;
    },
  );

  app.get(
    "/search",
    {
      schema: {
        summary:
          "Full-text search of the catalogue: matching artefacts, best first, with their matching groups and articles",
        description:
          "Names and titles weigh more than descriptions and bodies; every word matches as a prefix. Texts come in pieces, the matching words marked `match`; no media are ever named.",
        tags: ["catalogue"],
        querystring: searchQuery,
        ...PUBLIC,
        response: answers(searchResponse),
      },
    },
    async (request) => ({
      status: true,
      message: "Search results fetched successfully",
      data: await app.catalogue.search(request.query.q, request.query.limit, request.query.lang),
    }),
  );

  app.get(
    "/search/suggestions",
    {
      schema: {
        summary: "Artefact names and article titles starting with the words typed, for a search box",
        tags: ["catalogue"],
        querystring: suggestionsQuery,
        ...PUBLIC,
        response: answers(suggestionsResponse),
      },
    },
    async (request) => ({
      status: true,
      message: "Suggestions fetched successfully",
      data: await suggestCatalogue(app.database.db, request.query.q, request.query.limit, request.query.lang),
    }),
  );
};

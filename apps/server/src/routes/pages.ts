import fs from "node:fs";
import type { OutgoingHttpHeaders } from "node:http";
import { fileURLToPath, pathToFileURL } from "node:url";
import negotiate from "@fastify/accept-negotiator";
import fastifyStatic from "@fastify/static";
import {
  type AdminListQuery,
  type AdminReads,
  homeQuerySchema,
  type Ownership,
  type PageLinkRefusal,
  type StoreContext,
  type UploadNotice,
} from "@skillshelf/shared/api.ts";
import { auditQuerySchema } from "@skillshelf/shared/audit.ts";
import { readerFormatting } from "@skillshelf/shared/formatting.ts";
import { PREFIXED_LANGUAGES } from "@skillshelf/shared/i18n/languages.ts";
import { type Message, messageOfIssue } from "@skillshelf/shared/i18n/message.ts";
import { toMajor, toMinor } from "@skillshelf/shared/money.ts";
import { searchPageQuery } from "@skillshelf/shared/paging.ts";
import type { ArticleProgress } from "@skillshelf/shared/progress.ts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import fresh from "fresh";
import type { RouterContext, ServerBuild } from "react-router";
import { pendingAuthenticatorApp } from "../accounts/second-step.ts";
import { type SessionViewer, signedInRecently } from "../accounts/sessions.ts";
import {
  readAdminArtefact,
  readAdminCatalogue,
  readAdminCategory,
  readAdminContent,
  readParentChoices,
  readRelatedChoices,
} from "../admin/catalogue/read-admin-catalogue.ts";
import { listCoupons, readArtefactChoices, readCoupon } from "../admin/manage-coupons.ts";
import { getAnyOrder, listAllOrders } from "../admin/manage-orders.ts";
import { listUsers } from "../admin/manage-users.ts";
import { salesAnswer } from "../admin/sales/sales-report.ts";
import { listAuditEvents, listOwnSecurityEvents } from "../audit/audit-list.ts";
import { getCart } from "../cart/cart.ts";
import { ownershipOf } from "../cart/ownership.ts";
import { saleAt, upgradeCreditMinor } from "../cart/pricing.ts";
import { iconChoices, iconSvgs } from "../catalogue/icon-sets.ts";
import { DATABASE_RETRY_AFTER_S, isDatabaseUnavailable } from "../db/unavailable.ts";
import { AppError } from "../lib/app-error.ts";
import { viewNotifications } from "../notifications/notifications.ts";
import { sendError } from "../operations/envelope.ts";
import { secondStepRefusal } from "../operations/guard.ts";
import { pageActions } from "../operations/page-actions.ts";
import { secondStepView } from "../operations/second-step.ts";
import { getOrder, listItems, listOrders } from "../orders/read-orders.ts";
import { searchPageArgs } from "../paging/keyset-page.ts";
import { RESPONSE_ENCODINGS } from "../plugins/compression.ts";
import { articleProgress, ownedAndDone } from "../progress/reading-progress.ts";
import { vatRatesOverview } from "../tax/rate-table.ts";
import { readInvitation } from "../teams/claim-seat.ts";
import { readTeams } from "../teams/read-teams.ts";
import { readVolumeTiers } from "../teams/volume-tiers.ts";
import { CROSS_SITE_FORM, crossSitePost, takeUploadNotice } from "./form-navigation.ts";
import { replayable, replayKey, visitorPageDoor } from "./front-door.ts";
import {
  encodedBody,
  PageCache,
  placeholderNonce,
  toVisitorPage,
  type VisitorPage,
  visitorPolicy,
} from "./page-cache.ts";
import {
  catalogueFile,
  languageRedirect,
  pageLanguage,
  pageVary,
  rememberLanguage,
  visitorPageKey,
} from "./page-language.ts";
import { viewerOf } from "./viewer.ts";

/** A page every visitor gets: a shared cache keeps it 5 s, and sends it 10 s longer while it fetches it again. */
export const SHARED_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=5, stale-while-revalidate=10";

export const webBuildDir = fileURLToPath(new URL("../../../web/build", import.meta.url));

/** What the app's loaders, actions and document get for a request (apps/web/app/load-context.ts). */
type PageContext = StoreContext & { cspNonce: string; rendered: { html: Buffer | null; errors: unknown[] } };

declare module "fastify" {
  interface FastifyInstance {
    /** The pages kept for visitors; null with PAGE_CACHE=off. */
    visitorPages: PageCache | null;
  }
}

/**
 * Hosts the React Router app: hashed assets from build/client, every other GET
 * rendered on the server with the store's own functions as load context.
 */
export const pageRoutes = fp(async (app: FastifyInstance) => {
  const serverEntry = `${webBuildDir}/server/index.js`;
  if (!fs.existsSync(serverEntry)) {
    throw new Error(`The web app is not built (${serverEntry} is missing): run npm run build first.`);
  }
  // Loaded here, not at the top: React picks its development or production build from
  // NODE_ENV when first loaded, and server.ts sets NODE_ENV only once the config is read.
  const { createRequestHandler, data, RouterContextProvider: ContextProvider } = await import("react-router");
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handler = createRequestHandler(build, app.config.nodeEnv === "development" ? "development" : "production");
  // The key the app's loaders read the store's functions under (apps/web/app/load-context.ts): the
  // build's own object, which its server entry exports.
  const { storeContext: pageContextKey } = build.entry.module as unknown as {
    storeContext?: RouterContext<PageContext>;
  };
  if (!pageContextKey) throw new Error(`${serverEntry} exports no storeContext: build the web app again.`);
  const englishOnly = englishOnlySegments(build.routes);
  /** React Router's handler, with `context` as the request's page context. */
  const handle = (request: Request, context: PageContext) =>
    handler(request, new ContextProvider(new Map([[pageContextKey, context]])));

  await app.register(fastifyStatic, {
    root: `${webBuildDir}/client`,
    prefix: "/",
    wildcard: false,
    index: false,
    // The build writes a .br and a .gz beside each hashed asset (apps/web/scripts/precompress.mjs).
    preCompressed: true,
    setHeaders(res, filePath) {
      // filePath may be the .br or .gz beside the asset: it is in assets/ all the same.
      const immutable = filePath.includes(`${"/"}assets${"/"}`);
      res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600");
    },
  });

  // The pages' catalogues (page-language.ts): named by their content, so the browser keeps each for good.
  app.get<{ Params: { file: string } }>("/i18n/:file", { schema: { hide: true } }, (request, reply) => {
    const file = catalogueFile(request.params.file);
    if (!file) return sendError(reply, 404, "Not found");
    return reply
      .header("cache-control", file.immutable ? "public, max-age=31536000, immutable" : "no-cache")
      .type("application/json; charset=utf-8")
      .send(file.body);
  });

  const { db } = app.database;
  const currency = app.config.storeCurrency;
  // Up to 64 MiB of pages for visitors and 4 MiB of 404s (some 350), fresh for a minute and sent stale
  // for at most four more while a render replaces them: free articles' media URLs are signed for 15.
  const visitorPages = app.config.pageCache
    ? new PageCache({ maxBytes: 64 * 2 ** 20, missingMaxBytes: 4 * 2 ** 20, ttlMs: 60_000, staleMs: 4 * 60_000 })
    : null;
  // A page link whose cursor or search is bad: the page answers 422 with the reason, as the API does;
  // the reason as its key and values, which the error page writes in its own language.
  const pageLinkRefused = (message: Message) => data({ message } satisfies PageLinkRefusal, { status: 422 });
  const refuseBadCursor = (error: unknown): never => {
    if (error instanceof AppError && error.code === "invalid") throw pageLinkRefused(error.text);
    throw error;
  };

  const nullWhenNotFound = (error: unknown): null => {
    if (error instanceof AppError && error.code === "not_found") return null;
    throw error;
  };

  type PageActions = Pick<
    StoreContext,
    "accounts" | "commerce" | "profile" | "adminActions" | "adminWrites" | "progress" | "teams" | "dataRequest"
  >;
  const actionsFor = pageActions(app);
  /** A GET's render runs no action: a visitor's page is shared between requests, so it gets none. */
  const noActions = (): PageActions => {
    const refuse = () => {
      throw new Error("a form action ran in a render without a request of its own");
    };
    return {
      accounts: { login: refuse, secondStep: refuse, register: refuse, forgotPassword: refuse, resetPassword: refuse },
      commerce: {
        addToCart: refuse,
        removeFromCart: refuse,
        startPayment: refuse,
        applyCoupon: refuse,
        saveBilling: refuse,
        removeCoupon: refuse,
        refundOrder: refuse,
      },
      adminActions: {
        createCoupon: refuse,
        updateCoupon: refuse,
        deleteCoupon: refuse,
        setVatRate: refuse,
        removeVatRate: refuse,
      },
      profile: {
        update: refuse,
        changePassword: refuse,
        saveSettings: refuse,
        requestDeletion: refuse,
        confirmDeletion: refuse,
        startApp: refuse,
        confirmApp: refuse,
        removeApp: refuse,
        renamePasskey: refuse,
        removePasskey: refuse,
      },
      progress: { setDone: refuse },
      teams: { join: refuse, invite: refuse, revoke: refuse, release: refuse, moreSeats: refuse },
      // Every write of the admin pages refuses alike.
      adminWrites: new Proxy({} as StoreContext["adminWrites"], { get: () => refuse }),
      dataRequest: false,
    };
  };

  /** The functions the loaders read the store through, for this viewer (null: a visitor). */
  const storeContext = (
    viewer: SessionViewer | null,
    i18n: StoreContext["i18n"],
    cspNonce: string,
    actions: PageActions,
    uploadNotice: () => UploadNotice | null = () => null,
    /** Where a signed-in request comes from: the checkout's VAT starts from its country. */
    ipAddress?: string,
  ): PageContext => {
    // The article page reads whether the viewer owns the article and has done it once, for both questions.
    const progress = new Map<number, Promise<ArticleProgress | null>>();
    const progressOf = (userId: number, contentId: number) => {
      let read = progress.get(contentId);
      if (!read) {
        read = articleProgress(db, userId, contentId);
        progress.set(contentId, read);
      }
      return read;
    };
    let owned: Promise<Ownership> | undefined;
    const language = i18n.language;
    const signedIn = () => {
      if (!viewer) throw new Error("a private page's loader ran without a session: guard it first");
      return viewer.userId;
    };
    return {
      viewer,
      i18n,
      ...actions,
      publicUrl: app.config.publicUrl,
      paymentsEmulated: app.config.payments === "emulator",
      storeCurrency: currency,
      cspNonce,
      rendered: { html: null, errors: [] },
      // The catalogue's texts in the page's language.
      categories: () => app.catalogue.categories(language),
      navigation: () => app.catalogue.navigation(language),
      moreCategories: () => app.catalogue.moreCategories(language),
      home: () => app.catalogue.home(language),
      homeTiles: async (query) => {
        const parsed = homeQuerySchema.safeParse(query);
        if (!parsed.success) throw pageLinkRefused(messageOfIssue(parsed.error.issues[0]?.message ?? ""));
        return app.catalogue.homeTiles(parsed.data, language);
      },
      icons: iconSvgs,
      listing: (slug) => app.catalogue.listing(slug, language),
      content: (slug, content) =>
        app.catalogue.content(slug, content, viewer, {
          owns: async (id) => (viewer ? ((await progressOf(viewer.userId, id))?.owned ?? false) : false),
          language,
        }),
      search: (query, limit) => app.catalogue.search(query, limit, language),
      cart: async () => (await getCart(db, signedIn(), saleAt(app), ipAddress, language)).data,
      orders: (page) => listOrders(db, { cursors: app.cursors, userId: signedIn(), page }).catch(refuseBadCursor),
      order: (id) => getOrder(db, signedIn(), id, app.clock()).catch(nullWhenNotFound),
      items: (page) => listItems(db, { cursors: app.cursors, userId: signedIn(), page }).catch(refuseBadCursor),
      myTeams: () => readTeams(db, { buyerId: signedIn(), storeUrl: app.config.publicUrl }),
      invitation: (code) => readInvitation(db, code, viewer?.userId ?? null).catch(nullWhenNotFound),
      // Read with the session, in the same query (sessions.ts).
      cartCount: async () => (viewer ? app.catalogue.cartCount(viewer.cartLines) : 0),
      // Home's loader and its tiles (entry.server) both ask: read once, after any action of the request.
      ownership: () => {
        owned ??= viewer ? ownershipOf(db, viewer.userId) : Promise.resolve({ categories: [], groups: [] });
        return owned;
      },
      // The viewer's own: a visitor's render (the page kept for every visitor) reads none.
      articleProgress: async (contentId) => (viewer ? progressOf(viewer.userId, contentId) : null),
      ownedAndDone: async (scope) =>
        viewer ? ownedAndDone(db, viewer.userId, scope) : { ownership: { categories: [], groups: [] }, done: [] },
      upgradeCredit: async ({ id, price, currency }) =>
        viewer ? toMajor(await upgradeCreditMinor(db, viewer.userId, id, toMinor(price, currency)), currency) : 0,
      notifications: (page) =>
        viewNotifications(db, {
          cursors: app.cursors,
          userId: signedIn(),
          page,
          // The page's language (the learner's setting), its prices' locale.
          reader: { language: i18n.language, locale: readerFormatting(i18n.language, viewer?.user).locale },
          now: app.clock(),
        }).catch(refuseBadCursor),
      // Read with the session, in the same query (sessions.ts).
      notificationCount: async () => viewer?.unreadNotifications ?? 0,
      ownSecurityEvents: (page) =>
        listOwnSecurityEvents(db, { cursors: app.cursors, userId: signedIn(), page }).catch(refuseBadCursor),
      signedInRecently: async () => (viewer ? signedInRecently(db, viewer.sessionId, app.clock()) : false),
      secondStep: async () => {
        const userId = signedIn();
        const view = await secondStepView(db, userId);
        const setup =
          view.app === "pending" && viewer
            ? await pendingAuthenticatorApp({ db, box: app.secondStepBox }, { userId, email: viewer.user.email })
            : null;
        return { ...view, setup };
      },
      admin: adminReads(viewer, uploadNotice),
    };
  };

  /** The admin area's reads: the same functions as /api/admin, for an operator only. */
  const adminReads = (viewer: SessionViewer | null, uploadNotice: () => UploadNotice | null): AdminReads => {
    const operator = () => {
      if (viewer?.role !== "admin" || secondStepRefusal(viewer)) {
        throw new Error("an admin page's loader ran without an operator: guard it first");
      }
    };
    // The URL's search and cursor, checked as the API checks them.
    const listArgs = (query: AdminListQuery) => {
      operator();
      const parsed = searchPageQuery.safeParse(query);
      if (!parsed.success) throw pageLinkRefused(messageOfIssue(parsed.error.issues[0]?.message ?? ""));
      return searchPageArgs(app.cursors, parsed.data);
    };
    return {
      users: async (query) => listUsers(db, listArgs(query)).catch(refuseBadCursor),
      orders: async (query) => listAllOrders(db, listArgs(query)).catch(refuseBadCursor),
      order: async (id) => {
        operator();
        return getAnyOrder(db, id, app.clock(), app.config.publicUrl).catch(nullWhenNotFound);
      },
      catalogue: async ({ open, ...query }) => {
        const { search, page } = listArgs(query);
        return readAdminCatalogue(db, currency, { cursors: app.cursors, page, search, open: new Set(open) }).catch(
          refuseBadCursor,
        );
      },
      artefact: async (of) => {
        operator();
        return readAdminArtefact(db, currency, of);
      },
      category: async (id) => {
        operator();
        return readAdminCategory(db, currency, id);
      },
      // Its search checked as the lists' is.
      parentChoices: async ({ current, search }) =>
        readParentChoices(db, { current, search: listArgs({ search }).search }),
      // Its search checked as the lists' is (at most 200 characters, else a 422 that says so).
      relatedChoices: async ({ contentId, search }) =>
        readRelatedChoices(db, { contentId, search: listArgs({ search }).search }),
      coupons: async (query) => listCoupons(db, { ...listArgs(query), currency }).catch(refuseBadCursor),
      coupon: async (id) => {
        operator();
        return readCoupon(db, id, currency);
      },
      // Its search checked as the lists' is.
      iconChoices: ({ current, search }) => iconChoices({ current, search: listArgs({ search }).search }),
      // Its search checked as the lists' is.
      artefactChoices: async ({ chosen, search }) =>
        readArtefactChoices(db, { chosen, search: listArgs({ search }).search }),
      content: async (id) => {
        operator();
        return readAdminContent(db, id).catch(nullWhenNotFound);
      },
      uploadNotice: () => {
        operator();
        return uploadNotice();
      },
      sales: async (query) => {
        operator();
        return salesAnswer(db, { query, now: app.clock(), currency });
      },
      vatRates: async () => {
        operator();
        return vatRatesOverview(app.vatRates, app.clock());
      },
      volumeTiers: async () => {
        operator();
        return readVolumeTiers(db);
      },
      audit: async (query) => {
        operator();
        const parsed = auditQuerySchema.safeParse(query);
        if (!parsed.success) throw pageLinkRefused(messageOfIssue(parsed.error.issues[0]?.message ?? ""));
        const { cursor, limit, ...filters } = parsed.data;
        return listAuditEvents(db, { cursors: app.cursors, query: filters, page: { cursor, limit } }).catch(
          refuseBadCursor,
        );
      },
    };
  };

  /** The request as the React Router app sees it; a visitor's render sees no credentials. */
  const webRequestOf = (request: FastifyRequest, options: { forVisitors: boolean; signal?: AbortSignal }) => {
    // Absolute URLs in pages (og:url, share links) come from PUBLIC_URL, never from the Host header.
    const url = new URL(request.url, app.config.publicUrl);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (name === "host" || value === undefined) continue;
      if (options.forVisitors && (name === "cookie" || name === "authorization")) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
    }
    const hasBody = request.method !== "GET" && request.method !== "HEAD";
    return new Request(url, {
      // A HEAD shares the GET's render and sends its headers only.
      method: options.forVisitors ? "GET" : request.method,
      headers,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(hasBody && request.body !== undefined
        ? { body: Buffer.isBuffer(request.body) ? request.body : JSON.stringify(request.body) }
        : {}),
    });
  };

  const renderForVisitors = async (request: FastifyRequest, i18n: StoreContext["i18n"]): Promise<VisitorPage> => {
    const nonce = placeholderNonce();
    // No abort signal: other requests may be waiting on this render.
    const context = storeContext(null, i18n, nonce, noActions());
    const response = await handle(webRequestOf(request, { forVisitors: true }), context);
    return toVisitorPage(response, context.rendered.html?.toString() ?? (await response.text()), nonce);
  };

  /** A visitor's page from the cache: the same bytes for everyone, sent as kept, with headers a shared cache may use. */
  const sendVisitorPage = async (request: FastifyRequest, reply: FastifyReply, page: VisitorPage) => {
    reply.status(page.status);
    const cookies: string[] = [];
    for (const [name, value] of page.headers) {
      if (name === "set-cookie") cookies.push(value);
      else if (name !== "content-length") reply.header(name, value);
    }
    if (cookies.length) reply.header("set-cookie", cookies);
    const policy = reply.getHeader("content-security-policy");
    if (typeof policy === "string") reply.header("content-security-policy", visitorPolicy(policy, page.scriptHashes));
    if (page.shared) {
      // Browsers revalidate on each use, so a catalogue change shows at once; a shared cache (a proxy, a CDN)
      // may keep it a few seconds, and send it a little longer while it asks again.
      reply.header("cache-control", SHARED_PAGE_CACHE_CONTROL).header("etag", page.etag);
      if (fresh(request.headers, { etag: page.etag })) return reply.status(304).send();
    } else if (!reply.hasHeader("cache-control")) {
      reply.header("cache-control", "private, no-cache");
    }
    if (request.method === "HEAD") return reply.send();
    // A page that is kept is compressed once; one rendered for this request alone (a sign-in form) goes to
    // the compression plugin like any other answer, rather than to brotli's slowest, best setting each time.
    const accepted = page.shared || page.missing ? request.headers["accept-encoding"] : undefined;
    const encoding = accepted ? negotiate(accepted, RESPONSE_ENCODINGS) : null;
    const encoded = encoding ? encodedBody(page, encoding) : null;
    const body = encoding && encoded ? await encoded : page.body;
    if (body !== page.body && encoding) reply.header("content-encoding", encoding);
    // What goes out is kept whole, for the front door to send again to the next visitor alike.
    if ((page.shared || page.missing) && replayable(request.method, request.url, request.headers, request.cookies)) {
      keepReplay(reply, page, replayKey(encoding), body);
    }
    return reply.send(body);
  };

  /**
   * Keeps what goes out for `page` once it has: every header, those the routes' own hooks add
   * included, and its bytes (no hook changes a kept page's: front-door.test.ts compares them).
   */
  const keepReplay = (reply: FastifyReply, page: VisitorPage, key: string, body: Buffer) => {
    reply.raw.once("finish", () => {
      if (reply.hasHeader("set-cookie") || reply.hasHeader("connection")) return;
      page.replays.set(key, { status: reply.statusCode, headers: reply.getHeaders() as OutgoingHttpHeaders, body });
    });
  };
  app.decorate("visitorPages", visitorPages);
  if (visitorPages) {
    app.openFrontDoor(
      visitorPageDoor({
        pages: visitorPages,
        version: () => app.catalogue.version,
        closing: () => app.closing(),
        parseCookie: (header) => app.parseCookie(header),
      }),
    );
  }

  const render = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith("/api/")) return sendError(reply, 404, "Not found");
    if (request.method === "POST" && crossSitePost(request, app.config.publicUrl)) {
      return reply.status(403).type("text/plain; charset=utf-8").send(CROSS_SITE_FORM);
    }
    const dataRequest = new URL(request.url, app.config.publicUrl).pathname.endsWith(".data");
    const read = request.method === "GET" || request.method === "HEAD";
    // ?lang=: the same page at its URL in that language, which the lang cookie remembers (page-language.ts).
    const moved = read && !dataRequest ? languageRedirect(request.url, englishOnly) : null;
    if (moved) {
      if (moved.language) rememberLanguage(reply, moved.language);
      // Asked again each time, so that each choice is remembered; permanent all the same for search engines.
      return reply.header("cache-control", "private, no-store").redirect(moved.location, 301);
    }
    const viewer = await viewerOf(request);
    // Who is signed in changes the page, and at an English URL so do Accept-Language and the lang cookie
    // (a first visit's notice): no cache may give one visitor's page to another.
    reply.header("vary", pageVary(request.url));
    const i18n = pageLanguage(request, viewer);
    if (!viewer && visitorPages && read) {
      const page = await visitorPages.get(
        visitorPageKey({ language: i18n.language, suggested: i18n.suggestion?.language ?? null }, request.url),
        () => app.catalogue.version,
        () => renderForVisitors(request, i18n),
      );
      return sendVisitorPage(request, reply, page);
    }
    const controller = new AbortController();
    // A client gone before its page was sent: loaders still running stop. 'close' also follows every
    // finished response, where aborting would only run the signal's listeners for nothing.
    reply.raw.on("close", () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    const context = storeContext(
      viewer,
      i18n,
      reply.cspNonce.script,
      {
        ...actionsFor(request, reply),
        // The app's own fetches of a route's data or action go to PATH.data (React Router's single fetch).
        dataRequest,
      },
      () => takeUploadNotice(request, reply),
      request.ip,
    );
    const response = await handle(webRequestOf(request, { forVisitors: false, signal: controller.signal }), context);
    if (response.status >= 500 && context.rendered.errors.some(isDatabaseUnavailable)) {
      // The error page, as a 503 a browser or a balancer retries rather than a 500 that reads as a bug.
      reply.status(503).header("retry-after", DATABASE_RETRY_AFTER_S);
    } else {
      reply.status(response.status);
    }
    for (const [name, value] of response.headers) {
      if (name === "set-cookie") continue;
      reply.header(name, value);
    }
    // Pages show who is signed in, and articles carry media URLs signed for this viewer.
    reply.header("cache-control", "private, no-cache");
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header("set-cookie", cookies);
    if (request.method === "HEAD") return reply.send();
    // A document is sent in one piece: one write to the socket and one pass of the compressor, where the
    // chunks React flushes (2 KB each) cost a write and a trip through two stream adapters each. No route
    // defers data, so React has the whole document before it sends any of it.
    if (context.rendered.html !== null) return reply.send(context.rendered.html);
    if (!response.body) return reply.send();
    return reply.send(Buffer.from(await response.arrayBuffer()));
  };

  app.addContentTypeParser(
    ["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"],
    { parseAs: "buffer", bodyLimit: 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );
  app.route({ method: ["GET", "HEAD", "POST"], url: "/*", schema: { hide: true }, handler: render });
  app.get("/", { schema: { hide: true } }, render);
});

/**
 * The first segments of the pages that are English only (the account area, cart, checkout, the
 * operator's area), read from the app's route table: those with no route of the same first
 * segment under a language's prefix (routes.ts builds each language's pages under /es and /fr).
 */
function englishOnlySegments(routes: ServerBuild["routes"]): Set<string> {
  const pathOf = (id: string | undefined): string[] => {
    const route = id === undefined ? undefined : routes[id];
    if (!route) return [];
    return [...pathOf(route.parentId), ...(route.path ?? "").split("/").filter(Boolean)];
  };
  const english = new Set<string>();
  const prefixed = new Set<string>();
  for (const id of Object.keys(routes)) {
    const [first = "", second = ""] = pathOf(id);
    if ((PREFIXED_LANGUAGES as readonly string[]).includes(first)) prefixed.add(second);
    else english.add(first);
  }
  return new Set([...english].filter((segment) => segment && !segment.startsWith(":") && !prefixed.has(segment)));
}

import http from "node:http";
import path from "node:path";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { fileTooLargeMessage } from "@skillshelf/shared/admin-forms.ts";
import { GENERIC_ERROR } from "@skillshelf/shared/constants.ts";
import { english, MESSAGE_HEADER, messageHeader, messageOfIssue } from "@skillshelf/shared/i18n/message.ts";
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
} from "fastify-type-provider-zod";
import { SecretBox } from "./accounts/second-step.ts";
import { AuditPruneWorker } from "./audit/audit-list.ts";
import { auditedTransactions } from "./audit/audit-trail.ts";
import { CATALOGUE_CHANNEL, CatalogueService } from "./catalogue/catalogue-service.ts";
import type { Database } from "./db/client.ts";
import {
  DATABASE_RETRY_AFTER_S,
  DATABASE_RETRY_PAGE,
  DATABASE_UNAVAILABLE,
  isDatabaseUnavailable,
} from "./db/unavailable.ts";
import type { Config } from "./env.ts";
import { AppError } from "./lib/app-error.ts";
import { type Clock, systemClock } from "./lib/clock.ts";
import { auditSink } from "./lib/security-events.ts";
import { fastifyTrustProxy } from "./lib/trust-proxy.ts";
import { MailDelivery } from "./mail/mail-delivery.ts";
import { MediaSigner } from "./media/media-signer.ts";
import { MediaStore } from "./media/media-store.ts";
import { MediaTooLargeError, StorageUnavailableError } from "./media/storage.ts";
import { mailPendingNotifications } from "./notifications/notification-mails.ts";
import { UnsubscribeLinks } from "./notifications/unsubscribe.ts";
import { errorAnswer, sendError } from "./operations/envelope.ts";
import { admit } from "./operations/guard.ts";
import { TOO_MANY_REQUESTS } from "./operations/rate-limits.ts";
import { PageCursors } from "./paging/page-cursors.ts";
import { createPayments, type Payments } from "./payments/gateways.ts";
import { providerSettings } from "./payments/provider-settings.ts";
import { ReconcileWorker } from "./payments/reconcile-payments.ts";
import { compression } from "./plugins/compression.ts";
import { gracefulClose } from "./plugins/graceful-close.ts";
import { databaseRateLimitStore } from "./plugins/rate-limit-store.ts";
import { refuseUnsafeText } from "./plugins/refuse-unsafe-text.ts";
import { checkedSerializerCompiler } from "./plugins/response-schemas.ts";
import { accountRoutes, profileRoutes } from "./routes/api/accounts.ts";
import { adminRoutes } from "./routes/api/admin.ts";
import { adminCatalogueRoutes } from "./routes/api/admin-catalogue.ts";
import { catalogueRoutes } from "./routes/api/catalogue.ts";
import { commerceRoutes } from "./routes/api/commerce.ts";
import { healthRoutes } from "./routes/api/health.ts";
import { adminAuditRoutes, learnerDataRoutes } from "./routes/api/learner-data.ts";
import { notificationRoutes } from "./routes/api/notifications.ts";
import { SECURITY_SCHEMES } from "./routes/api/openapi.ts";
import { paypalRoutes } from "./routes/api/paypal.ts";
import { payuRoutes } from "./routes/api/payu.ts";
import { progressRoutes } from "./routes/api/progress.ts";
import { secondStepRoutes } from "./routes/api/second-step.ts";
import { stripeRoutes } from "./routes/api/stripe.ts";
import { adminTeamRoutes, teamRoutes } from "./routes/api/teams.ts";
import { isFormNavigation, refuseCrossSiteCookieCalls } from "./routes/form-navigation.ts";
import type { FrontDoor } from "./routes/front-door.ts";
import { mediaRoutes } from "./routes/media.ts";
import { pageRoutes } from "./routes/pages.ts";
import { receiptRoutes } from "./routes/receipts.ts";
import { seoRoutes } from "./routes/seo.ts";
import { unsubscribeRoutes } from "./routes/unsubscribe.ts";
import { VatRates } from "./tax/rate-table.ts";

export interface AppOptions {
  config: Config;
  database: Database;
  /** Serve the built web app; tests of the API alone leave it off. */
  pages?: boolean;
  /** The store's clock; tests pass a controlled one. */
  clock?: Clock;
  /** Deliver the mail outbox in the background (tests call deliverDue themselves). */
  mailPollMs?: number;
  /** How often the background reconciler asks providers about unconfirmed payments; 0 turns it off. */
  reconcileEveryMs?: number;
  /** How many URLs one sitemap file holds before /sitemap.xml becomes an index (default: the protocol's 50,000). */
  sitemapUrlsPerFile?: number;
  /** The media storage; by default the one the configuration names. */
  media?: MediaStore;
  /** Where the log lines go instead of stdout (tests read the security events from it). */
  logStream?: { write(line: string): void };
  /**
   * An answer that does not match its declared response schema fails (500) instead of being
   * logged and sent: the tests set it, so every answer they see is checked against /api/docs.
   */
  strictResponses?: boolean;
}

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    catalogue: CatalogueService;
    clock: Clock;
    mail: MailDelivery;
    payments: Payments;
    /** Signs and checks the cursors of the paged lists. */
    cursors: PageCursors;
    /** Makes and checks the notification mails' unsubscribe links. */
    unsubscribeLinks: UnsubscribeLinks;
    /** Seals the authenticator apps' secrets (accounts/second-step.ts). */
    secondStepBox: SecretBox;
    media: MediaStore;
    /** The VAT rates prices are worked out with: the committed table and the operator's changes. */
    vatRates: VatRates;
    /** Puts `door` before Fastify: what it answers, Fastify never sees (front-door.ts). */
    openFrontDoor(door: FrontDoor): void;
  }
}

/**
 * The Content-Security-Policy of the API docs (Swagger UI): its scripts are files it serves
 * itself ('self'), nothing runs inline, and it fetches only the OpenAPI document beside it.
 * Its bundle sets a few inline styles, so styles may be inline here (as the store's own
 * policy says too). Every other page keeps helmet's nonce-based policy.
 */
const API_DOCS_CSP = {
  "default-src": "'self'",
  "base-uri": "'self'",
  "connect-src": "'self'",
  "font-src": "'self' data:",
  "form-action": "'self'",
  "frame-ancestors": "'self'",
  "img-src": "'self' data:",
  "object-src": "'none'",
  "script-src": "'self'",
  "script-src-attr": "'none'",
  "style-src": "'self' 'unsafe-inline'",
};

/**
 * The router refuses a path it cannot decode, or a parameter past
 * maxParamLength, before any route or error handler runs: answer in the
 * envelope too, without echoing the path back.
 */
function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 400;
  const message =
    status >= 500
      ? GENERIC_ERROR
      : error.code === "FST_ERR_MAX_PARAM_LENGTH"
        ? "The address is too long."
        : "The address is not valid.";
  void sendError(reply, status, message);
}

const STORAGE_UNAVAILABLE =
  "The file storage is not answering right now. Nothing was changed; please try again in a minute.";
const STORAGE_RETRY_AFTER_S = 60;

/** The whole store as one Fastify instance; server.ts only boots it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  let frontDoor: FrontDoor | null = null;
  const app = Fastify({
    // Fastify's own server, with a door in front that the pages open for kept visitors' pages.
    serverFactory: (handler, settings) => {
      const server = http.createServer(settings.http ?? {}, (request, response) => {
        if (frontDoor?.(request, response)) return;
        handler(request, response);
      });
      // As Fastify sets up a server of its own, with the defaults it has filled in.
      const timeouts = settings as { keepAliveTimeout: number; requestTimeout: number; connectionTimeout: number };
      server.keepAliveTimeout = timeouts.keepAliveTimeout;
      server.requestTimeout = timeouts.requestTimeout;
      server.setTimeout(timeouts.connectionTimeout);
      return server;
    },
    logger:
      config.logLevel === "silent"
        ? false
        : {
            level: config.logLevel,
            redact: ["req.headers.authorization", "req.headers.cookie"],
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // On close, idle keep-alive connections go at once and busy ones after their answer
    // (see plugins/graceful-close.ts); a request arriving meanwhile gets our 503 envelope.
    forceCloseConnections: "idle",
    return503OnClosing: false,
    frameworkErrors: answerFrameworkError,
  });
  app.decorate("openFrontDoor", (door: FrontDoor) => {
    frontDoor = door;
  });
  // First, so that its hooks see every request.
  await app.register(gracefulClose, { graceMs: config.shutdownGraceMs });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    checkedSerializerCompiler((mismatch) => {
      if (options.strictResponses) throw mismatch;
      app.log.error({ route: mismatch.route, status: mismatch.httpStatus, issues: mismatch.issues }, mismatch.message);
    }),
  );
  // Added before any route, so every route and every encapsulated plugin inherits it.
  app.addHook("preValidation", refuseUnsafeText);

  const clock = options.clock ?? systemClock;
  // An operator's action writes its audit row in its own transaction (audit/audit-trail.ts).
  auditedTransactions(database.db);
  const signer = await MediaSigner.load(database.db, () => clock().getTime());
  const catalogue = new CatalogueService(database.db, {
    currency: config.storeCurrency,
    signer,
    sitemap: {
      publicUrl: config.publicUrl,
      ...(options.sitemapUrlsPerFile ? { urlsPerFile: options.sitemapUrlsPerFile } : {}),
    },
  });
  await database.listen(CATALOGUE_CHANNEL, () => catalogue.invalidate());
  app.decorate(
    "vatRates",
    await VatRates.load(database, (error) => app.log.error({ err: error }, "the VAT rates could not be read again")),
  );
  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("catalogue", catalogue);
  app.decorate("clock", clock);
  app.decorate("cursors", await PageCursors.load(database.db, clock));
  app.decorate("secondStepBox", await SecretBox.load(database.db));
  const unsubscribeLinks = await UnsubscribeLinks.load(database.db, config.publicUrl);
  app.decorate("unsubscribeLinks", unsubscribeLinks);
  const mail = new MailDelivery({
    db: database.db,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: app.log,
    now: clock,
    outboxDir: path.join(config.dataDir, "outbox"),
    ...(options.mailPollMs ? { pollMs: options.mailPollMs } : {}),
    // The notification mails are written here, in the background, a batch at a time.
    prepare: () =>
      mailPendingNotifications({
        db: database.db,
        links: unsubscribeLinks,
        publicUrl: config.publicUrl,
        now: clock,
        log: app.log,
      }),
  });
  app.decorate("mail", mail);
  app.addWorker("mail delivery", mail);
  const media =
    options.media ??
    MediaStore.fromConfig(database.db, config.media, (error, what) => app.log.error({ err: error }, what));
  app.decorate("media", media);
  app.addWorker("media sweep", media);
  // Every provider's address and keys, once: in emulator mode, the emulators' origin (config.emulators.origin).
  const providers = providerSettings(config);
  // The payments' security events (automatic refunds) are stored in the audit trail too.
  const paymentsLog = auditSink(app.log, { db: database.db, ip: null, requestId: null });
  const payments = createPayments({ config, providers, db: database.db, log: paymentsLog, clock });
  app.decorate("payments", payments);
  const reconcileEveryMs = options.reconcileEveryMs ?? 60_000;
  if (reconcileEveryMs > 0) app.addWorker("payment reconciler", new ReconcileWorker(payments, reconcileEveryMs));
  app.addWorker(
    "audit pruning",
    new AuditPruneWorker({
      db: database.db,
      retentionDays: config.auditRetentionDays,
      everyMs: 3600_000,
      now: clock,
      log: app.log,
    }),
  );

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      const { status, body } = errorAnswer(error);
      return reply.status(status).send(body);
    }
    if (error instanceof StorageUnavailableError) {
      request.log.error({ err: error.cause }, "media storage unavailable");
      return sendError(reply.header("retry-after", STORAGE_RETRY_AFTER_S), 503, STORAGE_UNAVAILABLE);
    }
    if (error instanceof MediaTooLargeError) {
      // The page that streamed the upload shows it in its own language (MESSAGE_HEADER); the body is the API's English.
      const message = fileTooLargeMessage(error.maxBytes);
      reply.header(MESSAGE_HEADER, messageHeader(message));
      return sendError(reply, 413, english(message), { file: english(message) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "body";
        // The shared schemas' messages are keys with values (issueText): written in English here, at the JSON edge.
        errors[field] ??= issue.message ? english(messageOfIssue(issue.message)) : "Invalid value";
      }
      return sendError(reply, 422, Object.values(errors)[0] ?? "Invalid input", errors);
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      const message = status === 429 ? TOO_MANY_REQUESTS : (error as Error).message;
      return sendError(reply, status, message);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, "database unavailable");
      reply.header("retry-after", DATABASE_RETRY_AFTER_S);
      // A browser's page (the session is looked up before the page renders): a short page that tries again.
      if (!request.url.startsWith("/api/") && isFormNavigation(request)) {
        return reply.status(503).type("text/html; charset=utf-8").send(DATABASE_RETRY_PAGE);
      }
      return sendError(reply, 503, DATABASE_UNAVAILABLE);
    }
    request.log.error(error);
    return sendError(reply, 500, GENERIC_ERROR);
  });

  await app.register(helmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", "data:"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        frameSrc: ["'self'"],
        objectSrc: ["'self'"],
        // The PayU checkout is a form the browser posts to PayU itself; a checkout started by a form
        // post redirects to the provider's page, which in emulator mode is on the emulators' origin.
        formAction: [
          "'self'",
          ...new Set([
            new URL(providers.payu.actionUrl).origin,
            ...(config.payments === "emulator" ? [config.emulators.origin] : []),
          ]),
        ],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // No referrer leaves the store, as with helmet's no-referrer; but the store's own form
    // posts carry their true Origin (no-referrer makes it 'null'), which the pages check.
    referrerPolicy: { policy: "same-origin" },
  });
  // Before every route: it hooks each route as it is added.
  await app.register(compression);
  await app.register(cookie);
  app.addHook("onRequest", refuseCrossSiteCookieCalls(config.publicUrl));
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(database.db, clock) });
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Skillshelf API",
        version: "1.0.0",
        description: "The JSON API of the Skillshelf store. Every body is the envelope { status, message, ... }.",
      },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    // The store's pages allow only scripts carrying their response's nonce; Swagger UI's page
    // loads its own script files, so its routes (and only they) get this policy instead.
    staticCSP: API_DOCS_CSP,
    uiConfig: { validatorUrl: null },
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(catalogueRoutes);
      await api.register(accountRoutes);
      await api.register(profileRoutes);
      await api.register(learnerDataRoutes);
      await api.register(secondStepRoutes);
      await api.register(commerceRoutes);
      await api.register(notificationRoutes);
      await api.register(progressRoutes);
      await api.register(teamRoutes);
      await api.register(stripeRoutes);
      await api.register(paypalRoutes);
      await api.register(payuRoutes);
      await api.register(
        async (admin) => {
          // Every admin call: 401 without a session, 403 for anyone but an admin.
          admin.addHook("onRequest", admit("operator"));
          await admin.register(adminCatalogueRoutes);
          await admin.register(adminRoutes);
          await admin.register(adminAuditRoutes);
          await admin.register(adminTeamRoutes);
        },
        { prefix: "/admin" },
      );
      api.setNotFoundHandler((_request, reply) => sendError(reply, 404, "Not found"));
    },
    { prefix: "/api" },
  );
  await app.register(mediaRoutes);
  await app.register(receiptRoutes);
  await app.register(seoRoutes);
  await app.register(unsubscribeRoutes);
  if (options.pages !== false) await app.register(pageRoutes);
  return app;
}

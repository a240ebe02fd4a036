import os from "node:os";
import path from "node:path";
import { isIsoCurrency } from "@skillshelf/shared/money-rules.ts";
import { z } from "zod";
import { parseTrustProxy, type TrustProxy } from "./lib/trust-proxy.ts";
import type { SellerTax } from "./tax/vat.ts";
import { normalVatNumber, vatNumberCountry } from "./tax/vat-number.ts";
import { VAT_RATES } from "./tax/vat-rates.ts";

/**
 * Configuration of CONTRACT.md section 1, parsed once. Nothing else reads
 * process.env. A bad value stops start-up with one line naming the variable.
 */

const url = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(" or ")}` },
    );

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema.optional());

/** The most store processes WORKERS may ask for; each holds up to 10 database connections. */
const MAX_WORKERS = 64;
/** The most "auto" starts: one per core up to here, so a big machine does not take 100 connections. */
const AUTO_WORKERS = 4;
const MiB = 1024 * 1024;
/** What a store process on PostgreSQL may reach under load (bench: about 230 MB idle, up to 500 MB busy). */
const WORKER_MEMORY = 512 * MiB;
/** Left to the operating system and, on a small server, PostgreSQL beside the store. */
const MEMORY_RESERVE = 512 * MiB;

/**
 * WORKERS=auto on PostgreSQL: one process per core, at most 4, and no more than the memory
 * holds at 512 MB each after 512 MB for the rest (a 1 GB server runs one), never fewer than one.
 * `memory` is the machine's, or a container's limit when it has one.
 */
export const autoWorkers = (cores: number, memory: number): number =>
  Math.max(1, Math.min(cores, AUTO_WORKERS, Math.floor((memory - MEMORY_RESERVE) / WORKER_MEMORY)));

/** The memory this process may use: the machine's, or less when a container limits it. */
export const usableMemory = () => Math.min(os.totalmem(), process.constrainedMemory() || Number.POSITIVE_INFINITY);

const envSchema = z
  .object({
    NODE_ENV: optional(z.enum(["production", "development", "test"])),
    PORT: optional(z.coerce.number().int().min(0).max(65535)).default(3000),
    HOST: optional(z.string()).default("127.0.0.1"),
    PUBLIC_URL: optional(url(["http:", "https:"])),
    DATA_DIR: optional(z.string()).default("./data"),
    DATABASE_URL: optional(url(["postgres:", "postgresql:"])),
    SMTP_URL: optional(url(["smtp:", "smtps:"])),
    MAIL_FROM: optional(z.string()).default("Skillshelf <no-reply@localhost>"),
    PAYMENTS: optional(z.enum(["emulator", "live"], { message: "must be emulator or live" })).default("emulator"),
    STRIPE_SECRET_KEY: optional(z.string()),
    STRIPE_WEBHOOK_SECRET: optional(z.string()),
    STRIPE_PUBLISHABLE_KEY: optional(z.string()),
    PAYPAL_CLIENT_ID: optional(z.string()),
    PAYPAL_CLIENT_SECRET: optional(z.string()),
    PAYPAL_WEBHOOK_ID: optional(z.string()),
    PAYPAL_ENV: optional(z.enum(["sandbox", "live"], { message: "must be sandbox or live" })).default("sandbox"),
    PAYU_KEY: optional(z.string()),
    PAYU_SALT: optional(z.string()),
    PAYU_ENV: optional(z.enum(["test", "live"], { message: "must be test or live" })).default("test"),
    // Where the store reaches each provider: unset, the provider's own hosts (PAYMENTS=live) or the emulators.
    STRIPE_API_BASE: optional(url(["http:", "https:"])),
    PAYPAL_API_BASE: optional(url(["http:", "https:"])),
    PAYU_BASE: optional(url(["http:", "https:"])),
    VIES_API_BASE: optional(url(["http:", "https:"])),
    EMULATOR_PORT: optional(z.coerce.number().int().min(0).max(65535)),
    STORE_CURRENCY: optional(
      z
        .string()
        .regex(/^[A-Z]{3}$/, "must be a three-letter ISO 4217 code such as GBP")
        // Any ISO 4217 currency: its minor unit (none for JPY, three decimals for KWD) drives every amount (money.ts).
        .refine(isIsoCurrency, "is not a currency of ISO 4217 (for example GBP, EUR, USD or INR)"),
    ).default("GBP"),
    SEED: optional(z.enum(["demo", "none"], { message: "must be demo or none" })).default("demo"),
    STORE_NAME: optional(z.string().trim().max(100, "must be at most 100 characters")).default("Skillshelf"),
    // One line per address line, separated by "|" or newlines ("Skillshelf Ltd|1 Example Street|London").
    STORE_ADDRESS: optional(z.string().max(500, "must be at most 500 characters")),
    STORE_COUNTRY: optional(
      z.string().regex(/^[A-Z]{2}$/, "must be a two-letter ISO 3166-1 country code such as GB"),
    ).default("GB"),
    VAT_NUMBER: optional(
      z
        .string()
        .transform(normalVatNumber)
        .refine((number) => vatNumberCountry(number) !== null, "is not a VAT number (its format or check digits)"),
    ),
    VAT_OSS: optional(z.enum(["on", "off"], { message: "must be on or off" })).default("off"),
    AUDIT_RETENTION_DAYS: optional(
      z.coerce
        .number({ message: "must be a whole number of days" })
        .int("must be a whole number of days")
        .min(1, "must be at least 1")
        .max(36_500, "must be at most 36500"),
    ).default(400),
    TRUST_PROXY: optional(
      z.string().transform((value, ctx): TrustProxy => {
        const trust = parseTrustProxy(value);
        if (trust !== null && "error" in trust) {
          ctx.addIssue({ code: "custom", message: trust.error });
          return z.NEVER;
        }
        return trust;
      }),
    ),
    LOG_LEVEL: optional(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])).default("info"),
    MEDIA_STORAGE: optional(z.enum(["local", "s3"], { message: "must be local or s3" })).default("local"),
    MEDIA_MAX_MB: optional(
      z.coerce
        .number({ message: "must be a whole number of megabytes, such as 200" })
        .int("must be a whole number of megabytes, such as 200")
        .min(1, "must be at least 1")
        .max(5 * 1024, "must be at most 5120 (5 GB)"),
    ).default(200),
    S3_BUCKET: optional(
      z
        .string()
        .trim()
        .regex(
          /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
          "must be a bucket name: 3 to 63 lower-case letters, digits, dots or dashes",
        ),
    ),
    S3_ENDPOINT: optional(url(["http:", "https:"])),
    S3_REGION: optional(
      z
        .string()
        .trim()
        .regex(/^[a-z0-9-]+$/, "must be a region name such as us-east-1 or auto"),
    ).default("us-east-1"),
    S3_ACCESS_KEY_ID: optional(z.string().trim()),
    S3_SECRET_ACCESS_KEY: optional(z.string()),
    SHUTDOWN_GRACE_S: optional(
      z.coerce
        .number({ message: "must be a whole number of seconds, such as 10" })
        .int("must be a whole number of seconds, such as 10")
        .min(1, "must be at least 1 second")
        .max(3600, "must be at most 3600 seconds"),
    ).default(10),
    PAGE_CACHE: optional(z.enum(["on", "off"], { message: "must be on or off" })).default("on"),
    WORKERS: optional(
      z
        .string()
        .trim()
        .transform((value, ctx): "auto" | number => {
          if (value === "auto") return value;
          const count = /^\d+$/.test(value) ? Number(value) : Number.NaN;
          if (count >= 1 && count <= MAX_WORKERS) return count;
          ctx.addIssue({
            code: "custom",
            message: `must be auto or a whole number of processes from 1 to ${MAX_WORKERS}, such as 2`,
          });
          return z.NEVER;
        }),
    ).default("auto"),
  })
  .superRefine((env, ctx) => {
    if (env.MEDIA_STORAGE === "s3") {
      for (const key of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
        if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required when MEDIA_STORAGE=s3" });
      }
    }
    if (env.S3_BUCKET && !env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
      const missing = env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID";
      ctx.addIssue({ code: "custom", path: [missing], message: "is required with S3_BUCKET" });
    }
    if (typeof env.WORKERS === "number" && env.WORKERS > 1 && !env.DATABASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["WORKERS"],
        message: "needs DATABASE_URL: the embedded database serves one process",
      });
    }
    if (env.PAYMENTS !== "live") return;
    const keys = [
      "STRIPE_SECRET_KEY",
      "STRIPE_WEBHOOK_SECRET",
      "STRIPE_PUBLISHABLE_KEY",
      "PAYPAL_CLIENT_ID",
      "PAYPAL_CLIENT_SECRET",
      "PAYPAL_WEBHOOK_ID",
      "PAYU_KEY",
      "PAYU_SALT",
    ] as const;
    for (const key of keys) {
      if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required when PAYMENTS=live" });
    }
  });

export interface Config {
  nodeEnv: "production" | "development" | "test";
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  payments: "emulator" | "live";
  /**
   * The payment emulators (apps/emulators, PAYMENTS=emulator): the port they
   * listen on beside the store (EMULATOR_PORT; default PORT+1, or any free
   * port when PORT is 0), and their origin there (emulatorOrigin), which
   * fills in the providers' base URLs below (payments/provider-settings.ts).
   * `npm start` corrects port and origin if it had to take another port.
   */
  emulators: { port: number; portGiven: boolean; origin: string };
  storeCurrency: string;
  /** Who sells, as receipts name the store: its name and postal address lines (none when unset). */
  store: { name: string; address: string[] };
  /** Where the seller is established and how it is registered for VAT (CONTRACT s.7). */
  tax: SellerTax;
  seed: "demo" | "none";
  /** How many days the audit trail keeps a row before the pruning job removes it (AUDIT_RETENTION_DAYS). */
  auditRetentionDays: number;
  logLevel: string;
  /** Behind reverse proxies: whose X-Forwarded-For gives the client address (null: nobody's). */
  trustProxy: TrustProxy;
  /** How long SIGTERM waits for the requests in flight, the workers and the database before exiting anyway. */
  shutdownGraceMs: number;
  /** Whether pages rendered for visitors without a session are kept in memory and revalidated by ETag. */
  pageCache: boolean;
  /**
   * How many processes serve the store (workers.ts): WORKERS, or by default
   * one per core (at most 4) on PostgreSQL and one on the embedded database,
   * which a single process holds.
   */
  workers: number;
  media: MediaConfig;
  /** apiBase: STRIPE_API_BASE, where the Stripe library sends its calls (default https://api.stripe.com). */
  stripe: { secretKey?: string; webhookSecret?: string; publishableKey?: string; apiBase?: string | undefined };
  /** apiBase: PAYPAL_API_BASE, PayPal's REST root (default: PAYPAL_ENV's host). */
  paypal: {
    clientId?: string;
    clientSecret?: string;
    webhookId?: string;
    env: "sandbox" | "live";
    apiBase?: string | undefined;
  };
  /** VIES_API_BASE: the root of the EU's VIES REST API (default: its own host, or the emulator). */
  viesApiBase: string | undefined;
  /** base: PAYU_BASE, one root for the payment form (/_payment) and the postservice API (default: PAYU_ENV's hosts). */
  payu: { key?: string; salt?: string; env: "test" | "live"; base?: string | undefined };
}

export interface S3Config {
  bucket: string;
  /** Unset: AWS S3 itself. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the AWS SDK's own credential chain (environment, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

interface MediaConfig {
  /** Where new media are written. */
  storage: "local" | "s3";
  /** The largest upload or imported media file. */
  maxBytes: number;
  /** The bucket, whenever S3_BUCKET is set (also with MEDIA_STORAGE=local, to read and migrate what is there). */
  s3: S3Config | undefined;
}

export class ConfigError extends Error {}

/** The seller's registration, checked: a VAT number of STORE_COUNTRY, and rates the store knows for it. */
function sellerTax(country: string, vatNumber: string | null, oss: boolean): SellerTax {
  if (vatNumber !== null) {
    if (vatNumberCountry(vatNumber) !== country) {
      throw new ConfigError(
        `Invalid VAT_NUMBER (${JSON.stringify(vatNumber)}): it is not a VAT number of STORE_COUNTRY ${country}`,
      );
    }
    if (!VAT_RATES[country]) {
      throw new ConfigError(`Invalid STORE_COUNTRY (${JSON.stringify(country)}): the store knows no VAT rates for it`);
    }
  }
  if (oss && vatNumber === null) throw new ConfigError('Invalid VAT_OSS ("on"): VAT_NUMBER is unset');
  return { country, vatNumber, oss };
}

const trimmed = (base: string | undefined) => base?.replace(/\/+$/, "");

export function parseConfig(source: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? "configuration");
    const value = source[name];
    throw new ConfigError(
      `Invalid ${name}${value === undefined ? "" : ` (${JSON.stringify(value)})`}: ${issue?.message ?? "invalid"}`,
    );
  }
  const env = result.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  return {
    nodeEnv: env.NODE_ENV ?? "production",
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    payments: env.PAYMENTS,
    emulators: emulatorsAt(
      { host: env.HOST, publicUrl },
      env.EMULATOR_PORT ?? (env.PORT === 0 || env.PORT === 65535 ? 0 : env.PORT + 1),
      env.EMULATOR_PORT !== undefined,
    ),
    storeCurrency: env.STORE_CURRENCY,
    store: {
      name: env.STORE_NAME,
      address: (env.STORE_ADDRESS ?? "")
        .split(/[|\n]/)
        .map((line) => line.trim())
        .filter(Boolean),
    },
    tax: sellerTax(env.STORE_COUNTRY, env.VAT_NUMBER ?? null, env.VAT_OSS === "on"),
    seed: env.SEED,
    auditRetentionDays: env.AUDIT_RETENTION_DAYS,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY ?? null,
    shutdownGraceMs: env.SHUTDOWN_GRACE_S * 1000,
    pageCache: env.PAGE_CACHE === "on",
    workers:
      env.WORKERS !== "auto"
        ? env.WORKERS
        : env.DATABASE_URL
          ? autoWorkers(os.availableParallelism(), usableMemory())
          : 1,
    media: {
      storage: env.MEDIA_STORAGE,
      maxBytes: env.MEDIA_MAX_MB * 1024 * 1024,
      s3: env.S3_BUCKET
        ? {
            bucket: env.S3_BUCKET,
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            credentials:
              env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
                : undefined,
          }
        : undefined,
    },
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      apiBase: trimmed(env.STRIPE_API_BASE),
    },
    paypal: {
      clientId: env.PAYPAL_CLIENT_ID,
      clientSecret: env.PAYPAL_CLIENT_SECRET,
      webhookId: env.PAYPAL_WEBHOOK_ID,
      env: env.PAYPAL_ENV,
      apiBase: trimmed(env.PAYPAL_API_BASE),
    },
    payu: { key: env.PAYU_KEY, salt: env.PAYU_SALT, env: env.PAYU_ENV, base: trimmed(env.PAYU_BASE) },
    viesApiBase: trimmed(env.VIES_API_BASE),
  };
}

const WILDCARDS = new Set(["0.0.0.0", "::", ""]);

/**
 * The payment emulators on `port`, and the origin where the store and the
 * learner's browser reach them: the bind address (HOST), or PUBLIC_URL's host
 * name when the store listens on every interface.
 */
export function emulatorsAt(
  where: { host: string; publicUrl: string },
  port: number,
  portGiven: boolean,
): Config["emulators"] {
  const host = WILDCARDS.has(where.host) ? new URL(where.publicUrl).hostname : where.host;
  const origin = `http://${host.includes(":") && !host.startsWith("[") ? `[${host}]` : host}:${port}`;
  return { port, portGiven, origin };
}

/** The process configuration; call once at start-up. */
export function loadConfig(): Config {
  return parseConfig(process.env);
}

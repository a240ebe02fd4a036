import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { english } from "@skillshelf/shared/i18n/message.ts";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { resetSecondStep } from "./accounts/second-step.ts";
import { exportCatalogue } from "./admin/catalogue/export-catalogue.ts";
import { createAdmin } from "./admin/create-admin.ts";
import { buildApp } from "./app.ts";
import { CatalogueFileError } from "./catalogue/read-catalogue-file.ts";
import { importCatalogueStream, seedDemoCatalogue } from "./catalogue/seed-demo.ts";
import { type Database, openDatabase } from "./db/client.ts";
import { DataDirLockedError } from "./db/data-dir-lock.ts";
import { users } from "./db/schema/index.ts";
import { reconcileEmulators } from "./emulator-mode.ts";
import { ConfigError, loadConfig } from "./env.ts";
import { exportLearnerData } from "./learner-data/export-data.ts";
import { AppError } from "./lib/app-error.ts";
import { MediaStore } from "./media/media-store.ts";
import { MediaVerifyError, migrateMedia } from "./media/migrate-media.ts";
import { StorageUnavailableError } from "./media/storage.ts";
import { reconcilePayments } from "./payments/reconcile-payments.ts";
import { assertRegisteredFor, eurRateOf, ossReturnCsv, quarterOf, ukReturnCsv } from "./tax/returns.ts";

const USAGE = `Usage: npm run catalogue -- <command>   (or npm run admin -- <command>)

Commands:
  import FILE          replace the catalogue with the JSON file FILE (docs/catalogue-format.md)
  export FILE          write the current catalogue to FILE, media included, in the same format
  seed-demo            replace the catalogue with the demo catalogue
  create-admin EMAIL   make EMAIL an admin (creating the account) and print a one-time link to set its password
  learner-data EMAIL FILE
                       write everything the store holds of the account EMAIL to FILE, as Settings' "Download
                       my data" gives it (a data request by mail: docs/operations.md)
  reset-second-step EMAIL
                       remove EMAIL's authenticator app, recovery codes and passkeys and end its sessions, for an
                       account locked out of its second step (check who asks first); the owner is mailed
  media migrate --to s3|local
                       move every media file into that storage (S3_* must be set for s3): copied, read back
                       and compared, then switched; the old copy is removed after. Run it again to carry on.
  reconcile            ask the payment providers about every unconfirmed payment now: paid ones become orders,
                       abandoned ones are closed, unfinished automatic refunds are sent
  tax oss QUARTER [--eur-rate RATE] [FILE]
                       the OSS return's figures of QUARTER (2026-Q4, UTC) as CSV, to FILE or the standard
                       output; RATE, the ECB's rate of the quarter's last day (1 unit of STORE_CURRENCY in
                       euros), adds the amounts in euros (needs VAT_OSS=on)
  tax uk QUARTER [FILE]
                       the UK VAT return's figures of QUARTER: boxes 1 to 9 and the sales by scheme and rate
                       (a seller established in GB with VAT_NUMBER set)

Runs against DATABASE_URL, or the embedded database in DATA_DIR (stop the store first).`;

/** The CLI's security events: one JSON line each on the standard error, as the store logs them. */
const cliLog = {
  info: (fields: object, msg: string) => console.error(JSON.stringify({ level: 30, ...fields, msg })),
  warn: (fields: object, msg: string) => console.error(JSON.stringify({ level: 40, ...fields, msg })),
} as unknown as FastifyBaseLogger;

async function withDatabase<T>(
  run: (database: Database, media: MediaStore, currency: string) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, maxConnections: 2 });
  const media = MediaStore.fromConfig(database.db, config.media, (error, what) => console.error(`${what}:`, error));
  try {
    return await run(database, media, config.storeCurrency);
  } finally {
    await media.stop();
    await database.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command === "import" && args.length === 1 && args[0]) {
    // npm runs this inside apps/server: paths are relative to where the command was typed.
    const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]);
    try {
      await fs.access(file, fs.constants.R_OK);
    } catch {
      console.error(`Cannot read ${file}.`);
      return 1;
    }
    // Read as it streams, media written to the storage on the way: memory does not grow with the file.
    const summary = await withDatabase((database, media, currency) =>
      importCatalogueStream(database, {
        input: createReadStream(file),
        media,
        currency,
        baseDir: path.dirname(file),
      }),
    );
    console.log(
      `Imported ${file}: ${summary.parents} categories, ${summary.artefacts} artefacts, ${summary.groups} groups, ${summary.contents} contents, ${summary.media} media files.`,
    );
    return 0;
  }
  if (command === "export" && args.length === 1 && args[0]) {
    const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]);
    // Streamed into a file beside the target, renamed once complete: a failed export leaves no half file.
    const partial = `${file}.partial`;
    const catalogue = await withDatabase(async (database, media, currency) => {
      const exported = await exportCatalogue(database.db, media, currency);
      try {
        await pipeline(exported.text, createWriteStream(partial));
      } catch (error) {
        await fs.rm(partial, { force: true });
        throw error;
      }
      return exported;
    });
    await fs.rename(partial, file);
    console.log(`Exported ${catalogue.categories} categories and ${catalogue.artefacts} artefacts to ${file}.`);
    return 0;
  }
  if (command === "create-admin" && args.length === 1 && args[0]) {
    const email = args[0];
    const config = loadConfig();
    const { link, created } = await withDatabase((database) =>
      createAdmin({ db: database.db, email, publicUrl: config.publicUrl, now: new Date() }),
    );
    console.log(
      `${created ? "Created" : "Promoted"} the admin ${email.toLowerCase()}. Set its password within 24 hours, once, at:\n${link}`,
    );
    return 0;
  }
  if (command === "learner-data" && args.length === 2 && args[0] && args[1]) {
    const email = args[0].toLowerCase();
    const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[1]);
    const found = await withDatabase(async (database) => {
      const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (!user) return false;
      // Written beside the target and renamed once complete, as the catalogue's export is.
      await pipeline(
        Readable.from(exportLearnerData(database.db, user.id, new Date())),
        createWriteStream(`${file}.partial`),
      );
      return true;
    });
    if (!found) {
      console.error(`No account has the e-mail address ${email}.`);
      return 1;
    }
    await fs.rename(`${file}.partial`, file);
    console.log(`Wrote the data of ${email} to ${file}.`);
    return 0;
  }
  if (command === "reset-second-step" && args.length === 1 && args[0]) {
    const email = args[0];
    const config = loadConfig();
    const reset = await withDatabase((database) =>
      resetSecondStep({ db: database.db, now: new Date(), log: cliLog, publicUrl: config.publicUrl }, email),
    );
    if (!reset) {
      console.error(`No account has the e-mail ${email.toLowerCase()}.`);
      return 1;
    }
    console.log(
      `Reset the second step of ${email.toLowerCase()}: ${reset.app ? "its authenticator app, " : ""}${reset.passkeys} passkey(s) and its recovery codes removed, every session ended. It signs in with its password now, and sets up a second step again in Settings.`,
    );
    return 0;
  }
  if (command === "reconcile" && args.length === 0) {
    const tally = await withDatabase(async (database) => {
      // The store itself, without pages or background work: its gateways, and in emulator mode the
      // emulators they call (reconcileEmulators).
      const { config, emulators } = await reconcileEmulators({ ...loadConfig(), logLevel: "warn" });
      try {
        const app = await buildApp({ config, database, pages: false, reconcileEveryMs: 0 });
        try {
          return await reconcilePayments(app.payments, { everyUnconfirmed: true });
        } finally {
          await app.close();
        }
      } finally {
        await emulators?.close();
      }
    });
    console.log(
      `Reconciled ${tally.checked} payments: ${tally.fulfilled} fulfilled, ${tally.refunded} refunded, ${tally.closed} closed, ${tally.stillOpen} still open, ${tally.unreachable} to ask again later.`,
    );
    return tally.unreachable > 0 ? 1 : 0;
  }
  if (command === "media" && args[0] === "migrate") {
    const to = args[1] === "--to" ? args[2] : args[1]?.startsWith("--to=") ? args[1].slice(5) : undefined;
    const target = to === "database" ? "local" : to;
    if ((target !== "local" && target !== "s3") || args.length > (args[1] === "--to" ? 3 : 2)) {
      console.error("Usage: npm run admin -- media migrate --to s3|local");
      return 2;
    }
    if (!loadConfig().media.s3) {
      // Both directions need the bucket: one writes to it, the other reads from it.
      console.error(
        "Set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_ENDPOINT for MinIO or R2) first.",
      );
      return 1;
    }
    const tally = await withDatabase((database, media) =>
      migrateMedia({ db: database.db, media, to: target, progress: (line) => console.log(line) }),
    );
    console.log(
      `Moved ${tally.moved} media files (${tally.bytes} bytes) to ${target}; removed ${tally.removed} old copies.`,
    );
    return 0;
  }
  if (command === "tax") return taxReturn(args);
  if (command === "seed-demo" && args.length === 0) {
    const summary = await withDatabase((database, media, currency) => seedDemoCatalogue(database, currency, media));
    console.log(`Seeded the demo catalogue: ${summary.artefacts} artefacts, ${summary.contents} contents.`);
    return 0;
  }
  console.error(USAGE);
  return command === "help" || command === "--help" ? 0 : 2;
}

/**
 * `tax oss|uk QUARTER [--eur-rate RATE] [FILE]`: a tax return's figures as CSV (tax/returns.ts, as
 * GET /api/admin/tax/oss.csv and uk.csv answer them), to FILE or the standard output.
 */
async function taxReturn(args: string[]): Promise<number> {
  const [kind, ...rest] = args;
  const options = [...rest];
  let eurRateText: string | undefined;
  const at = options.findIndex((arg) => arg === "--eur-rate" || arg.startsWith("--eur-rate="));
  if (at >= 0) {
    const option = options[at] ?? "";
    eurRateText = option.includes("=") ? option.slice(option.indexOf("=") + 1) : options[at + 1];
    options.splice(at, option.includes("=") ? 1 : 2);
  }
  const [quarterText, target, ...extra] = options;
  const badRate = at >= 0 && (kind === "uk" || !eurRateText);
  if ((kind !== "oss" && kind !== "uk") || !quarterText || extra.length > 0 || badRate) {
    console.error(
      "Usage: npm run admin -- tax oss QUARTER [--eur-rate RATE] [FILE]\n       npm run admin -- tax uk QUARTER [FILE]",
    );
    return 2;
  }
  const config = loadConfig();
  let csv: string;
  try {
    const quarter = quarterOf(quarterText);
    const eurRate = eurRateOf(eurRateText);
    assertRegisteredFor(kind, config.tax);
    csv = await withDatabase((database, _media, currency) =>
      kind === "oss"
        ? ossReturnCsv(database.db, { quarter, storeCurrency: currency, eurRate })
        : ukReturnCsv(database.db, { quarter, storeCurrency: currency }),
    );
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    console.error(error.message);
    return error.code === "invalid" ? 2 : 1;
  }
  if (!target) {
    await new Promise<void>((resolve, reject) =>
      process.stdout.write(csv, (error) => (error ? reject(error) : resolve())),
    );
    return 0;
  }
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
  // Written beside the target and renamed once complete, as the catalogue's export is.
  await fs.writeFile(`${file}.partial`, csv);
  await fs.rename(`${file}.partial`, file);
  console.log(`Wrote the ${kind === "oss" ? "OSS" : "UK VAT"} return of ${quarterText.toUpperCase()} to ${file}.`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof CatalogueFileError) {
      console.error(english(error.refusal));
    } else if (
      error instanceof ConfigError ||
      error instanceof DataDirLockedError ||
      error instanceof MediaVerifyError
    ) {
      console.error(error.message);
    } else if (error instanceof StorageUnavailableError) {
      console.error(
        `The media storage is not answering (${String((error.cause as Error)?.message ?? error.cause)}); nothing was lost, run the command again later.`,
      );
    } else {
      console.error(error);
    }
    process.exit(1);
  },
);

import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { english } from "@skillshelf/shared/i18n/message.ts";
import { exportCatalogue } from "./admin/catalogue/export-catalogue.ts";
import { createAdmin } from "./admin/create-admin.ts";
import { buildApp } from "./app.ts";
import { CatalogueFileError } from "./catalogue/read-catalogue-file.ts";
import { importCatalogueStream, seedDemoCatalogue } from "./catalogue/seed-demo.ts";
import { type Database, openDatabase } from "./db/client.ts";
import { DataDirLockedError } from "./db/data-dir-lock.ts";
import { reconcileEmulators } from "./emulator-mode.ts";
import { ConfigError, loadConfig } from "./env.ts";
import { MediaStore } from "./media/media-store.ts";
import { MediaVerifyError, migrateMedia } from "./media/migrate-media.ts";
import { StorageUnavailableError } from "./media/storage.ts";
import { reconcilePayments } from "./payments/reconcile-payments.ts";

const USAGE = `Usage: npm run catalogue -- <command>   (or npm run admin -- <command>)

Commands:
  import FILE          replace the catalogue with the JSON file FILE (docs/catalogue-format.md)
  export FILE          write the current catalogue to FILE, media included, in the same format
  seed-demo            replace the catalogue with the demo catalogue
  create-admin EMAIL   make EMAIL an admin (creating the account) and print a one-time link to set its password
  media migrate --to s3|local
                       move every media file into that storage (S3_* must be set for s3): copied, read back
                       and compared, then switched; the old copy is removed after. Run it again to carry on.
  reconcile            ask the payment providers about every unconfirmed payment now: paid ones become orders,
                       abandoned ones are closed, unfinished automatic refunds are sent

Runs against DATABASE_URL, or the embedded database in DATA_DIR (stop the store first).`;

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
  if (command === "seed-demo" && args.length === 0) {
    const summary = await withDatabase((database, media, currency) => seedDemoCatalogue(database, currency, media));
    console.log(`Seeded the demo catalogue: ${summary.artefacts} artefacts, ${summary.contents} contents.`);
    return 0;
  }
  console.error(USAGE);
  return command === "help" || command === "--help" ? 0 : 2;
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

import type { CatalogueFileInput } from "@skillshelf/shared/catalogue-file.ts";
import { currencyDigits, toMinor } from "@skillshelf/shared/money.ts";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { appSettings } from "../db/schema/index.ts";
import { MediaStore } from "../media/media-store.ts";
import { CATALOGUE_CHANNEL } from "./catalogue-service.ts";
import { type ImportSummary, importCatalogue, walkCatalogue } from "./import-catalogue.ts";
import { readCatalogueStream, validateCatalogue } from "./read-catalogue-file.ts";

const INITIALIZED = "catalogue_initialized";

/**
 * Runs an import (importCatalogue, its file read by `read`) and tells every instance to drop its cached
 * copy; the replaced media files' bytes are removed in the background (media.settled() waits).
 */
async function importAndAnnounce(
  database: Database,
  media: MediaStore,
  options: Omit<Parameters<typeof importCatalogue>[0], "db" | "media">,
): Promise<ImportSummary> {
  const summary = await importCatalogue({ db: database.db, media, ...options });
  media.sweepSoon();
  await database.db
    .insert(appSettings)
    .values({ key: INITIALIZED, value: new Date().toISOString() })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: sql`excluded.value`, updatedAt: new Date() } });
  await database.notify(CATALOGUE_CHANNEL, "import");
  return summary;
}

/** Replaces the catalogue with a file in memory (the demo's, a test's). `media`: default, the local storage. */
export async function replaceCatalogue(
  database: Database,
  options: { file: CatalogueFileInput; currency: string; media?: MediaStore },
): Promise<ImportSummary> {
  const media = options.media ?? MediaStore.local(database.db);
  return importAndAnnounce(database, media, {
    currency: options.currency,
    read: (stage) => walkCatalogue(options.file, stage()),
  });
}

/**
 * Replaces the catalogue with a file as it streams in (the command's file on
 * disk, an upload): each item is checked and staged as it is read, media
 * written to the storage on the way, then applied in the import's one
 * transaction; a refusal removes what was staged and stored.
 * `baseDir`: the folder media `file` paths are relative to, if any.
 */
export async function importCatalogueStream(
  database: Database,
  options: {
    input: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;
    media: MediaStore;
    currency: string;
    baseDir?: string;
  },
): Promise<ImportSummary> {
  const { input, media } = options;
  return importAndAnnounce(database, media, {
    currency: options.currency,
    baseDir: options.baseDir,
    read: (stage) => readCatalogueStream(input, media, stage),
  });
}

/**
 * The demo file at prices of `currency`. Its prices are written in pounds and
 * pence (19.99); in a currency with fewer decimals they keep their minor
 * units, whole: 19.99 is ¥1,999 in a JPY store.
 */
export function demoCatalogueIn(demo: CatalogueFileInput, currency: string): CatalogueFileInput {
  const digits = currencyDigits(currency);
  if (digits >= 2) return demo;
  const priced = <T extends { price?: number | null | undefined }>(item: T): T =>
    item.price == null ? item : { ...item, price: toMinor(item.price, "GBP") / 10 ** digits };
  return {
    ...demo,
    categories: demo.categories.map((parent) => ({
      ...parent,
      artefacts: parent.artefacts?.map((a) => ({ ...priced(a), groups: a.groups?.map(priced) })),
    })),
  };
}

export async function seedDemoCatalogue(
  database: Database,
  currency: string,
  media?: MediaStore,
): Promise<ImportSummary> {
  // Loaded only when seeding: the data file and the media renderers are not needed to serve.
  const { buildDemoCatalogue } = await import("../seed/demo-catalogue.ts");
  return replaceCatalogue(database, {
    file: validateCatalogue(demoCatalogueIn(await buildDemoCatalogue(), currency), currency),
    currency,
    ...(media ? { media } : {}),
  });
}

/**
 * Seeds the demo catalogue on a database that never had one. A catalogue that
 * an operator emptied on purpose is left empty.
 */
export async function seedDemoIfEmpty(
  database: Database,
  currency: string,
  media?: MediaStore,
): Promise<ImportSummary | null> {
  const [row] = await database.db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(sql`${appSettings.key} = ${INITIALIZED}`);
  if (row) return null;
  return seedDemoCatalogue(database, currency, media);
}

import { createHash, randomUUID } from "node:crypto";
import { pipeline, type Readable, Transform } from "node:stream";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client.ts";
import { contentMedia, mediaObjects } from "../db/schema/index.ts";
import type { Config, S3Config } from "../env.ts";
import { DatabaseStorage } from "./database-storage.ts";
import type { S3Storage } from "./s3-storage.ts";
import { sniffMediaType } from "./sniff-media-type.ts";
import {
  type ByteRange,
  type MediaStorage,
  MediaTooLargeError,
  type StorageKind,
  StorageUnavailableError,
} from "./storage.ts";

/** An object written and measured, not yet pointed at by a content row. */
export interface StoredObject {
  key: string;
  storage: StorageKind;
  size: number;
  sha256: string;
}

/** What a download needs to know of a content's media file. */
export interface MediaFileInfo {
  name: string;
  mimetype: string;
  size: number;
  sha256: string;
  storage: StorageKind;
  key: string;
}

/** An unattached object older than this was left by an upload or import that never finished. */
const ABANDONED_AFTER = "1 day";
const SWEEP_EVERY_MS = 10 * 60_000;

/** Enough of a file's first bytes to tell its type (sniff-media-type.ts). */
const HEAD_BYTES = 16;

/**
 * The first bytes of a stream, to type it by content before storing it, and
 * the whole stream again (those bytes put back in front).
 */
export async function sniffStream(
  body: Readable,
): Promise<{ mimetype: string | null; empty: boolean; body: Readable }> {
  const head: Buffer[] = [];
  let bytes = 0;
  while (bytes < HEAD_BYTES) {
    const piece = await new Promise<Buffer | null>((resolve, reject) => {
      const read = body.read() as Buffer | null;
      if (read !== null) return resolve(read);
      if (body.readableEnded) return resolve(null);
      const done = () => {
        body.off("readable", onReadable);
        body.off("end", onEnd);
        body.off("error", onError);
      };
      const onReadable = () => {
        done();
        resolve((body.read() as Buffer | null) ?? Buffer.alloc(0));
      };
      const onEnd = () => {
        done();
        resolve(null);
      };
      const onError = (error: Error) => {
        done();
        reject(error);
      };
      body.on("readable", onReadable);
      body.on("end", onEnd);
      body.on("error", onError);
    });
    if (piece === null) break;
    head.push(piece);
    bytes += piece.length;
  }
  const first = Buffer.concat(head);
  if (first.length) body.unshift(first);
  return { mimetype: sniffMediaType(first), empty: first.length === 0, body };
}

/**
 * The S3 storage, its SDK loaded at the first call: the SDK costs a process about 20 MB of memory, which
 * a store with its files in the database never spends, and one with S3 spends with its first file.
 */
function s3Storage(config: S3Config): MediaStorage & { destroy(): void } {
  let loaded: Promise<S3Storage> | null = null;
  const storage = () => {
    loaded ??= import("./s3-storage.ts").then(({ S3Storage }) => new S3Storage(config));
    return loaded;
  };
  return {
    kind: "s3",
    write: async (key, body, contentType) => (await storage()).write(key, body, contentType),
    read: async (key, range) => (await storage()).read(key, range),
    remove: async (key) => (await storage()).remove(key),
    downloadUrl: async (key, file) => (await storage()).downloadUrl(key, file),
    destroy: () => {
      loaded?.then((s3) => s3.destroy()).catch(() => {});
    },
  };
}

/**
 * The media files' bytes, in the storage the configuration chooses for new
 * files and in whichever storage older ones are (a migration may be half-way).
 * Objects are written first and attached to content rows in the caller's
 * transaction; the sweep removes what no row points at, so a content row
 * never points at missing bytes and a failed write leaves nothing behind.
 */
export class MediaStore {
  private sweeping: Promise<void> | null = null;
  private sweepAgain = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly drivers: Partial<Record<StorageKind, MediaStorage>>,
    /** Where new files go. */
    readonly current: StorageKind,
    /** The largest file accepted (MEDIA_MAX_MB). */
    readonly maxBytes: number,
    private readonly onError: (error: unknown, what: string) => void = () => {},
  ) {}

  static fromConfig(db: Db, media: Config["media"], onError?: (error: unknown, what: string) => void): MediaStore {
    const drivers: Partial<Record<StorageKind, MediaStorage>> = { local: new DatabaseStorage(db) };
    if (media.s3) drivers.s3 = s3Storage(media.s3);
    return new MediaStore(db, drivers, media.storage, media.maxBytes, onError);
  }

  /** The local storage alone, with the default limit: for tools that never see S3. */
  static local(db: Db, maxBytes = 200 * 1024 * 1024): MediaStore {
    return new MediaStore(db, { local: new DatabaseStorage(db) }, "local", maxBytes);
  }

  driver(kind: StorageKind): MediaStorage {
    const driver = this.drivers[kind];
    // Files left in a bucket that is no longer configured cannot be reached.
    if (!driver) throw new StorageUnavailableError(new Error(`media storage ${kind} is not configured`));
    return driver;
  }

  /**
   * Stores a stream as a new, unattached object in `storage` (default: the
   * configured one), counting and hashing it on the way. A stream past
   * maxBytes fails with MediaTooLargeError; a storage that fails gives
   * StorageUnavailableError. Either way nothing is left behind.
   */
  async put(body: Readable, mimetype: string, storage: StorageKind = this.current): Promise<StoredObject> {
    const driver = this.driver(storage);
    const key = randomUUID();
    try {
      await this.db.insert(mediaObjects).values({ key, storage });
    } catch (error) {
      body.destroy();
      throw new StorageUnavailableError(error);
    }
    const hash = createHash("sha256");
    let size = 0;
    const maxBytes = this.maxBytes;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > maxBytes) return done(new MediaTooLargeError(maxBytes));
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await driver.write(
        key,
        pipeline(body, meter, () => {}),
        mimetype,
      );
      if (meter.errored) throw meter.errored;
      const sha256 = hash.digest("hex");
      await this.db.update(mediaObjects).set({ size, sha256 }).where(eq(mediaObjects.key, key));
      return { key, storage, size, sha256 };
    } catch (error) {
      await this.discard([key]);
      const cause = meter.errored ?? body.errored ?? error;
      if (cause instanceof MediaTooLargeError || cause instanceof StorageUnavailableError) throw cause;
      // The client went away mid-upload: its own error, not the storage's.
      if (body.errored) throw body.errored;
      throw new StorageUnavailableError(error);
    }
  }

  /** Marks objects as pointed at by content rows, in the transaction that writes those rows. */
  async attach(tx: DbOrTx, keys: string[]): Promise<void> {
    if (keys.length) await tx.update(mediaObjects).set({ attached: true }).where(inArray(mediaObjects.key, keys));
  }

  /** Removes objects written for a change that did not happen; what fails here the sweep retries later. */
  async discard(keys: string[]): Promise<void> {
    for (const key of keys) {
      try {
        const [row] = await this.db
          .select({ storage: mediaObjects.storage })
          .from(mediaObjects)
          .where(and(eq(mediaObjects.key, key), eq(mediaObjects.attached, false)));
        if (!row) continue;
        await this.drivers[row.storage as StorageKind]?.remove(key);
        await this.db.delete(mediaObjects).where(and(eq(mediaObjects.key, key), eq(mediaObjects.attached, false)));
      } catch (error) {
        this.onError(error, "discarding an unfinished media file");
      }
    }
  }

  /** A content's media file, for a download; null when there is no such media. */
  async describe(mediaId: number): Promise<MediaFileInfo | null> {
    const [row] = await this.db
      .select({
        name: contentMedia.name,
        mimetype: contentMedia.mimetype,
        size: contentMedia.size,
        key: contentMedia.storageKey,
        storage: mediaObjects.storage,
        sha256: mediaObjects.sha256,
      })
      .from(contentMedia)
      .innerJoin(mediaObjects, eq(mediaObjects.key, contentMedia.storageKey))
      .where(eq(contentMedia.id, mediaId));
    if (!row) return null;
    return { ...row, storage: row.storage as StorageKind, sha256: row.sha256 ?? "" };
  }

  /** The bytes of `range` of a stored object (null: an empty file). */
  read(file: { storage: StorageKind; key: string }, range: ByteRange | null): Promise<Readable> {
    return this.driver(file.storage).read(file.key, range);
  }

  /** The whole object, for exports and migrations. */
  readAll(file: { storage: StorageKind; key: string; size: number }): Promise<Readable> {
    return this.read(file, file.size > 0 ? { start: 0, end: file.size - 1 } : null);
  }

  /**
   * Removes objects nothing points at any more (deleted media, replaced by an
   * import, moved by a migration), and those an unfinished write left a day ago.
   */
  async sweep(): Promise<number> {
    let removed = 0;
    for (;;) {
      const dead = await this.db
        .select({ key: mediaObjects.key, storage: mediaObjects.storage })
        .from(mediaObjects)
        .where(
          sql`not exists (select 1 from ${contentMedia} where ${contentMedia.storageKey} = ${mediaObjects.key})
            and (${mediaObjects.attached} or ${mediaObjects.createdAt} < now() - ${ABANDONED_AFTER}::interval)`,
        )
        .limit(100);
      let progress = false;
      for (const object of dead) {
        const driver = this.drivers[object.storage as StorageKind];
        if (!driver) continue;
        // Bytes first, then the row: a failure leaves the row for the next sweep, never unlisted bytes.
        await driver.remove(object.key);
        await this.db.delete(mediaObjects).where(eq(mediaObjects.key, object.key));
        removed++;
        progress = true;
      }
      if (dead.length < 100 || !progress) return removed;
    }
  }

  /** Runs a sweep in the background now (one at a time; a request during one runs another after it). */
  sweepSoon(): void {
    if (this.sweeping) {
      this.sweepAgain = true;
      return;
    }
    this.sweeping = this.sweep()
      .then(
        () => {},
        (error: unknown) => this.onError(error, "removing deleted media files"),
      )
      .finally(() => {
        this.sweeping = null;
        if (this.sweepAgain) {
          this.sweepAgain = false;
          this.sweepSoon();
        }
      });
  }

  /** Waits for the sweep in progress, if any (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.sweeping) await this.sweeping;
  }

  start(): void {
    this.timer = setInterval(() => this.sweepSoon(), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.sweepAgain = false;
    await this.settled();
    for (const driver of Object.values(this.drivers)) (driver as { destroy?: () => void }).destroy?.();
  }
}

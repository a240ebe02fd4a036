import { createHash } from "node:crypto";
import { and, asc, eq, gt, ne } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { contentMedia, mediaObjects } from "../db/schema/index.ts";
import type { MediaStore } from "./media-store.ts";
import type { StorageKind } from "./storage.ts";

export interface MigrateTally {
  moved: number;
  bytes: number;
  /** Files still in another storage (a limit was reached). */
  remaining: number;
  /** Old copies removed once nothing pointed at them. */
  removed: number;
}

/** A file whose copy did not read back as the original: the original stays in use. */
export class MediaVerifyError extends Error {}

/**
 * Moves every media file into the storage `to`, one at a time: copy (streamed),
 * read the copy back and compare its size and SHA-256 with the original's,
 * then point the content row at the copy in a transaction. Originals are
 * removed only after that, by the sweep. Stopping at any moment loses
 * nothing: the rows not yet switched still point at their originals, and
 * running it again carries on with them (an unfinished copy is swept later).
 */
export async function migrateMedia(options: {
  db: Db;
  media: MediaStore;
  to: StorageKind;
  /** Stop after this many files (the rest stay where they are). */
  limit?: number;
  progress?: (line: string) => void;
}): Promise<MigrateTally> {
  const { db, media, to } = options;
  const tally: MigrateTally = { moved: 0, bytes: 0, remaining: 0, removed: 0 };
  let after = 0;
  const pending = () =>
    db
      .select({
        id: contentMedia.id,
        name: contentMedia.name,
        mimetype: contentMedia.mimetype,
        key: contentMedia.storageKey,
        storage: mediaObjects.storage,
        size: mediaObjects.size,
        sha256: mediaObjects.sha256,
      })
      .from(contentMedia)
      .innerJoin(mediaObjects, eq(mediaObjects.key, contentMedia.storageKey))
      .where(and(ne(mediaObjects.storage, to), gt(contentMedia.id, after)))
      .orderBy(asc(contentMedia.id))
      .limit(50);
  // Refuses at once when the destination is not configured.
  media.driver(to);
  for (;;) {
    const rows = await pending();
    if (rows.length === 0) break;
    for (const row of rows) {
      after = row.id;
      if (options.limit !== undefined && tally.moved >= options.limit) {
        tally.remaining++;
        continue;
      }
      const source = { storage: row.storage as StorageKind, key: row.key, size: row.size ?? 0 };
      const copy = await media.put(await media.readAll(source), row.mimetype, to);
      try {
        if (copy.size !== source.size || (row.sha256 && copy.sha256 !== row.sha256)) {
          throw new MediaVerifyError(`media ${row.id} (${row.name}) did not read back as stored: left where it is`);
        }
        const hash = createHash("sha256");
        let size = 0;
        for await (const chunk of (await media.readAll(copy)) as AsyncIterable<Buffer>) {
          hash.update(chunk);
          size += chunk.length;
        }
        if (size !== copy.size || hash.digest("hex") !== copy.sha256) {
          throw new MediaVerifyError(`media ${row.id} (${row.name}): its copy in ${to} differs: left where it is`);
        }
        const switched = await db.transaction(async (tx) => {
          const done = await tx
            .update(contentMedia)
            .set({ storageKey: copy.key })
            .where(and(eq(contentMedia.id, row.id), eq(contentMedia.storageKey, row.key)))
            .returning({ id: contentMedia.id });
          if (done.length) await media.attach(tx, [copy.key]);
          return done.length > 0;
        });
        // Deleted or replaced meanwhile: the copy is not needed.
        if (!switched) await media.discard([copy.key]);
        else {
          tally.moved++;
          tally.bytes += copy.size;
          options.progress?.(`moved media ${row.id} (${row.name}, ${copy.size} bytes) to ${to}`);
        }
      } catch (error) {
        await media.discard([copy.key]);
        throw error;
      }
    }
  }
  tally.removed = await media.sweep();
  return tally;
}

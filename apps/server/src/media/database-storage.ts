import { Readable } from "node:stream";
import type { PGlite } from "@electric-sql/pglite";
import { and, asc, between, eq, sql } from "drizzle-orm";
import pg from "pg";
import type { Db } from "../db/client.ts";
import { mediaChunks } from "../db/schema/index.ts";
import { type ByteRange, MediaMissingError, type MediaStorage, StorageUnavailableError } from "./storage.ts";

/** The size of every chunk but a file's last (the SQL migration 0006 cuts existing files the same way). */
export const MEDIA_CHUNK_BYTES = 256 * 1024;
/**
 * Chunks fetched per query while reading. From PostgreSQL, 1 MiB: little memory and few round trips.
 * PGlite runs every query in turn on the server's thread, so a download's first query waits behind the
 * reads of the downloads already under way: there, one chunk a query, so that the wait is for 256 KiB
 * each, not 1 MiB.
 */
const CHUNKS_PER_READ = { server: 4, embedded: 1 };
/** Chunks fetched before answering: one, so the first byte waits for 256 KiB, not 1 MiB. */
const CHUNKS_FIRST_READ = 1;

/** A chunk's row, its bytes read from the query's blob (PGlite's /dev/blob). */
const CHUNK_FROM_BLOB = "insert into media_chunks (key, seq, data) values ($1, $2, pg_read_binary_file('/dev/blob'))";

/** Cuts a stream into pieces of exactly `size` bytes (the last one shorter), holding at most one piece. */
async function* fixedChunks(
  body: AsyncIterable<Buffer | Uint8Array>,
  size: number,
): AsyncGenerator<Buffer<ArrayBuffer>> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const piece of body) {
    let rest = Buffer.isBuffer(piece) ? piece : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    while (pendingBytes + rest.length >= size) {
      const take = size - pendingBytes;
      pending.push(rest.subarray(0, take));
      yield Buffer.concat(pending, size);
      rest = rest.subarray(take);
      pending = [];
      pendingBytes = 0;
    }
    if (rest.length) {
      // A copy: the source may reuse its buffer once we ask for the next piece.
      pending.push(Buffer.from(rest));
      pendingBytes += rest.length;
    }
  }
  if (pendingBytes) yield Buffer.concat(pending, pendingBytes);
}

/**
 * The chunk as PGlite's /dev/blob takes it: PGlite only asks a query's blob for its bytes
 * (`arrayBuffer()`), so the chunk's own memory is handed over, where a Blob would copy it twice
 * (into the Blob, then out of it) for every 256 KiB of every file imported or uploaded.
 */
function blobOf(data: Buffer<ArrayBuffer>): Blob {
  const whole = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength;
  const bytes = whole ? data.buffer : data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
  return { arrayBuffer: async () => bytes } as Blob;
}

/**
 * The default storage: the bytes are rows of media_chunks in the store's own
 * database (the embedded one in DATA_DIR, or PostgreSQL), written and read one
 * chunk at a time, so instances sharing a PostgreSQL serve every file.
 */
export class DatabaseStorage implements MediaStorage {
  readonly kind = "local" as const;

  /** Whether the database is PostgreSQL (node-postgres) rather than the embedded PGlite. */
  private readonly server: boolean;

  /** The embedded database's own client, for what drizzle cannot say (a query's /dev/blob). */
  private readonly pglite: PGlite;

  constructor(private readonly db: Db) {
    const client = (db as unknown as { $client: unknown }).$client;
    this.server = client instanceof pg.Pool;
    this.pglite = client as PGlite;
  }

  async write(key: string, body: Readable): Promise<void> {
    let seq = 0;
    for await (const data of fixedChunks(body, MEDIA_CHUNK_BYTES)) {
      if (this.server) {
        // node-postgres sends a Buffer as a binary parameter, as it is.
        await this.db.insert(mediaChunks).values({ key, seq: seq++, data });
      } else {
        // PGlite would write a bytea parameter as hex text a byte at a time; as base64 text each chunk would be
        // a string of 350 KB, garbage the JavaScript heap grows for. Its /dev/blob hands the bytes over as they are.
        await this.pglite.query(CHUNK_FROM_BLOB, [key, seq++], { blob: blobOf(data) });
      }
    }
  }

  async read(key: string, range: ByteRange | null): Promise<Readable> {
    if (!range) return Readable.from([]);
    const { start, end } = range;
    const first = Math.floor(start / MEDIA_CHUNK_BYTES);
    const last = Math.floor(end / MEDIA_CHUNK_BYTES);
    const perRead = this.server ? CHUNKS_PER_READ.server : CHUNKS_PER_READ.embedded;
    const fetch = (from: number, count = perRead) => this.chunks(key, from, Math.min(from + count - 1, last));
    // The first batch is read before answering, so a database that is down gives 503, not a cut-off body.
    let batch: Awaited<ReturnType<typeof fetch>>;
    try {
      batch = await fetch(first, CHUNKS_FIRST_READ);
    } catch (error) {
      throw new StorageUnavailableError(error);
    }
    async function* bytes(): AsyncGenerator<Buffer> {
      let seq = first;
      while (seq <= last) {
        if (batch.length === 0) throw new MediaMissingError(`media ${key}: chunk ${seq} is missing`);
        for (const row of batch) {
          if (row.seq !== seq) throw new MediaMissingError(`media ${key}: chunk ${seq} is missing`);
          const data = row.data;
          const offset = seq * MEDIA_CHUNK_BYTES;
          const from = Math.max(start - offset, 0);
          const to = Math.min(end - offset + 1, data.length);
          yield data.subarray(from, to);
          seq++;
        }
        if (seq > last) break;
        // Lets the other requests' queries and I/O in between (PGlite runs each query on this thread).
        await new Promise((resolve) => setImmediate(resolve));
        batch = await fetch(seq);
      }
    }
    return Readable.from(bytes(), { objectMode: false, highWaterMark: MEDIA_CHUNK_BYTES });
  }

  /**
   * Chunks from..to of an object, in order. PGlite hands a bytea over as text
   * it then parses byte by byte in JavaScript, some ten times slower than
   * base64 text decoded natively; node-postgres parses bytea natively already.
   */
  private async chunks(key: string, from: number, to: number): Promise<{ seq: number; data: Buffer }[]> {
    const range = and(eq(mediaChunks.key, key), between(mediaChunks.seq, from, to));
    if (this.server) {
      return this.db
        .select({ seq: mediaChunks.seq, data: mediaChunks.data })
        .from(mediaChunks)
        .where(range)
        .orderBy(asc(mediaChunks.seq));
    }
    const rows = await this.db
      .select({ seq: mediaChunks.seq, base64: sql<string>`encode(${mediaChunks.data}, 'base64')` })
      .from(mediaChunks)
      .where(range)
      .orderBy(asc(mediaChunks.seq));
    return rows.map((row) => ({ seq: row.seq, data: Buffer.from(row.base64, "base64") }));
  }

  async remove(key: string): Promise<void> {
    await this.db.delete(mediaChunks).where(eq(mediaChunks.key, key));
  }
}

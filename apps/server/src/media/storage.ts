import type { Readable } from "node:stream";

export type StorageKind = "local" | "s3";

/** Bytes start..end of a file, both included (as in an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where media bytes are kept. A driver only moves bytes: which objects exist,
 * their sizes and hashes, and who points at them are rows of media_objects,
 * kept by MediaStore (media-store.ts). Nothing here holds a whole file in memory.
 */
export interface MediaStorage {
  readonly kind: StorageKind;
  /** Stores the stream's bytes under a new key; resolves once every byte is stored. */
  write(key: string, body: Readable, contentType: string): Promise<void>;
  /** The bytes of `range` (null: an empty file) as a stream. */
  read(key: string, range: ByteRange | null): Promise<Readable>;
  /** Removes the bytes; a key that is already gone is not an error. */
  remove(key: string): Promise<void>;
  /**
   * A short-lived URL where the client fetches the bytes itself (ranges and
   * all), or undefined when the store serves them.
   */
  downloadUrl?(key: string, file: { filename: string; mimetype: string }): Promise<string>;
}

/** The storage backend did not answer: a retry later may work, and nothing was written. */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super("media storage unavailable", { cause });
  }
}

/** A file larger than MEDIA_MAX_MB. */
export class MediaTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`media file larger than ${maxBytes} bytes`);
  }
}

/** A stored object whose bytes are missing or short: the storage lost them. */
export class MediaMissingError extends Error {}

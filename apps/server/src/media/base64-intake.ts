import { once } from "node:events";
import { PassThrough, pipeline, Transform } from "node:stream";
import { type MediaStore, type StoredObject, sniffStream } from "./media-store.ts";
import { MediaTooLargeError } from "./storage.ts";

/** What became of one media file's base64 text. */
export type IntakeResult =
  | { kind: "stored"; mimetype: string; object: StoredObject }
  /** No bytes at all. */
  | { kind: "empty" }
  /** Bytes that are no image or PDF the store knows: not stored. */
  | { kind: "untyped" }
  | { kind: "too-large" };

/**
 * Base64 text to bytes, piece by piece: characters outside the alphabet
 * (line breaks, padding) are dropped, as Buffer.from(text, "base64") drops
 * them, and an incomplete group of four waits for the next piece.
 */
function base64Decoder(): Transform {
  let carry = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const text = carry + chunk.toString("latin1").replace(/[^A-Za-z0-9+/_-]/g, "");
      const whole = text.length - (text.length % 4);
      carry = text.slice(whole);
      done(null, whole ? Buffer.from(text.slice(0, whole), "base64") : undefined);
    },
    flush(done) {
      done(null, carry ? Buffer.from(carry, "base64") : undefined);
    },
  });
}

/**
 * One media file arriving as base64 text (from a catalogue file being read),
 * decoded and written to the media storage as it arrives: typed by its first
 * bytes, stored unattached, never whole in memory. `write` waits while the
 * storage is behind, so the reader goes no faster than the storage.
 */
export class Base64Intake {
  private readonly text = new PassThrough();
  private finished = false;
  readonly result: Promise<IntakeResult>;

  constructor(store: MediaStore) {
    const bytes = base64Decoder();
    pipeline(this.text, bytes, () => {});
    this.result = (async (): Promise<IntakeResult> => {
      const sniffed = await sniffStream(bytes);
      if (sniffed.empty) return { kind: "empty" };
      if (!sniffed.mimetype) {
        sniffed.body.destroy();
        return { kind: "untyped" };
      }
      try {
        return { kind: "stored", mimetype: sniffed.mimetype, object: await store.put(sniffed.body, sniffed.mimetype) };
      } catch (error) {
        if (error instanceof MediaTooLargeError) return { kind: "too-large" };
        throw error;
      }
    })().finally(() => {
      // Whatever still arrives for a file that is settled is dropped, not buffered.
      this.finished = true;
      this.text.destroy();
    });
    // Awaited by the reader; this only keeps an early failure from counting as unhandled meanwhile.
    this.result.catch(() => {});
  }

  async write(piece: Buffer): Promise<void> {
    if (this.finished || this.text.write(piece)) return;
    await Promise.race([once(this.text, "drain"), this.result]);
  }

  /** The text is complete: resolves once the bytes are stored (or refused). */
  end(): Promise<IntakeResult> {
    if (!this.finished) this.text.end();
    return this.result;
  }

  /**
   * The file will not be complete (the reading failed): the storage stops waiting for
   * more bytes and removes what it wrote. Resolves once it has; a file already stored is
   * left to the caller.
   */
  async abort(): Promise<void> {
    if (!this.finished) this.text.destroy(new Error("the catalogue file was not read to its end"));
    await this.result.catch(() => {});
  }
}

import { MAX_ID } from "@skillshelf/shared/ids.ts";
import { PAGING_MESSAGES } from "@skillshelf/shared/paging.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../lib/app-error.ts";
import type { Clock } from "../lib/clock.ts";
import { StoreSignatures } from "../lib/store-key.ts";

/** How long a page link keeps working: long enough for a session of browsing, short enough to go stale. */
const CURSOR_TTL_SECONDS = 24 * 60 * 60;

/** A position in a list ordered by (created_at, id): the timestamp in microseconds, as PostgreSQL keeps it. */
export interface ListKey {
  atMicros: string;
  id: number;
}

export interface Cursor extends ListKey {
  /** "after": the older rows past the key (next page); "before": the newer rows (previous page). */
  direction: "after" | "before";
}

const PAYLOAD = /^([ab])(\d{1,17})\.(\d{1,10})\.(\d{1,12})$/;

/**
 * Opaque, signed page cursors. Each is bound by its HMAC to one list and one
 * scope (the learner, or the admin search term), so a cursor that was edited,
 * or that belongs to another list, learner or search, is refused; so is one
 * older than CURSOR_TTL_SECONDS. Every refusal is a 422 with a message that
 * says to start again from the first page.
 */
export class PageCursors {
  constructor(
    private readonly signatures: StoreSignatures,
    private readonly clock: Clock,
  ) {}

  static async load(db: Db, clock: Clock): Promise<PageCursors> {
    return new PageCursors(await StoreSignatures.load(db, "page_cursor_key"), clock);
  }

  encode(list: string, scope: string, cursor: Cursor): string {
    const expires = Math.floor(this.clock().getTime() / 1000) + CURSOR_TTL_SECONDS;
    const payload = `${cursor.direction === "after" ? "a" : "b"}${cursor.atMicros}.${cursor.id}.${expires}`;
    return `${Buffer.from(payload).toString("base64url")}.${this.signatures.sign(signed(list, scope, payload))}`;
  }

  decode(list: string, scope: string, token: string): Cursor {
    const [encoded, mac, ...rest] = token.split(".");
    const malformed = () =>
      new AppError("invalid", PAGING_MESSAGES.cursorMalformed, { cursor: PAGING_MESSAGES.cursorMalformed });
    if (!encoded || !mac || rest.length > 0 || !/^[\w-]+$/.test(encoded)) throw malformed();
    const payload = Buffer.from(encoded, "base64url").toString("latin1");
    const match = PAYLOAD.exec(payload);
    if (!match) throw malformed();
    const [, direction, atMicros, id, expires] = match as unknown as [string, string, string, string, string];
    if (Number(id) > MAX_ID) throw malformed();
    if (!this.signatures.verify(signed(list, scope, payload), mac)) {
      throw new AppError("invalid", PAGING_MESSAGES.cursorForged, { cursor: PAGING_MESSAGES.cursorForged });
    }
    if (Number(expires) * 1000 < this.clock().getTime()) {
      throw new AppError("invalid", PAGING_MESSAGES.cursorExpired, { cursor: PAGING_MESSAGES.cursorExpired });
    }
    return { direction: direction === "a" ? "after" : "before", atMicros, id: Number(id) };
  }
}

/** What a cursor's signature covers: its list and scope with its payload. */
const signed = (list: string, scope: string, payload: string) => `${list}\n${scope}\n${payload}`;

/** A microsecond timestamp as the ISO text PostgreSQL reads back exactly. */
export function microsToIso(atMicros: string): string {
  const micros = BigInt(atMicros);
  const iso = new Date(Number(micros / 1000n)).toISOString();
  return `${iso.slice(0, 23)}${String(micros % 1000n).padStart(3, "0")}Z`;
}

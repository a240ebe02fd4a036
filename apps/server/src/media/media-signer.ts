import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { appSettings } from "../db/schema/index.ts";

/** How long a media URL handed out with a content page stays valid, at least. */
const MEDIA_URL_TTL_SECONDS = 15 * 60;
/**
 * URLs expire at the end of a window of this length (so they stay valid 15 to 20 minutes): a page rendered
 * again within one carries the same URLs, so a visitor's kept article keeps its bytes, its ETag and its
 * compressed copies across the page cache's renewals (each minute), and browsers and proxies get 304s.
 */
const MEDIA_URL_WINDOW_SECONDS = 5 * 60;

/**
 * Signs short-lived media URLs for one viewer. The key is kept in the database
 * so that every instance behind a load balancer accepts the others' URLs.
 */
export class MediaSigner {
  constructor(
    private readonly key: Buffer,
    private readonly now: () => number = Date.now,
  ) {}

  static async load(db: Db, now?: () => number): Promise<MediaSigner> {
    await db
      .insert(appSettings)
      .values({ key: "media_signing_key", value: randomBytes(32).toString("base64") })
      .onConflictDoNothing();
    const [row] = await db
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(sql`${appSettings.key} = 'media_signing_key'`);
    if (!row) throw new Error("media signing key missing");
    return new MediaSigner(Buffer.from(row.value, "base64"), now);
  }

  url(mediaId: number, userId: number): string {
    const expires =
      Math.ceil((this.now() / 1000 + MEDIA_URL_TTL_SECONDS) / MEDIA_URL_WINDOW_SECONDS) * MEDIA_URL_WINDOW_SECONDS;
    return `/media/${mediaId}?expires=${expires}&signature=${this.sign(mediaId, userId, expires)}`;
  }

  verify(mediaId: number, userId: number, expires: number, signature: string): boolean {
    if (!Number.isInteger(expires) || expires * 1000 < this.now()) return false;
    const expected = Buffer.from(this.sign(mediaId, userId, expires));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private sign(mediaId: number, userId: number, expires: number): string {
    return createHmac("sha256", this.key).update(`${mediaId}:${userId}:${expires}`).digest("base64url");
  }
}

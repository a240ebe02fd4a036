import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { appSettings } from "../db/schema/index.ts";

/**
 * A 256-bit secret kept in the database under `name`, created by the first
 * instance that asks: every instance on one database signs and checks alike.
 */
export async function loadStoreKey(db: Db, name: string): Promise<Buffer> {
  await db
    .insert(appSettings)
    .values({ key: name, value: randomBytes(32).toString("base64") })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, name));
  if (!row) throw new Error(`store key ${name} missing`);
  return Buffer.from(row.value, "base64");
}

/**
 * Signatures with a store key (loadStoreKey): a 128-bit HMAC-SHA256 of the
 * message, base64url, checked in constant time. What the page cursors and the
 * unsubscribe links carry.
 */
export class StoreSignatures {
  constructor(private readonly key: Buffer) {}

  static async load(db: Db, name: string): Promise<StoreSignatures> {
    return new StoreSignatures(await loadStoreKey(db, name));
  }

  sign(message: string): string {
    return createHmac("sha256", this.key).update(message).digest().subarray(0, 16).toString("base64url");
  }

  /** Whether `signature` is the message's. */
  verify(message: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(message));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

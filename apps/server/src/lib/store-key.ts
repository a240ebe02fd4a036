import { randomBytes } from "node:crypto";
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

import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { emulatorRecords } from "../db/schema/index.ts";

/**
 * An emulator's state row (sessions, orders, tokens, transmissions), kept in
 * the database so it survives a restart the way a provider's records would.
 */
export async function readEmulatorRecord<T>(db: DbOrTx, provider: string, id: string, forUpdate = false) {
  const where = and(eq(emulatorRecords.provider, provider), eq(emulatorRecords.id, id));
  const query = db.select({ data: emulatorRecords.data }).from(emulatorRecords).where(where);
  const [row] = forUpdate ? await query.for("update") : await query;
  return (row?.data as T | undefined) ?? null;
}

export async function writeEmulatorRecord(db: DbOrTx, provider: string, id: string, data: object): Promise<void> {
  const value = data as Record<string, unknown>;
  await db
    .insert(emulatorRecords)
    .values({ provider, id, data: value })
    .onConflictDoUpdate({
      target: [emulatorRecords.provider, emulatorRecords.id],
      set: { data: value, updatedAt: new Date() },
    });
}

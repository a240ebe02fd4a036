import { type VolumeTier, volumeTiersSchema } from "@skillshelf/shared/teams.ts";
import { eq } from "drizzle-orm";
import { auditChange } from "../audit/audit-trail.ts";
import type { DbOrTx } from "../db/client.ts";
import { appSettings } from "../db/schema/index.ts";

const KEY = "team_volume_tiers";

/** The operator's volume discount tiers for team seats, fewest seats first; none (no discount) until one is set. */
export async function readVolumeTiers(db: DbOrTx): Promise<VolumeTier[]> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, KEY));
  if (!row) return [];
  const parsed = volumeTiersSchema.safeParse({ tiers: JSON.parse(row.value) });
  return parsed.success ? parsed.data.tiers : [];
}

/** Sets the tiers (already checked by volumeTiersSchema): carts are priced with them from now on. */
export async function saveVolumeTiers(db: DbOrTx, tiers: VolumeTier[], now: Date): Promise<VolumeTier[]> {
  // An operator's change: the audit row says what the tiers were and became.
  auditChange({ before: { tiers: await readVolumeTiers(db) }, after: { tiers } });
  const value = JSON.stringify(tiers);
  await db
    .insert(appSettings)
    .values({ key: KEY, value, updatedAt: now })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: now } });
  return tiers;
}

import { getTableName } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { LEARNER_TABLES, rowsOf } from "./registry.ts";

/** What the file says it is: a reader can tell the versions apart. */
const EXPORT_FORMAT = "skillshelf-learner-data/1";

/** Rows read at a time: however much a learner has, the export holds a batch in memory. */
const BATCH = 500;

/**
 * "Download my data": every listed table's rows of the learner (registry.ts), as one JSON
 * document written a piece at a time: `{ format, exported_at, user_id, tables: { name: [rows] } }`.
 */
export async function* exportLearnerData(db: DbOrTx, userId: number, now: Date): AsyncGenerator<string> {
  yield `{"format":${JSON.stringify(EXPORT_FORMAT)},"exported_at":${JSON.stringify(now.toISOString())},"user_id":${userId},"tables":{`;
  let firstTable = true;
  for (const entry of LEARNER_TABLES) {
    if (!entry.exported) continue;
    yield `${firstTable ? "" : ","}${JSON.stringify(getTableName(entry.table))}:[`;
    firstTable = false;
    let first = true;
    for (let offset = 0; ; offset += BATCH) {
      const query = db
        .select(entry.exported)
        .from(entry.table)
        .where(rowsOf(entry, userId))
        .orderBy(...(entry.orderBy ?? []))
        .limit(BATCH)
        .offset(offset);
      let rows = (await query) as Record<string, unknown>[];
      if (entry.expand) rows = await entry.expand(db, rows);
      for (const row of rows) {
        yield `${first ? "" : ","}${JSON.stringify(row)}`;
        first = false;
      }
      if (rows.length < BATCH) break;
    }
    yield "]";
  }
  yield "}}";
}

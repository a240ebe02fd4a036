// Run by global-setup.ts before the store starts (the embedded database serves one process): 25 learners
// tagged "Pager", each with one paid order, so that the admin learners and orders lists searched for "pager"
// run to two pages. Registering them through the API would take 25 sign-ups, past the per-address limit,
// and 25 card payments; the lists' paging, not the sign-up, is what the e2e test looks at.
import { openDatabase } from "../../apps/server/src/db/client.ts";
import { insertLearners, insertOrders } from "../../apps/server/test/helpers/history.ts";

export const PAGER_TAG = "Pager";
export const PAGER_LEARNERS = 25;

if (process.argv[1] === import.meta.filename) {
  const database = await openDatabase({ dataDir: process.env.DATA_DIR ?? "" });
  try {
    const learners = await insertLearners(database.db, {
      count: PAGER_LEARNERS,
      tag: PAGER_TAG,
      start: new Date("2025-01-01T00:00:00Z"),
    });
    await insertOrders(database.db, {
      users: learners,
      perUser: 1,
      tag: PAGER_TAG.toLowerCase(),
      start: new Date("2025-02-01T00:00:00Z"),
    });
  } finally {
    await database.close();
  }
}

import type { DbOrTx } from "./client.ts";

/**
 * A query built and prepared once per database handle, for those that run on every
 * signed-in page: drizzle does not build its SQL again, and PostgreSQL keeps it as a
 * named statement on each connection, planned once. Its inputs are `sql.placeholder`s.
 */
export function preparedPerDb<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const prepared = new WeakMap<DbOrTx, T>();
  return (db) => {
    let query = prepared.get(db);
    if (query === undefined) {
      query = build(db);
      prepared.set(db, query);
    }
    return query;
  };
}

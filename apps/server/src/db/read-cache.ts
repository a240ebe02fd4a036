import type { PGlite } from "@electric-sql/pglite";

/**
 * The embedded database belongs to this process alone (data-dir-lock.ts), so every write
 * to it passes through its client, and a read can be kept until the next one. The client
 * given here counts writes: a query that is not a SELECT, and a call of any other of its
 * methods (exec, a transaction), moves the generation on when it starts and when it ends,
 * so a read that overlapped a write is never kept past it. (A SELECT whose functions
 * write would not count: the store has none.)
 */
export function countingWrites(client: PGlite): { client: PGlite; generation: () => number } {
  let generation = 0;
  const written = () => {
    generation++;
  };
  const wrapped = new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (property === "query" && typeof args[0] === "string" && READ.test(args[0])) return value.apply(target, args);
        written();
        const result = value.apply(target, args);
        if (result instanceof Promise) return result.finally(written);
        written();
        return result;
      };
    },
  });
  return { client: wrapped, generation: () => generation };
}

const READ = /^\s*select\b/i;

/**
 * The write generation of each database handle (client.ts's Db; any object, so this module needs
 * nothing of the client's) whose writes are all counted; not a transaction's.
 */
const generations = new WeakMap<object, () => number>();

/** Lets readCache keep this handle's reads until `generation` moves on (countingWrites). */
export function keepReadsUntilWrites(db: object, generation: () => number): void {
  generations.set(db, generation);
}

/**
 * Reads kept by key until the database is next written to, the `max` most recently used:
 * for the few that every signed-in page makes (its session, what it owns of the page).
 * Only on a handle keepReadsUntilWrites registered, the embedded database's: on
 * PostgreSQL other instances write too, and a transaction reads its own writes, so
 * those read every time. Requests that ask at once share one read.
 */
export function readCache<V>(max: number): (db: object, key: string, read: () => Promise<V>) => Promise<V> {
  const kept = new Map<string, { generation: number; value: Promise<V> }>();
  return (db, key, read) => {
    const generation = generations.get(db)?.();
    if (generation === undefined) return read();
    const entry = kept.get(key);
    kept.delete(key);
    if (entry?.generation === generation) {
      kept.set(key, entry);
      return entry.value;
    }
    const value = read();
    kept.set(key, { generation, value });
    if (kept.size > max) kept.delete(kept.keys().next().value as string);
    // A failed read is not kept.
    value.catch(() => {
      if (kept.get(key)?.value === value) kept.delete(key);
    });
    return value;
  };
}

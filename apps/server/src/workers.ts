import cluster, { type Worker } from "node:cluster";

/*
 * One Node process renders pages on one core. On PostgreSQL the store runs
 * several processes on one port (node:cluster): the primary only accepts
 * connections and hands them round, each worker is a whole store (server.ts)
 * as several instances are (README: several instances). The embedded
 * database is held by one process, so there the store is one process.
 */

/** Restarts allowed within RESTART_WINDOW_MS before the primary gives up: a worker that keeps dying is a fault. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;

/**
 * In the primary of a store of `count` processes: forks the workers and
 * supervises them, and returns true; the caller does nothing else. In a
 * worker, or for one process, returns false: the caller serves.
 *
 * - The first worker starts alone, so migrations and the demo seed run once
 *   before the others; if a worker fails before it listens (bad
 *   configuration, database unreachable), the store stops and exits 1.
 * - SIGINT and SIGTERM go on to every worker, which closes gracefully
 *   (shutdown.ts, repeats included); the primary exits once they all have:
 *   0 if each closed cleanly, 1 otherwise.
 * - A worker that dies while serving is replaced, unless that has happened
 *   MAX_RESTARTS times within a minute; then the store stops with 1.
 * - A worker whose primary is gone closes itself (nothing hands it
 *   connections any more).
 */
export function superviseWorkers(
  count: number,
  options: { onReady?: () => void; env?: Record<string, string> } = {},
): boolean {
  if (!cluster.isPrimary) {
    cluster.worker?.on("disconnect", () => process.kill(process.pid, "SIGTERM"));
    return false;
  }
  if (count <= 1) return false;

  const alive = new Set<Worker>();
  const listening = new Set<Worker>();
  const restarts: number[] = [];
  let stopping = false;
  let failed = false;
  let ready = false;
  let forkedTheRest = false;

  const exitOnceAllGone = () => {
    if (alive.size === 0) process.exit(failed ? 1 : 0);
  };
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of alive) worker.process.kill(signal);
    exitOnceAllGone();
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));

  const fork = () => {
    const worker = cluster.fork(options.env);
    alive.add(worker);
    worker.once("listening", () => {
      listening.add(worker);
      if (!forkedTheRest) {
        forkedTheRest = true;
        for (let i = 1; i < count; i++) fork();
      }
      if (listening.size === count && !ready) {
        ready = true;
        options.onReady?.();
      }
    });
    worker.once("exit", (code, signal) => {
      alive.delete(worker);
      const served = listening.delete(worker);
      const how = signal ?? `exit code ${code}`;
      if (stopping) {
        // One still starting has nothing to lose, and the forwarded signal may end it before its handlers exist.
        if (served ? code !== 0 || signal : code !== 0 && !signal) failed = true;
        exitOnceAllGone();
      } else if (!served) {
        // It could not start (configuration, database): the others would fail the same way.
        console.error(`A store process exited before it served (${how}): stopping`);
        failed = true;
        stop("SIGTERM");
      } else {
        const now = Date.now();
        restarts.push(now);
        while ((restarts[0] ?? now) < now - RESTART_WINDOW_MS) restarts.shift();
        if (restarts.length > MAX_RESTARTS) {
          console.error(`Store processes exited ${restarts.length} times within a minute (${how}): stopping`);
          failed = true;
          stop("SIGTERM");
        } else {
          console.error(`A store process exited (${how}): starting another`);
          fork();
        }
      }
    });
  };
  fork();
  return true;
}

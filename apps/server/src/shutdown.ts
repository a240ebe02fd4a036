import closeWithGrace from "close-with-grace";
import type { FastifyInstance } from "fastify";
import type { Database } from "./db/client.ts";

/**
 * npm forwards the SIGINT or SIGTERM it gets to the server, so a signal sent to
 * the whole process group (Ctrl-C in a terminal, `kill -- -PGID`, some
 * supervisors) arrives twice, milliseconds apart. A repeat within this window
 * is that copy, not an operator insisting.
 */
const REPEAT_WINDOW_MS = 2000;

/**
 * SIGTERM or SIGINT closes the store without losing work: Fastify stops
 * accepting connections and answers the requests in flight, then the
 * background workers finish their batch and stop (onClose hooks), then the
 * database closes, and the process exits 0. If that takes longer than the
 * grace period, or the signal comes again, the process logs what it cut and
 * exits 1 at once: an orchestrator's kill deadline is then never the thing
 * that ends it, and a non-zero exit says something was lost. An uncaught
 * error closes the same way and exits 1.
 */
export function closeOnSignal(options: { app: FastifyInstance; database: Database; graceMs: number }): void {
  const { app, database, graceMs } = options;
  let startedAt: number | undefined;
  let closingDatabase = false;
  const cut = () => {
    const unfinished = [...app.unfinished(), ...(closingDatabase ? ["closing the database"] : [])];
    return unfinished.length ? `cut: ${unfinished.join("; ")}` : "nothing was in flight";
  };

  const closer = closeWithGrace(
    {
      delay: graceMs,
      logger: app.log,
      // Ours below, for the repeat window; close-with-grace still handles the
      // other signals, uncaught errors and the grace period.
      skip: ["SIGINT", "SIGTERM"],
      onSecondSignal: (signal) => app.log.error(`${signal} while closing: exiting now, ${cut()}`),
      onTimeout: () =>
        app.log.error(`The shutdown grace period (SHUTDOWN_GRACE_S=${graceMs / 1000}) ran out: exiting, ${cut()}`),
    },
    async ({ signal, err }) => {
      startedAt ??= Date.now();
      if (err) app.log.error({ err }, "Unexpected error: closing");
      else if (signal) app.log.info(`${signal}: closing`);
      await app.close();
      closingDatabase = true;
      await database.close();
      closingDatabase = false;
      app.log.info(
        `Skillshelf closed in ${Date.now() - startedAt} ms: requests answered, workers stopped, database closed`,
      );
    },
  );

  const onSignal = (signal: NodeJS.Signals) => {
    if (startedAt === undefined) {
      startedAt = Date.now();
      const inFlight = app.unfinished().length;
      app.log.info(`${signal}: closing; ${inFlight} request(s) in flight, waiting up to ${graceMs / 1000} s`);
      closer.close();
    } else if (Date.now() - startedAt < REPEAT_WINDOW_MS) {
      app.log.info(`${signal} again within ${REPEAT_WINDOW_MS / 1000} s: the same request (npm forwards signals)`);
    } else {
      app.log.error(`${signal} while closing: exiting now, ${cut()}`);
      process.exit(1);
    }
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
}

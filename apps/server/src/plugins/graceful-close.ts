import cluster from "node:cluster";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { setImmediate as afterIo, setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { sendError } from "../operations/envelope.ts";

/** A job the store runs in the background from start-up to close (the mail outbox, the payment reconciler). */
export interface BackgroundWorker {
  start(): void;
  /** Resolves once the batch in progress is finished; starts no other. */
  stop(): Promise<void>;
}

export const CLOSING_MESSAGE = "The store is restarting. Please try again in a moment.";

/**
 * How long, at most, a connection that has sent no request yet may still send
 * one once the store is closing: half the grace period (SHUTDOWN_GRACE_S), so
 * that the requests taken meanwhile have the other half, and never more than
 * 5 s, as Fastify fails a close hook that runs past its pluginTimeout (10 s).
 * Node closes only the keep-alive connections between two requests; one opened
 * and never used (a browser's spare, a client that dialled but has not
 * written) would otherwise hold the close for the whole grace period. A fixed
 * second was too short on a busy 2-core machine: a burst's requests were
 * still unread by then.
 */
const unusedConnectionMs = (graceMs: number) => Math.min(graceMs / 2, 5000);
const DRAIN_POLL_MS = 20;
const HEALTH_ROUTE = "/api/health";
/** How long no new connection must have come for the listen queue to count as empty. */
const QUIET_MS = 100;
/**
 * How long new connections alone keep the listener open once the store is closing. In a worker
 * of several processes (workers.ts) they are connections the primary has already accepted and
 * still holds for the workers, reset once every worker stops listening: they count as accepted
 * and unread, up to half the grace period.
 */
const arrivalsMs = (graceMs: number) => (cluster.isWorker ? unusedConnectionMs(graceMs) : 1000);

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Runs `worker` from ready to close. Its stop() is an onClose hook, and
     * Fastify runs onClose hooks only once the requests in flight are
     * answered (closing the HTTP server is the first of them); server.ts
     * closes the database after app.close(). So a worker stops on a quiet
     * store with its database still open.
     */
    addWorker(name: string, worker: BackgroundWorker): void;
    /** Runs `close` when the store closes (an onClose hook), named in unfinished() until it has finished. */
    addCloser(name: string, close: () => Promise<void>): void;
    /**
     * What exiting now would cut: the requests in flight, the workers and
     * services still stopping, and, while closing, the idle connections still open.
     */
    unfinished(): string[];
    /** Whether app.close() has begun: every answer from then on carries Connection: close. */
    closing(): boolean;
  }
}

/**
 * The store's part of closing, and of ending connections cleanly. Fastify
 * stops accepting connections, closes the idle keep-alive ones and waits for
 * the requests in flight; this plugin adds what Fastify leaves out:
 * - before the store stops listening, the connections it has accepted get up
 *   to half the grace period to send their request, and those still in the
 *   listen queue are taken meanwhile: each request sent before the stop is
 *   answered, where Node would cut a connection whose bytes it had not read;
 * - every answer sent while closing carries `Connection: close` (Node keeps a
 *   keep-alive connection open after its last answer otherwise, and the close
 *   would wait out keepAliveTimeout); so does an answer sent before its
 *   request's body has all arrived when nothing reads the rest any more (a
 *   refused import), which would otherwise wait ahead of the next request;
 * - a request that still comes after that drain gets a 503 in the API's
 *   envelope, which a load balancer retries elsewhere, and so does the health
 *   check from the start of the close, so that the balancer sends nothing new;
 * - the requests in flight are known by name, so a cut shutdown can say what it cut.
 */
export const gracefulClose = fp(async (app: FastifyInstance, options: { graceMs: number }) => {
  let closing = false;
  let drained = false;
  const inFlight = new Set<{ method: string; url: string; since: number }>();
  const stopping = new Set<string>();
  let connections = 0;
  const unused = new Set<Socket>();
  let lastConnectionAt = 0;
  app.server.on("connection", (socket: Socket) => {
    connections++;
    lastConnectionAt = Date.now();
    unused.add(socket);
    socket.once("close", () => {
      connections--;
      unused.delete(socket);
    });
  });
  app.server.on("request", (request: IncomingMessage) => unused.delete(request.socket));

  const addCloser = (name: string, close: () => Promise<void>) => {
    app.addHook("onClose", async () => {
      stopping.add(name);
      await close();
      stopping.delete(name);
      app.log.info(`${name} stopped`);
    });
  };
  app.decorate("addCloser", addCloser);
  app.decorate("addWorker", (name: string, worker: BackgroundWorker) => {
    app.addHook("onReady", async () => worker.start());
    addCloser(name, () => worker.stop());
  });

  app.decorate("closing", () => closing);
  app.decorate("unfinished", () => {
    const now = Date.now();
    // Connections with no request of their own: a client's keep-alive that the close is waiting for.
    const idle = connections - inFlight.size;
    return [
      ...[...inFlight].map((r) => `${r.method} ${r.url} (running ${((now - r.since) / 1000).toFixed(1)} s)`),
      ...[...stopping].map((name) => `${name} (stopping)`),
      ...(closing && idle > 0 ? [`${idle} idle connection(s) still open`] : []),
    ];
  });

  // Runs when app.close() begins, before the server stops listening: Node's close ends every
  // connection that is not carrying a request, even one whose request is on its way. Until the
  // connections accepted so far have sent theirs (at most half the grace period), the store
  // still takes them, and those the listen queue holds, and answers each with Connection: close.
  app.addHook("preClose", async () => {
    closing = true;
    const started = Date.now();
    const until = started + unusedConnectionMs(options.graceMs);
    // New connections keep coming until they stop for QUIET_MS, for at most arrivalsMs (with
    // several processes the primary hands them over one at a time); a connection accepted and
    // still unread is waited for up to half the grace period.
    const arriving = () =>
      unused.size > 0 ||
      (Date.now() - lastConnectionAt < QUIET_MS && Date.now() - started < arrivalsMs(options.graceMs));
    do {
      await sleep(DRAIN_POLL_MS);
      // Judged after the event loop has taken what its sockets hold: after a busy stretch the
      // timer fires first, and a connection already waiting would look like none came.
      await afterIo();
    } while (arriving() && Date.now() < until);
    for (const socket of unused) socket.destroy();
    drained = true;
  });

  app.addHook("onRequest", async (request, reply) => {
    // A request that comes once the accepted connections are drained, as the store stops listening:
    // a 503, which a load balancer retries elsewhere.
    // The health check says so from the start, so that a load balancer sends nothing new meanwhile.
    if (drained || (closing && request.routeOptions.url === HEALTH_ROUTE)) {
      return sendError(reply.header("connection", "close"), 503, CLOSING_MESSAGE);
    }
    const entry = { method: request.method, url: request.url, since: Date.now() };
    inFlight.add(entry);
    // "close" comes both when the answer is sent and when the client goes away.
    reply.raw.once("close", () => inFlight.delete(entry));
  });

  app.addHook("onSend", async (request, reply, payload) => {
    // An answer given before the request's body has all arrived, whose reader stopped reading it (a
    // refused import): the rest would wait unread ahead of the connection's next request, so the
    // connection ends here. A body still being read and dropped (a refused upload) keeps it.
    if (closing || (!request.raw.complete && request.raw.destroyed)) reply.header("connection", "close");
    return payload;
  });
});

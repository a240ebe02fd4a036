import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
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
 * How long a connection that has sent no request yet may still send one once
 * the store is closing. Node closes only the keep-alive connections between
 * two requests; one opened and never used (a browser's spare, a client that
 * dialled but has not written) would hold the close until the grace period.
 */
const UNUSED_CONNECTION_MS = 1000;

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
  }
}

/**
 * The store's part of closing, and of ending connections cleanly. Fastify
 * stops accepting connections, closes the idle keep-alive ones and waits for
 * the requests in flight; this plugin adds what Fastify leaves out: every
 * answer sent while closing carries `Connection: close` (Node keeps a
 * keep-alive connection open after its last answer otherwise, and the close
 * would wait out keepAliveTimeout); so does an answer sent before its
 * request's body has all arrived (a refused upload), whose rest would
 * otherwise be read as the next request; a request that still arrives on an
 * open connection while closing gets a 503 in the API's envelope, which a
 * load balancer retries elsewhere; a connection that has carried no request
 * is closed after UNUSED_CONNECTION_MS; and the requests in flight are known
 * by name, so a cut shutdown can say what it cut.
 */
export const gracefulClose = fp(async (app: FastifyInstance) => {
  let closing = false;
  const inFlight = new Set<{ method: string; url: string; since: number }>();
  const stopping = new Set<string>();
  let connections = 0;
  const unused = new Set<Socket>();
  app.server.on("connection", (socket: Socket) => {
    connections++;
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

  // Runs when app.close() begins, before the server stops listening.
  app.addHook("preClose", async () => {
    closing = true;
    setTimeout(() => {
      for (const socket of unused) socket.destroy();
    }, UNUSED_CONNECTION_MS).unref();
  });

  app.addHook("onRequest", async (request, reply) => {
    if (closing) {
      return sendError(reply.header("connection", "close"), 503, CLOSING_MESSAGE);
    }
    const entry = { method: request.method, url: request.url, since: Date.now() };
    inFlight.add(entry);
    // "close" comes both when the answer is sent and when the client goes away.
    reply.raw.once("close", () => inFlight.delete(entry));
  });

  app.addHook("onSend", async (request, reply, payload) => {
    // An answer given before the request's body has all arrived (a refused upload): the rest of
    // that body would be read as the connection's next request, so the connection ends here.
    if (closing || !request.raw.complete) reply.header("connection", "close");
    return payload;
  });
});

// The store as `npm start` runs it, plus the bench's own routes:
// - GET /bench/static-categories: the categories body's bytes from memory with the same headers,
//   the baseline the API is compared to;
// - GET /bench/memory/<page path>: that page's HTML, rendered once for an anonymous visitor, then
//   sent from memory with its status and headers, in the encoding the request prefers (captured
//   once, so nothing is compressed per response), through the same hooks: the baseline each page
//   is compared to;
// - POST /bench/learner: a learner with one artefact in the cart and a session; its name and token.
// With several processes (WORKERS, on PostgreSQL) this one supervises them as server.ts does, and each
// worker serves all of this; the bench hears "ready" once they all listen.
import type { OutgoingHttpHeaders } from "node:http";
import { withEmulators } from "../src/emulator-mode.ts";
import { type Config, loadConfig } from "../src/env.ts";
import { superviseWorkers } from "../src/workers.ts";

const loaded = loadConfig();
// As server.ts: React's production build, chosen from NODE_ENV when React is first loaded. The store's
// modules load React (the mail templates, the page build), so they are imported after this line.
process.env.NODE_ENV = loaded.nodeEnv;
// As server.ts: the payment emulators once, in the primary; the workers are told their port.
const { config, emulators } = await withEmulators(loaded);
const env: Record<string, string> = emulators ? { EMULATOR_PORT: String(emulators.port) } : {};
if (!superviseWorkers(config.workers, { onReady: () => process.send?.("ready"), env })) await serveBench(config);

async function serveBench(config: Config) {
  const [
    { default: negotiate },
    { buildApp },
    { seedDemoIfEmpty },
    { openDatabase },
    { RESPONSE_ENCODINGS },
    learners,
  ] = await Promise.all([
    import("@fastify/accept-negotiator"),
    import("../src/app.ts"),
    import("../src/catalogue/seed-demo.ts"),
    import("../src/db/client.ts"),
    import("../src/plugins/compression.ts"),
    import("./learners.ts"),
  ]);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  if (config.seed === "demo") await seedDemoIfEmpty(database, config.storeCurrency);
  const app = await buildApp({ config, database });
  const { body, etag } = await app.catalogue.categoriesBody();
  app.get("/bench/static-categories", (_request, reply) => {
    reply.header("etag", etag).header("cache-control", "no-cache").type("application/json; charset=utf-8");
    return reply.send(body);
  });

  /** Set again on every response by the server or the hooks, or describing the bytes on the wire. */
  const NOT_REPLAYED = new Set([
    "content-length",
    "content-encoding",
    "transfer-encoding",
    "date",
    "connection",
    "keep-alive",
  ]);
  const captured = new Map<string, Promise<{ status: number; headers: OutgoingHttpHeaders; body: Buffer }>>();
  app.get<{ Params: { "*": string } }>("/bench/memory/*", async (request, reply) => {
    const path = `/${request.params["*"]}`;
    // The bytes in the encoding this request prefers, as the page itself sends them, captured once: a
    // server sending kept bytes compresses nothing per response.
    const accepted = request.headers["accept-encoding"];
    const encoding = (accepted && negotiate(accepted, RESPONSE_ENCODINGS)) || "identity";
    const key = `${encoding} ${path}`;
    let page = captured.get(key);
    if (!page) {
      page = app.inject({ method: "GET", url: path, headers: { "accept-encoding": encoding } }).then((response) => {
        const headers: OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(response.headers))
          if (value !== undefined && !NOT_REPLAYED.has(name)) headers[name] = value;
        const sent = response.headers["content-encoding"];
        if (sent) headers["content-encoding"] = sent;
        return { status: response.statusCode, headers, body: response.rawPayload };
      });
      captured.set(key, page);
    }
    const { status, headers, body } = await page;
    return reply.status(status).headers(headers).send(body);
  });

  app.post("/bench/learner", async () => {
    const artefact = await learners.pricedArtefact(database.db);
    const [learner] = await learners.createLearners(database.db, {
      count: 1,
      artefactId: artefact.id,
      tag: `page-${Date.now()}`,
    });
    return learner;
  });

  await app.listen({ port: config.port, host: config.host });
  process.send?.("ready");
}

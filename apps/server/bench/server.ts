// The store as `npm start` runs it, plus one route that sends the categories
// body's bytes from memory with the same headers: the baseline the API is compared to.
import { buildApp } from "../src/app.ts";
import { seedDemoIfEmpty } from "../src/catalogue/seed-demo.ts";
import { openDatabase } from "../src/db/client.ts";
import { loadConfig } from "../src/env.ts";

const config = loadConfig();
// As server.ts: React's production build, chosen from NODE_ENV when the page build loads.
process.env.NODE_ENV = config.nodeEnv;
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await seedDemoIfEmpty(database);
const app = await buildApp({ config, database });
const { body, etag } = await app.catalogue.categoriesBody();
app.get("/bench/static-categories", (_request, reply) => {
  reply.header("etag", etag).header("cache-control", "no-cache").type("application/json; charset=utf-8");
  return reply.send(body);
});
await app.listen({ port: config.port, host: config.host });
process.send?.("ready");

// node-postgres 8 queues a query sent on a connection that is still answering another, with a
// deprecation warning; pg 9 refuses it. A transaction is one connection, so its queries go one after
// another (never Promise.all on a tx): a file whose code queues one fails here, on PostgreSQL.
import { afterAll } from "vitest";

const queued: string[] = [];
process.on("warning", (warning) => {
  if (warning.name === "DeprecationWarning" && warning.message.includes("already executing a query"))
    queued.push(warning.stack ?? warning.message);
});

afterAll(() => {
  if (queued.length) throw new Error(`A query was queued on a busy connection:\n${queued.join("\n")}`);
});

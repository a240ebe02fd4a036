// node-postgres 8 queues a query sent on a connection that is still answering another, with a
// deprecation warning; pg 9 refuses it. A transaction is one connection, so its queries go one after
// another (never Promise.all on a tx): a file whose code queues one fails here, on PostgreSQL.
import { afterAll } from "vitest";

// The files of a worker share its process (the api project does not isolate them): one listener for all.
const shared = globalThis as { queuedQueries?: string[] };
const queued = shared.queuedQueries ?? listen();

function listen(): string[] {
  const list: string[] = [];
  shared.queuedQueries = list;
  process.on("warning", (warning) => {
    if (warning.name === "DeprecationWarning" && warning.message.includes("already executing a query"))
      list.push(warning.stack ?? warning.message);
  });
  return list;
}

afterAll(() => {
  const found = queued.splice(0);
  if (found.length) throw new Error(`A query was queued on a busy connection:\n${found.join("\n")}`);
});

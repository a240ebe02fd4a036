// Mail (issue 40), on PGlite:
// 1. the time to build a mail, text and HTML (React Email), as the request paths and the workers
//    do: every mail the store sends (test/helpers/mails.ts), in each language. Target: a mean of
//    at most 3 ms a mail.
// 2. a new article for its owners: the editor's request, with 10 owners and then with 1,000 more
//    (it only marks their notifications; target: the second at most 3 times the first, and under
//    a second), and the mail worker's turning each notification into a mail of the outbox, a
//    batch at a time (mailPendingNotifications; their delivery is the outbox's, as for every
//    mail). Target: at most 5 ms a mail.
//
//   npm run bench:mail -w apps/server
//   BENCH_MAIL_RUNS=500 BENCH_MAIL_OWNERS=5000 npm run bench:mail -w apps/server
import { performance } from "node:perf_hooks";

// React's production build, as the store runs it: set before React is loaded, as server.ts does.
process.env.NODE_ENV ??= "production";
const { everyMail } = await import("../test/helpers/mails.ts");
const { createTestStore } = await import("../test/helpers/app.ts");
const { bearer, createUser, signIn } = await import("../test/helpers/accounts.ts");
const { smallCatalogue } = await import("../test/helpers/factories.ts");
const { buyFromListing } = await import("../test/helpers/orders.ts");
const { manyOwners } = await import("../test/helpers/owners.ts");
const { mailPendingNotifications } = await import("../src/notifications/notification-mails.ts");

const RUNS = Number(process.env.BENCH_MAIL_RUNS ?? 200);
const OWNERS = Number(process.env.BENCH_MAIL_OWNERS ?? 1000);
const TARGET_MEAN_MS = 3;
const TARGET_REQUEST_GROWTH = 3;
const TARGET_REQUEST_MS = 1000;
const TARGET_WORKER_MS = 5;
const failures: string[] = [];

let started = performance.now();
const count = (await everyMail("English")).length;
console.log(`First ${count} mails (loads React and React Email): ${(performance.now() - started).toFixed(0)} ms`);

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0;
const perMail: number[] = [];
for (const language of ["English", "Spanish", "French"]) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    started = performance.now();
    await everyMail(language);
    times.push((performance.now() - started) / count);
  }
  perMail.push(...times);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  console.log(`${language.padEnd(8)} mean ${mean.toFixed(2)} ms, p95 ${percentile(times, 0.95).toFixed(2)} ms a mail`);
}
const mean = perMail.reduce((a, b) => a + b, 0) / perMail.length;
console.log(`Every mail: mean ${mean.toFixed(2)} ms (target: at most ${TARGET_MEAN_MS} ms)`);
if (mean > TARGET_MEAN_MS) failures.push(`a mail took ${mean.toFixed(2)} ms on average`);

const store = await createTestStore();
try {
  await store.importCatalogue(smallCatalogue());
  const docker = (await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })).json();
  const admin = await signIn(store, (await createUser(store, { role: "admin" })).id);
  const buyer = await createUser(store);
  const { orderId } = await buyFromListing(store, { id: buyer.id, token: await signIn(store, buyer.id) }, docker);
  await store.app.mail.deliverDue();
  // The worker runs here, by hand, timed: the store's own (which the request wakes) is stopped.
  await store.app.mail.stop();
  const queue = () =>
    mailPendingNotifications({
      db: store.database.db,
      links: store.app.unsubscribeLinks,
      publicUrl: store.app.config.publicUrl,
      now: store.app.clock,
      log: store.app.log,
    });

  const article = async (slug: string, owners: number) => {
    const t = performance.now();
    const res = await store.app.inject({
      method: "POST",
      url: `/api/admin/categories/${docker.seo_data.id}/contents`,
      headers: bearer(admin),
      payload: { slug, title: slug },
    });
    const requestMs = performance.now() - t;
    if (res.statusCode !== 201) throw new Error(`${slug}: ${res.statusCode} ${res.body}`);
    const w = performance.now();
    while (await queue()) {}
    const workerMs = performance.now() - w;
    console.log(
      `A new article for ${owners} owners: the request ${requestMs.toFixed(0)} ms; ` +
        `their mails written into the outbox in ${workerMs.toFixed(0)} ms (${(workerMs / owners).toFixed(2)} ms a mail)`,
    );
    return { requestMs, perMailMs: workerMs / owners };
  };
  await manyOwners(store, docker, 9, orderId);
  const few = await article("bench-few", 10);
  await manyOwners(store, docker, OWNERS, orderId);
  const many = await article("bench-many", OWNERS + 10);
  if (many.requestMs > Math.max(TARGET_REQUEST_GROWTH * few.requestMs, 50) || many.requestMs > TARGET_REQUEST_MS) {
    failures.push(`the request for ${OWNERS + 10} owners took ${many.requestMs.toFixed(0)} ms`);
  }
  if (many.perMailMs > TARGET_WORKER_MS) failures.push(`the worker took ${many.perMailMs.toFixed(2)} ms a mail`);
} finally {
  await store.close();
}

for (const failure of failures) console.log(`MISSED: ${failure}`);
if (failures.length) process.exitCode = 1;

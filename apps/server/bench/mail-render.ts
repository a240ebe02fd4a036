// Mail rendering (issue 40): the time to build a mail, text and HTML (React Email), as the request
// paths and the workers do: every mail the store sends (test/helpers/mails.ts), in each language.
// Target: a mean of at most 3 ms per mail.
//
//   npm run bench:mail -w apps/server
//   BENCH_MAIL_RUNS=2000 npm run bench:mail -w apps/server
import { performance } from "node:perf_hooks";

// React's production build, as the store runs it: set before React is loaded, as server.ts does.
process.env.NODE_ENV ??= "production";
const { everyMail } = await import("../test/helpers/mails.ts");

const RUNS = Number(process.env.BENCH_MAIL_RUNS ?? 200);
const TARGET_MEAN_MS = 3;

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
if (mean > TARGET_MEAN_MS) {
  console.log(`MISSED: a mail took ${mean.toFixed(2)} ms on average`);
  process.exitCode = 1;
}

// `npm test`: every suite. Everything is built first; the API and database suites
// run on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set; then the
// end-to-end suite drives the compiled server in headless Chromium.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const totals = { passed: 0, failed: 0, skipped: 0, brokenFiles: 0 };
/** Every failed test and broken file, by phase: listed again last, where a log's tail shows them. */
const failures = [];
let failedPhases = 0;
fs.mkdirSync("test-results", { recursive: true });

function run(name, command, args, env = process.env) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) failedPhases++;
  return result.status === 0;
}

function vitest(name, project, env) {
  const output = `test-results/${name}.json`;
  fs.rmSync(output, { force: true });
  run(
    name,
    "npx",
    ["vitest", "run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile=${output}`],
    env,
  );
  if (!fs.existsSync(output)) {
    totals.failed++;
    failures.push(`${name}: no report (the run stopped before it wrote one)`);
    return;
  }
  const report = JSON.parse(fs.readFileSync(output, "utf8"));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  for (const file of report.testResults) {
    const where = `${name}: ${path.relative(process.cwd(), file.name)}`;
    const failed = file.assertionResults.filter((test) => test.status === "failed");
    for (const test of failed) failures.push(`${where} > ${test.fullName}`);
    // A file whose setup failed (a browser that would not start, say) fails no test of its own.
    if (file.status === "failed" && failed.length === 0) {
      totals.brokenFiles++;
      failures.push(`${where} (the file failed outside its tests)`);
    }
  }
}

const { TEST_DATABASE_URL, ...withoutPostgres } = process.env;
// Built once, first: the API suite renders the pages from it and starts servers that host them,
// and the e2e suite runs the compiled server.
const built = run("build", "npm", ["run", "build", "--silent"]);
if (!built) {
  totals.failed++;
  failures.push("build: failed, so no e2e run");
}
vitest("unit", "unit", withoutPostgres);
vitest("api-pglite", "api", withoutPostgres);
if (TEST_DATABASE_URL) vitest("api-postgres", "api", process.env);
else console.log("\nTEST_DATABASE_URL is not set: the API suite ran on PGlite only.");
if (built) vitest("e2e", "e2e", withoutPostgres);

const broken = totals.brokenFiles
  ? `, ${totals.brokenFiles} file${totals.brokenFiles === 1 ? "" : "s"} failed outside their tests (above)`
  : "";
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((failure) => `  ${failure}`).join("\n")}`);
console.log(
  `\nTests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}${broken}`,
);
// A broken file already made its vitest run exit 1 (failedPhases).
process.exit(failedPhases === 0 && totals.failed === 0 ? 0 : 1);

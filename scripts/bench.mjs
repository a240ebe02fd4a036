// `npm run bench`: every bench, even when an earlier one misses a target; exits 1 if any did.
import { spawnSync } from "node:child_process";

let failed = false;
for (const script of [
  "build",
  "bench -w apps/server",
  "bench:history -w apps/server",
  "bench:media -w apps/server",
  "bench:import -w apps/server",
  "bench:search -w apps/server",
  "bench:admin -w apps/server",
  "bench:sales -w apps/server",
  "bench:mail -w apps/server",
]) {
  const { status } = spawnSync("npm", ["run", ...script.split(" ")], { stdio: "inherit" });
  if (status !== 0) {
    failed = true;
    if (script === "build") break;
  }
}
process.exitCode = failed ? 1 : 0;

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { webBuildDir } from "../../src/routes/pages.ts";

/**
 * Builds the web app when a test of the pages (or a real server process, which
 * always hosts them) finds no build, or a build that `stale` says is too old for it.
 */
export function ensureWebBuild(stale: () => boolean = () => false): void {
  if (!fs.existsSync(path.join(webBuildDir, "server/index.js")) || stale()) {
    execFileSync("npm", ["run", "build", "--silent"], { cwd: path.resolve(webBuildDir, "../../.."), stdio: "ignore" });
  }
}

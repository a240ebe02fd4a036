import fs from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {}

/**
 * PGlite serves one process. A second process on the same DATA_DIR (another
 * `npm start`, or a CLI command while the store runs) would corrupt it, so it
 * stops with a clear message instead. A lock left by a crashed process is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => Promise<void> {
  const lockPath = path.join(dataDir, "skillshelf.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      let released = false;
      const release = async () => {
        if (released) return;
        released = true;
        process.off("exit", releaseSync);
        fs.rmSync(lockPath, { force: true });
      };
      const releaseSync = () => fs.rmSync(lockPath, { force: true });
      process.on("exit", releaseSync);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(fs.readFileSync(lockPath, "utf8"), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `The embedded database in ${dataDir} is in use by another Skillshelf process (pid ${holder}). ` +
            "Stop it first, or set DATABASE_URL to run several processes on PostgreSQL.",
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the embedded database in ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

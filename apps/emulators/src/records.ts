import fs from "node:fs";
import path from "node:path";

/**
 * The emulators' state (sessions, orders, tokens, transmissions), as a
 * provider keeps its records. It lives in memory; with a file it is written
 * there after each change and read back at start, so it survives a restart
 * the way a provider's records survive the store's.
 *
 * Every method is synchronous: a change made between two awaits cannot
 * interleave with another, which is what the database's row locks gave the
 * emulators when they lived inside the store. Values go in and come out as
 * copies, as rows do.
 */
export class EmulatorRecords {
  private readonly rows = new Map<string, unknown>();
  private saving: Promise<void> = Promise.resolve();
  private dirty = false;

  constructor(private readonly file?: string) {
    if (!file || !fs.existsSync(file)) return;
    const saved = JSON.parse(fs.readFileSync(file, "utf8")) as [string, unknown][];
    for (const [key, value] of saved) this.rows.set(key, value);
  }

  read<T>(provider: string, id: string): T | null {
    const value = this.rows.get(keyOf(provider, id));
    return value === undefined ? null : (structuredClone(value) as T);
  }

  write(provider: string, id: string, data: object): void {
    this.rows.set(keyOf(provider, id), structuredClone(data));
    this.scheduleSave();
  }

  /** Writes only if nothing is there yet; returns what is there afterwards. */
  insertOnce<T extends object>(provider: string, id: string, data: T): T {
    const existing = this.read<T>(provider, id);
    if (existing) return existing;
    this.write(provider, id, data);
    return data;
  }

  /** Edits a record in place: `change` returns whether it changed anything worth keeping. Null when absent. */
  change<T extends object>(
    provider: string,
    id: string,
    change: (record: T) => boolean,
  ): { record: T; changed: boolean } | null {
    const record = this.read<T>(provider, id);
    if (!record) return null;
    const changed = change(record);
    if (changed) this.write(provider, id, record);
    return { record, changed };
  }

  /** A provider's records whose id starts with `prefix`, oldest first. */
  list<T>(provider: string, prefix: string): { id: string; data: T }[] {
    const start = keyOf(provider, prefix);
    return [...this.rows]
      .filter(([key]) => key.startsWith(start))
      .map(([key, data]) => ({ id: key.slice(provider.length + 1), data: structuredClone(data) as T }));
  }

  /** How many records a provider keeps. */
  count(provider: string): number {
    return [...this.rows.keys()].filter((key) => key.startsWith(`${provider}\u0000`)).length;
  }

  /** Waits until the file holds every change made so far. */
  async flush(): Promise<void> {
    await this.saving;
  }

  private scheduleSave(): void {
    if (!this.file || this.dirty) return;
    this.dirty = true;
    const file = this.file;
    this.saving = this.saving.then(async () => {
      // Changes made meanwhile land in this one write.
      await new Promise((resolve) => setImmediate(resolve));
      this.dirty = false;
      const partial = `${file}.${process.pid}.tmp`;
      try {
        await fs.promises.mkdir(path.dirname(file), { recursive: true });
        await fs.promises.writeFile(partial, JSON.stringify([...this.rows]));
        await fs.promises.rename(partial, file);
      } catch (error) {
        console.error(`The payment emulators could not save their records to ${file}:`, error);
      }
    });
  }
}

const keyOf = (provider: string, id: string) => `${provider}\u0000${id}`;

import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
// @ts-expect-error s3rver ships no types; the tests use run() and close() only.
import S3rver from "s3rver";

export const S3_BUCKET = "skillshelf-media";

/** The store's configuration for the bucket of an s3rver at `endpoint`. */
export function s3Env(endpoint: string): Record<string, string> {
  return {
    MEDIA_STORAGE: "s3",
    S3_BUCKET,
    S3_ENDPOINT: endpoint,
    S3_REGION: "us-east-1",
    // s3rver's fixed credentials.
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
  };
}

/**
 * A local S3-compatible server (s3rver: the S3 REST API over HTTP, objects in
 * a temporary folder), at the network boundary like the payment emulators.
 * The store reaches it through the official AWS SDK exactly as it would AWS.
 */
export async function startS3(): Promise<{
  endpoint: string;
  env: Record<string, string>;
  /** Every object key in the bucket. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "skillshelf-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: S3_BUCKET }],
  });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    env: s3Env(endpoint),
    async keys() {
      const found: string[] = [];
      const walk = async (dir: string) => {
        for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
          const full = path.join(dir, entry.name);
          if (entry.name.startsWith("._S3rver")) continue;
          if (entry.isDirectory()) await walk(full);
          else if (entry.name.endsWith("._S3rver_object"))
            found.push(path.relative(path.join(directory, S3_BUCKET), full).replace(/\._S3rver_object$/, ""));
        }
      };
      await walk(path.join(directory, S3_BUCKET));
      return found;
    },
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

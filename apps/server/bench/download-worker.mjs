// One download of the media bench, on its own thread: each download gets its
// own event loop, as each learner's browser would, so the time to its first
// byte is not spent waiting behind the other downloads' chunks in the client.
// Asked with { url, headers }; answers { ttfb, storeMs, bytes } or { error }.
import { parentPort } from "node:worker_threads";

/**
 * One download to the end: its time to first byte and its length. A redirect (S3's presigned URL) is
 * followed, and the time the store took to answer it is kept apart: the rest is the bucket's.
 */
async function download(url, headers) {
  const started = performance.now();
  let res = await fetch(url, { headers, redirect: "manual" });
  let storeMs = null;
  const location = res.headers.get("location");
  if (res.status === 302 && location) {
    storeMs = performance.now() - started;
    await res.body?.cancel();
    res = await fetch(location);
  }
  if (!res.ok || !res.body) throw new Error(`GET ${url}: ${res.status}`);
  let ttfb = 0;
  let bytes = 0;
  for await (const chunk of res.body) {
    if (!bytes) ttfb = performance.now() - started;
    bytes += chunk.length;
  }
  return { ttfb, storeMs, bytes };
}

parentPort?.on("message", async ({ url, headers }) => {
  try {
    parentPort?.postMessage(await download(url, headers));
  } catch (error) {
    parentPort?.postMessage({ error: String(error) });
  }
});

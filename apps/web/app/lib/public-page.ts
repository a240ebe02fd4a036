/**
 * The `headers` of a catalogue page: it is the same for every visitor without a
 * session, so the server keeps it and browsers and proxies may store it,
 * revalidating on each use (its ETag). The server marks a signed-in viewer's
 * render private whatever this says (apps/server/src/routes/pages.ts).
 */
export function publicPageHeaders() {
  return { "Cache-Control": "public, max-age=0, must-revalidate" };
}

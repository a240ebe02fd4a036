/**
 * The `headers` of a catalogue page: it is the same for every visitor without a
 * session, so the server keeps it and sends it with the lifetime a shared cache
 * may use (apps/server/src/routes/pages.ts, SHARED_PAGE_CACHE_CONTROL). The
 * server marks a signed-in viewer's render private whatever this says.
 */
export function publicPageHeaders() {
  return { "Cache-Control": "public" };
}

import { pageTitle } from "@skillshelf/shared/constants.ts";

/** The API's answer while the database is out of reach (503, with Retry-After). */
export const DATABASE_UNAVAILABLE = "The store cannot reach its database right now. Please try again in a moment.";
/** Seconds a client is asked to wait: a restart or a failover takes a few. */
export const DATABASE_RETRY_AFTER_S = 5;

/** What a browser gets meanwhile: the message, and the page again after Retry-After. */
export const DATABASE_RETRY_PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${DATABASE_RETRY_AFTER_S}">
<title>${pageTitle("Temporarily unavailable")}</title>
</head>
<body style="font-family: system-ui, sans-serif; margin: 3rem auto; max-width: 32rem; padding: 0 1rem">
<h1>Skillshelf</h1>
<p>${DATABASE_UNAVAILABLE}</p>
<p>This page tries again in ${DATABASE_RETRY_AFTER_S} seconds.</p>
</body>
</html>
`;

/**
 * Whether an error says the database cannot be reached or is going away
 * (a PostgreSQL restart, a failover, a network cut), rather than that a query
 * was wrong: the store then answers 503 with Retry-After, which a client or a
 * load balancer retries, instead of a 500 that reads as a bug.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error (DrizzleQueryError): its cause says why.
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (unavailable(e)) return true;
  }
  return false;
}

/** The SQLSTATEs of a server that cannot take the query now. */
const SQLSTATES = new Set([
  "57P01", // admin_shutdown: the server is stopping
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up or in recovery
  "53300", // too_many_connections
]);

/** The socket errors of a server that is not there. */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH"]);

/** node-postgres's own words for a connection it lost or could not make. */
const POOL_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
  "Cannot use a pool after calling end on the pool",
];

function unavailable(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "string" && (code.startsWith("08") || SQLSTATES.has(code) || SOCKET_CODES.has(code))) {
    return true;
  }
  return typeof message === "string" && POOL_MESSAGES.some((words) => message.startsWith(words));
}

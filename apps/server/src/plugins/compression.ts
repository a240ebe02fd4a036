import zlib from "node:zlib";
import compress from "@fastify/compress";
import type { FastifyReply, FastifyRequest, onSendHookHandler } from "fastify";
import fp from "fastify-plugin";

/**
 * Text that gains from compression: HTML, JSON, CSS, JavaScript, XML and SVG.
 * Server-sent events are left out (a compressor holds back their chunks), and so
 * is application/octet-stream, which the plugin's default counts in: it may be
 * anything, images and PDFs included, that are compressed already.
 */
const compressibleType =
  /^(?:text\/(?!event-stream)|application\/(?:[\w.+-]+\+)?(?:json|xml|javascript)|image\/svg\+xml)/i;

/** Bodies below this go as they are: one packet either way, and compressing them costs more than it saves. */
export const COMPRESSION_THRESHOLD = 1024;

/** The encodings answers are sent in: the one the request prefers (its q-values), br before gzip on a tie. */
export type ResponseEncoding = "br" | "gzip";
export const RESPONSE_ENCODINGS: ResponseEncoding[] = ["br", "gzip"];

/**
 * Responses compressed with br or gzip, whichever the request's Accept-Encoding
 * prefers. Brotli runs at quality 4, as for every dynamic body on a 2-core
 * machine: close to gzip's speed and smaller output; the hashed assets were
 * compressed at the highest quality at build time (apps/web/scripts/precompress.mjs).
 * A route opts out with `compress: false` (the media files). Request bodies
 * sent compressed are inflated as they are read, within the same limits.
 */
export const compression = fp(async (app) => {
  // Every response that could have been compressed says it depends on Accept-Encoding, the
  // identity one and a 304 included: a shared cache holding only the compressed copy's Vary
  // would otherwise give its uncompressed copy to every client, or a compressed one to a client
  // that cannot read it. Added per route, so that a route that opts out does not say it.
  const varyOnAcceptEncoding: onSendHookHandler = (_request: FastifyRequest, reply: FastifyReply, payload, done) => {
    const type = reply.getHeader("content-type");
    if (typeof type === "string" && compressibleType.test(type)) addVary(reply, "accept-encoding");
    done(null, payload);
  };
  app.addHook("onRoute", (route) => {
    if (route.compress === false) return;
    const onSend = route.onSend ? (Array.isArray(route.onSend) ? route.onSend : [route.onSend]) : [];
    route.onSend = [...onSend, varyOnAcceptEncoding];
  });

  await app.register(compress, {
    encodings: RESPONSE_ENCODINGS,
    threshold: COMPRESSION_THRESHOLD,
    customTypes: compressibleType,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    // A body sent with Content-Encoding br, gzip or deflate is read inflated, as it streams in: the
    // body limits count what it inflates to, so a small bomb is refused with 413 like a large body.
    requestEncodings: ["br", "gzip", "deflate"],
  });
});

function addVary(reply: FastifyReply, name: string): void {
  const current = reply.getHeader("vary");
  const values = (Array.isArray(current) ? current.join(",") : String(current ?? ""))
    .split(",")
    .map((value) => value.trim())
    .filter(Boolean);
  if (values.some((value) => value === "*" || value.toLowerCase() === name)) return;
  reply.header("vary", [...values, name].join(", "));
}

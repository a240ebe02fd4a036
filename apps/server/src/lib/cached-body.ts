import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import fresh from "fresh";

/** A serialized body with its ETag, built once per catalogue version. */
export interface CachedBody {
  body: string;
  etag: string;
}

// Weak: the body is sent compressed or not, and a strong validator would name one encoding's bytes.
export const cachedBody = (body: string): CachedBody => ({
  body,
  etag: `W/"${createHash("sha1").update(body).digest("base64url")}"`,
});

/**
 * Sends a body built once per catalogue version: no-cache with its ETag, so a browser,
 * proxy or crawler revalidates with a 304 and still sees a catalogue change at once.
 */
export function sendCachedBody(request: FastifyRequest, reply: FastifyReply, { body, etag }: CachedBody, type: string) {
  reply.header("etag", etag).header("cache-control", "no-cache").type(type);
  if (fresh(request.headers, { etag })) return reply.status(304).send();
  return reply.send(body);
}

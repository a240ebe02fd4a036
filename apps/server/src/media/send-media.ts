import type { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import fresh from "fresh";
import parseRange from "range-parser";
import { sendError } from "../operations/envelope.ts";
import type { MediaFileInfo, MediaStore } from "./media-store.ts";

const RANGE_NOT_SATISFIABLE = "The requested range is not satisfiable.";

/** The file name for Content-Disposition: only characters that need no quoting rules. */
export const safeFilename = (name: string) => name.replace(/[^\w.-]/g, "_");

/**
 * Answers a download of a media file the caller has already been allowed to
 * see, streamed from its storage, never whole in memory:
 *
 * - a file in S3 is a redirect to a short-lived presigned URL (the bucket then
 *   answers ranges and conditions itself);
 * - otherwise the bytes are sent by sendBytes (ranges and conditions), with
 *   the bytes' SHA-256 as the ETag.
 *
 * Every answer is `Cache-Control: private, no-store`.
 */
export async function sendMedia(
  request: FastifyRequest,
  reply: FastifyReply,
  media: MediaStore,
  file: MediaFileInfo,
): Promise<FastifyReply> {
  const filename = safeFilename(file.name);
  reply.header("cache-control", "private, no-store");
  const driver = media.driver(file.storage);
  if (driver.downloadUrl) {
    return reply.redirect(await driver.downloadUrl(file.key, { filename, mimetype: file.mimetype }), 302);
  }
  return sendBytes(request, reply, {
    etag: `"${file.sha256}"`,
    filename,
    mimetype: file.mimetype,
    size: file.size,
    read: (range) => media.read(file, range),
  });
}

/** Whether the client's copy (If-None-Match) is this version: then it gets 304. */
export function notModified(request: FastifyRequest, etag: string): boolean {
  // fresh() reads If-None-Match against our ETag (a request's own no-cache makes it stale).
  return Boolean(request.headers["if-none-match"]) && fresh(request.headers, { etag });
}

/**
 * Sends one version of a file's bytes (`etag` names it):
 *
 * - `Range: bytes=a-b` gets 206 with Content-Range; a Range that is malformed
 *   or starts past the end gets 416; several ranges are merged when they
 *   touch, else the whole file is sent (200), as RFC 9110 allows;
 * - If-None-Match gets 304, and If-Range that names another version sends the
 *   whole file.
 */
export async function sendBytes(
  request: FastifyRequest,
  reply: FastifyReply,
  file: {
    etag: string;
    filename: string;
    mimetype: string;
    size: number;
    read(range: { start: number; end: number } | null): Promise<Readable | Buffer>;
  },
): Promise<FastifyReply> {
  const { etag } = file;
  reply
    .header("cache-control", "private, no-store")
    .header("etag", etag)
    .header("accept-ranges", "bytes")
    .header("content-disposition", `inline; filename="${file.filename}"`)
    .header("x-content-type-options", "nosniff");
  if (notModified(request, etag)) return reply.status(304).send();

  let range: { start: number; end: number } | null = file.size > 0 ? { start: 0, end: file.size - 1 } : null;
  let status = 200;
  const header = request.headers.range;
  const ifRange = request.headers["if-range"];
  // If-Range with anything but the current ETag: the client's copy is stale, so it gets the whole file.
  if (header !== undefined && (ifRange === undefined || ifRange === etag)) {
    const ranges = parseRange(file.size, header, { combine: true });
    if (ranges === -1 || ranges === -2 || ranges.type !== "bytes") {
      return sendError(reply.header("content-range", `bytes */${file.size}`), 416, RANGE_NOT_SATISFIABLE);
    }
    const [only] = ranges;
    if (ranges.length === 1 && only) {
      range = { start: only.start, end: only.end };
      status = 206;
      reply.header("content-range", `bytes ${only.start}-${only.end}/${file.size}`);
    }
  }
  const body = await file.read(range);
  return reply
    .status(status)
    .type(file.mimetype)
    .header("content-length", range ? range.end - range.start + 1 : 0)
    .send(body);
}

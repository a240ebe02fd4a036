import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { and, desc, eq, isNull, or } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import type { DbOrTx } from "../db/client.ts";
import { contentMedia, contents, entitlements, orders, users } from "../db/schema/index.ts";
import type { MediaFileInfo, MediaStore } from "./media-store.ts";
import { notModified, safeFilename, sendBytes, sendMedia } from "./send-media.ts";

/** Stamping reads the whole PDF into memory: larger files are sent as they are. */
export const STAMP_MAX_BYTES = 32 * 1024 * 1024;
/** Changes whenever the stamp's look changes, so clients' copies of older stamps are not taken for current ones. */
const STAMP_VERSION = "2";

export interface Stamp {
  email: string;
  orderNumber: string;
}

/** Whether a file is a PDF stamping can take: one over STAMP_MAX_BYTES is sent as stored, never read whole. */
export const stampable = (file: { mimetype: string; size: number }) =>
  file.mimetype === "application/pdf" && file.size <= STAMP_MAX_BYTES;

/** Who a paid PDF is stamped for: the viewer and the order that gave them its article (null: not bought, e.g. free). */
export async function stampOf(db: DbOrTx, mediaId: number, userId: number): Promise<Stamp | null> {
  const [row] = await db
    .select({ email: users.email, orderNumber: orders.orderNumber })
    .from(contentMedia)
    .innerJoin(contents, eq(contents.id, contentMedia.contentId))
    .innerJoin(
      entitlements,
      and(
        eq(entitlements.categoryId, contents.categoryId),
        eq(entitlements.userId, userId),
        isNull(entitlements.revokedAt),
        or(isNull(entitlements.groupId), eq(entitlements.groupId, contents.groupId)),
      ),
    )
    .innerJoin(orders, eq(orders.id, entitlements.orderId))
    .innerJoin(users, eq(users.id, entitlements.userId))
    .where(eq(contentMedia.id, mediaId))
    .orderBy(desc(entitlements.createdAt))
    .limit(1);
  return row ?? null;
}

/** The footer every page of a stamped PDF carries. */
export const stampLine = (stamp: Stamp) => `Licensed to ${stamp.email} - Order ${stamp.orderNumber}`;

/**
 * The PDF with the buyer's e-mail and order number in a footer on each page,
 * in any script (the store's DejaVu and Noto fonts). Deterministic (no dates
 * are written), so every download of one buyer's copy has the same bytes, and
 * ranges of it fit together.
 */
async function stampPdf(bytes: Uint8Array, stamp: Stamp): Promise<Uint8Array> {
  // Loaded with the first stamped download: pdf-lib costs a process about 20 MB of memory.
  const { PDFDocument, rgb } = await import("pdf-lib");
  const { PdfText } = await import("../lib/pdf-type.ts");
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const text = new PdfText(doc);
  const line = stampLine(stamp);
  const size = 7;
  const width = text.width(line, size);
  for (const page of doc.getPages()) {
    const box = page.getCropBox();
    text.draw(page, line, {
      x: box.x + Math.max(8, (box.width - width) / 2),
      y: box.y + 10,
      size,
      color: rgb(0.35, 0.38, 0.45),
    });
  }
  await text.finish();
  return doc.save({ updateFieldAppearances: false });
}

async function readWhole(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A paid PDF, stamped for its buyer per download, with its own ETag (from the
 * original's SHA-256 and the stamp, so a 304 costs no stamping) and ranges
 * over the stamped bytes. Stamping never blocks the download: a PDF too large
 * to stamp, or one that cannot be stamped, is sent as it is, and the failure
 * is logged.
 */
export async function sendStampedPdf(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { media: MediaStore; file: MediaFileInfo; stamp: Stamp; mediaId: number; log: FastifyBaseLogger },
): Promise<FastifyReply> {
  const { media, file, stamp, log } = options;
  // The caller sends any other file as stored: this one is read whole.
  if (!stampable(file)) throw new Error(`media ${options.mediaId}: not a PDF stamping can take`);
  const etag = `"${createHash("sha256")
    .update(`${STAMP_VERSION}:${file.sha256}:${stampLine(stamp)}`)
    .digest("hex")}"`;
  const common = { etag, filename: safeFilename(file.name), mimetype: file.mimetype };
  if (notModified(request, etag))
    return sendBytes(request, reply, { ...common, size: 0, read: async () => Buffer.alloc(0) });
  let stamped: Buffer;
  try {
    stamped = Buffer.from(await stampPdf(await readWhole(await media.readAll(file)), stamp));
  } catch (error) {
    log.error({ err: error, media: options.mediaId }, "PDF stamping failed; sending the original");
    return sendMedia(request, reply, media, file);
  }
  return sendBytes(request, reply, {
    ...common,
    size: stamped.length,
    read: async (range) => (range ? stamped.subarray(range.start, range.end + 1) : Buffer.alloc(0)),
  });
}

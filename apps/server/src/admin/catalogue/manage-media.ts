import path from "node:path";
import type { Readable } from "node:stream";
import { ADMIN_MESSAGES, type AdminMedia } from "@skillshelf/shared/admin-forms.ts";
import { valuedMessage } from "@skillshelf/shared/i18n/valued-messages.ts";
import { eq, max } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contentMedia, contents } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { type MediaStore, type StoredObject, sniffStream } from "../../media/media-store.ts";
import { catalogueWrite } from "./catalogue-write.ts";

export interface UploadedFile {
  /** The name the browser sent. */
  filename: string;
  /** The type its bytes are. */
  mimetype: string;
  /** Its bytes, stored but not yet attached to a content. */
  object: StoredObject;
}

/** What people see as the file's name: no folders, and within the catalogue file's 200 characters. */
function displayName(filename: string, mimetype: string): string {
  const base = path.basename(filename.replaceAll("\\", "/")).trim().slice(0, 200);
  return base || (mimetype === "application/pdf" ? "document.pdf" : "image");
}

/**
 * Stores one uploaded file as it streams in, typed by its first bytes: the name
 * and the type the browser claims are ignored, so a PNG named .pdf is stored as
 * the PNG it is. Null for a form's file input left empty (no name, no bytes).
 */
export async function storeUpload(media: MediaStore, filename: string, body: Readable): Promise<UploadedFile | null> {
  const sniffed = await sniffStream(body);
  if (sniffed.empty && !filename) {
    body.resume();
    return null;
  }
  if (!sniffed.mimetype) {
    body.resume();
    throw new AppError("invalid", ADMIN_MESSAGES.unsupportedFile, {
      file: valuedMessage("unsupportedFile", { filename }),
    });
  }
  return { filename, mimetype: sniffed.mimetype, object: await media.put(sniffed.body, sniffed.mimetype) };
}

/**
 * Adds stored uploads after a content's current media, in one transaction.
 * If anything fails, the stored bytes are removed again: nothing is half-added.
 */
export async function addMedia(
  db: Db,
  media: MediaStore,
  contentId: number,
  files: UploadedFile[],
): Promise<AdminMedia[]> {
  if (files.length === 0) throw new AppError("invalid", ADMIN_MESSAGES.noFiles, { file: ADMIN_MESSAGES.noFiles });
  const keys = files.map((file) => file.object.key);
  try {
    return await catalogueWrite(db, async (tx) => {
      const [content] = await tx.select({ id: contents.id }).from(contents).where(eq(contents.id, contentId));
      if (!content) throw new AppError("not_found", "Content not found");
      const [last] = await tx
        .select({ last: max(contentMedia.sortOrder) })
        .from(contentMedia)
        .where(eq(contentMedia.contentId, contentId));
      const next = (last?.last ?? -1) + 1;
      await media.attach(tx, keys);
      return tx
        .insert(contentMedia)
        .values(
          files.map((file, i) => ({
            contentId,
            name: displayName(file.filename, file.mimetype),
            mimetype: file.mimetype,
            size: file.object.size,
            storageKey: file.object.key,
            sortOrder: next + i,
          })),
        )
        .returning({
          id: contentMedia.id,
          name: contentMedia.name,
          mimetype: contentMedia.mimetype,
          size: contentMedia.size,
          translations: contentMedia.translations,
        });
    });
  } catch (error) {
    await media.discard(keys);
    throw error;
  }
}

/** Removes a media file; its bytes go with the next sweep (MediaStore.sweep). */
export async function deleteMedia(db: Db, id: number): Promise<void> {
  await catalogueWrite(db, async (tx) => {
    const [gone] = await tx.delete(contentMedia).where(eq(contentMedia.id, id)).returning({ id: contentMedia.id });
    if (!gone) throw new AppError("not_found", "Media not found");
  });
}

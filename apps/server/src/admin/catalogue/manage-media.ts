import path from "node:path";
import { ADMIN_MESSAGES, type AdminMedia } from "@skillshelf/shared/admin-forms.ts";
import { eq, max } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contentMedia, contents } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { sniffMediaType } from "../../media/sniff-media-type.ts";
import { catalogueWrite } from "./catalogue-write.ts";

export interface UploadedFile {
  /** The name the browser sent. */
  filename: string;
  data: Buffer;
}

/** What people see as the file's name: no folders, and within the catalogue file's 200 characters. */
function displayName(filename: string, mimetype: string): string {
  const base = path.basename(filename.replaceAll("\\", "/")).trim().slice(0, 200);
  return base || (mimetype === "application/pdf" ? "document.pdf" : "image");
}

/**
 * Adds images and PDFs after a content's current media. Each file's type is
 * read from its bytes: the name and the type the browser claims are ignored,
 * so a PNG named .pdf is stored as the PNG it is. One unsupported file refuses
 * the whole upload, so nothing is half-added.
 */
export async function addMedia(db: Db, contentId: number, files: UploadedFile[]): Promise<AdminMedia[]> {
  if (files.length === 0) throw new AppError("invalid", ADMIN_MESSAGES.noFiles, { file: ADMIN_MESSAGES.noFiles });
  const typed = files.map((file) => {
    const mimetype = sniffMediaType(file.data);
    if (!mimetype) {
      throw new AppError("invalid", ADMIN_MESSAGES.unsupportedFile, {
        file: `${file.filename}: ${ADMIN_MESSAGES.unsupportedFile}`,
      });
    }
    return { ...file, mimetype };
  });
  return catalogueWrite(db, async (tx) => {
    const [content] = await tx.select({ id: contents.id }).from(contents).where(eq(contents.id, contentId));
    if (!content) throw new AppError("not_found", "Content not found");
    const [last] = await tx
      .select({ last: max(contentMedia.sortOrder) })
      .from(contentMedia)
      .where(eq(contentMedia.contentId, contentId));
    const next = (last?.last ?? -1) + 1;
    return tx
      .insert(contentMedia)
      .values(
        typed.map((file, i) => ({
          contentId,
          name: displayName(file.filename, file.mimetype),
          mimetype: file.mimetype,
          size: file.data.length,
          data: file.data,
          sortOrder: next + i,
        })),
      )
      .returning({
        id: contentMedia.id,
        name: contentMedia.name,
        mimetype: contentMedia.mimetype,
        size: contentMedia.size,
      });
  });
}

export async function deleteMedia(db: Db, id: number): Promise<void> {
  await catalogueWrite(db, async (tx) => {
    const [gone] = await tx.delete(contentMedia).where(eq(contentMedia.id, id)).returning({ id: contentMedia.id });
    if (!gone) throw new AppError("not_found", "Media not found");
  });
}

/** A media file's bytes, for the editor's thumbnails and links (the public route needs an unlocked content). */
export async function readMediaFile(db: Db, id: number) {
  const [file] = await db
    .select({ name: contentMedia.name, mimetype: contentMedia.mimetype, data: contentMedia.data })
    .from(contentMedia)
    .where(eq(contentMedia.id, id));
  if (!file) throw new AppError("not_found", "Media not found");
  return file;
}

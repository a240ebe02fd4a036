import type { ImportSummary } from "../../catalogue/import-catalogue.ts";
import { CatalogueFileError, readCatalogueText } from "../../catalogue/read-catalogue-file.ts";
import { replaceCatalogue } from "../../catalogue/seed-demo.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { MediaStore } from "../../media/media-store.ts";

export const REFUSED = "The catalogue file was refused, nothing was changed";

/** A refused file: where (the line of the operator's own text) and why. */
export class CatalogueRefusedError extends AppError {
  constructor(readonly fileError: CatalogueFileError) {
    super("invalid", `${REFUSED}: ${fileError.message}`, { file: fileError.message });
  }

  get line(): number | null {
    return this.fileError.line;
  }

  get reason(): string {
    return this.fileError.reason;
  }
}

/**
 * Replaces the catalogue with an uploaded file, exactly as the import command
 * does. The text is parsed here (not by the JSON body parser) so that a
 * refusal names the line of the file the operator sent. Media must be inline:
 * there is no folder for `file` paths to be relative to.
 */
export async function importCatalogueText(database: Database, media: MediaStore, text: string): Promise<ImportSummary> {
  try {
    // Editors on some systems start a UTF-8 file with a byte-order mark.
    const { file, lineOf } = readCatalogueText(text.replace(/^\uFEFF/, ""));
    return await replaceCatalogue(database, { file, lineOf, media });
  } catch (error) {
    if (error instanceof CatalogueFileError) throw new CatalogueRefusedError(error);
    throw error;
  }
}

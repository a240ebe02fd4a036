import type { ImportSummary } from "../../catalogue/import-catalogue.ts";
import { CatalogueFileError } from "../../catalogue/read-catalogue-file.ts";
import { importCatalogueStream } from "../../catalogue/seed-demo.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { MediaStore } from "../../media/media-store.ts";

/** A refused file: where (the line of the operator's own text) and why. */
export class CatalogueRefusedError extends AppError {
  constructor(readonly fileError: CatalogueFileError) {
    // Where (the line) and why, as keys with values (CatalogueFileError.refusal): a page shows them in its language.
    super("invalid", fileError.refusal, { file: fileError.text });
  }

  get line(): number | null {
    return this.fileError.line;
  }

  get reason(): string {
    return this.fileError.reason;
  }
}

/**
 * Replaces the catalogue with an uploaded file as it arrives, exactly as the
 * import command does; a refusal names the line of the file the operator
 * sent. Media must be inline: there is no folder for `file` paths to be
 * relative to.
 */
export async function importCatalogueUpload(
  database: Database,
  media: MediaStore,
  input: AsyncIterable<Uint8Array | string>,
  currency: string,
): Promise<ImportSummary> {
  try {
    return await importCatalogueStream(database, { input, media, currency });
  } catch (error) {
    if (error instanceof CatalogueFileError) throw new CatalogueRefusedError(error);
    throw error;
  }
}

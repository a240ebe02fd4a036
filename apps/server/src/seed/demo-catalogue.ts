import fs from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { CatalogueFileInput, ContentFileInput } from "@skillshelf/shared/catalogue-file.ts";
import { type MediaSubject, renderCheatSheet, renderDiagram } from "./demo-media.ts";

/**
 * The demo catalogue: a data file in the import format (docs/catalogue-format.md),
 * whose media entries name files that are not shipped but drawn, when the demo
 * is seeded, from the article they belong to: a diagram per image, a one-page
 * cheat sheet per PDF. The output is deterministic: same bytes on every call.
 */
export const DEMO_CATALOGUE_FILE = fileURLToPath(new URL("../../demo/catalogue.json", import.meta.url));

async function drawMedia(content: ContentFileInput, subject: MediaSubject) {
  let images = 0;
  const media = [];
  for (const entry of content.media ?? []) {
    const bytes =
      entry.mimetype === "application/pdf" ? await renderCheatSheet(subject) : renderDiagram(subject, images++);
    // The entry as written (its name and captions in other languages), the drawn bytes in place of its file.
    const { file: _, ...written } = entry;
    media.push({ ...written, data_base64: bytes.toString("base64") });
  }
  return media;
}

/** The demo catalogue with its media drawn, ready for the import. */
export async function buildDemoCatalogue(): Promise<CatalogueFileInput> {
  const file = JSON.parse(await fs.readFile(DEMO_CATALOGUE_FILE, "utf8")) as CatalogueFileInput;
  for (const parent of file.categories) {
    for (const artefact of parent.artefacts ?? []) {
      const contents = [...(artefact.contents ?? []), ...(artefact.groups ?? []).flatMap((g) => g.contents ?? [])];
      for (const content of contents) {
        content.media = await drawMedia(content, {
          title: content.title,
          summary: content.short_description ?? "",
          artefact: artefact.name,
          parent: parent.name,
          html: content.description ?? "",
        });
      }
    }
  }
  return file;
}

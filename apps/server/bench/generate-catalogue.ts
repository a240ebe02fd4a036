// A catalogue N times the demo's, in the documented import format
// (docs/catalogue-format.md), for benches that need a big store:
//
//   npx tsx --conditions=source apps/server/bench/generate-catalogue.ts 100 /tmp/catalogue-100x.json
//   npm run catalogue -- import /tmp/catalogue-100x.json
//
// Copy 1 is the demo catalogue itself, media included, so its pages are the
// demo's pages and can be compared byte for byte across sizes. Copies 2..N
// repeat the demo's six parents, their artefacts, groups and articles (the
// same names and article bodies, so the same realistic sizes) under suffixed
// slugs, as categories listed under More.., with their related links pointing
// into their own copy. They carry no media (the pages only link to media),
// unless `--media` asks for them: then each copied article has its demo
// article's images and PDFs (100x: about 3,200 files, 100 MB), as the import
// bench needs.

import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { finished } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import type { CatalogueFileInput, ContentFileInput } from "@skillshelf/shared/catalogue-file.ts";
import { buildDemoCatalogue } from "../src/seed/demo-catalogue.ts";

export interface GeneratedCatalogue {
  file: CatalogueFileInput;
  parents: number;
  artefacts: number;
  contents: number;
}

/**
 * `demo` and `times - 1` copies of it. Copies keep the demo's names and titles, so the text
 * per artefact is realistic; `shortArticles` gives their articles a one-line body instead of
 * the demo's (for tests that only weigh the pages that list them).
 */
export function scaleCatalogue(
  demo: CatalogueFileInput,
  times: number,
  options: { shortArticles?: boolean; media?: boolean } = {},
): GeneratedCatalogue {
  if (!Number.isInteger(times) || times < 1) throw new Error(`the factor must be a whole number >= 1, not ${times}`);
  const categories = [...demo.categories];
  for (let copy = 2; copy <= times; copy++) {
    const suffix = (slug: string) => `${slug}-${copy}`;
    const copyContent = (item: ContentFileInput): ContentFileInput => ({
      ...item,
      ...(options.shortArticles ? { description: `<p>${item.title}</p>` } : {}),
      media: options.media ? item.media : [],
      related: (item.related ?? []).map((entry) => {
        const [artefact, content] = entry.split("/");
        return `${suffix(artefact ?? "")}/${content}`;
      }),
    });
    for (const parent of demo.categories) {
      categories.push({
        ...parent,
        slug: suffix(parent.slug),
        is_header_menu: false,
        artefacts: (parent.artefacts ?? []).map((artefact) => ({
          ...artefact,
          slug: suffix(artefact.slug),
          is_header_menu: false,
          groups: (artefact.groups ?? []).map((group) => ({
            ...group,
            contents: (group.contents ?? []).map(copyContent),
          })),
          contents: (artefact.contents ?? []).map(copyContent),
        })),
      });
    }
  }
  let artefacts = 0;
  let contents = 0;
  for (const parent of categories)
    for (const artefact of parent.artefacts ?? []) {
      artefacts++;
      contents += (artefact.contents ?? []).length;
      for (const group of artefact.groups ?? []) contents += (group.contents ?? []).length;
    }
  return { file: { version: 1, categories }, parents: categories.length, artefacts, contents };
}

/** The demo catalogue (its media drawn) and `times - 1` copies with the demo's article bodies. */
export async function generateCatalogue(times: number, options: { media?: boolean } = {}): Promise<GeneratedCatalogue> {
  return scaleCatalogue(await buildDemoCatalogue(), times, options);
}

/**
 * Writes the catalogue N times the demo's to `path`, one parent category at a
 * time (with media, the whole text is larger than a JavaScript string may
 * be); returns its counts and size in bytes.
 */
export async function writeCatalogueFile(factor: number, path: string, options: { media?: boolean } = {}) {
  const generated = await generateCatalogue(factor, options);
  const out = createWriteStream(path);
  let bytes = 0;
  const write = async (text: string) => {
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, "drain");
  };
  await write('{"version":1,"categories":[');
  for (const [i, parent] of generated.file.categories.entries()) await write((i ? "," : "") + JSON.stringify(parent));
  await write("]}");
  out.end();
  await finished(out);
  return { ...generated, bytes };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [factor, out, flag] = process.argv.slice(2);
  if (!factor || !out || (flag !== undefined && flag !== "--media")) {
    console.error(
      "Usage: npx tsx --conditions=source apps/server/bench/generate-catalogue.ts FACTOR FILE [--media]   (FACTOR 1 is the demo catalogue)",
    );
    process.exit(2);
  }
  const written = await writeCatalogueFile(Number(factor), out, { media: flag === "--media" });
  console.log(
    `Wrote ${out}: ${written.parents} categories, ${written.artefacts} artefacts, ${written.contents} contents, ${(written.bytes / 1e6).toFixed(1)} MB.`,
  );
}

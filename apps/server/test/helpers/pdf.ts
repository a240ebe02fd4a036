import { inflateSync } from "node:zlib";
import { PDFDocument, PDFRawStream } from "pdf-lib";

/** The text a PDF's pages draw: pdf-lib writes each run as a hex string shown with Tj. */
export function shownText(doc: PDFDocument): string {
  const runs: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    let data: string;
    try {
      data = inflateSync(object.contents).toString("latin1");
    } catch {
      continue;
    }
    for (const m of data.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) runs.push(Buffer.from(m[1] ?? "", "hex").toString("latin1"));
  }
  return runs.join("\n");
}

/** The runs of text a PDF file draws, one per line. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return shownText(await PDFDocument.load(bytes));
}

import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  type PDFPage,
  PDFRawStream,
  PDFString,
} from "pdf-lib";

/** A font's codes as text, from the hex string pdf-lib shows with Tj. */
type Decode = (hex: string) => string;

const streamText = (stream: PDFRawStream) => Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1");

/** A font's ToUnicode map, as pdf-lib writes it: one `<glyph> <UTF-16 code units>` line per glyph (glyph in hex). */
export function unicodeOf(stream: PDFRawStream): Map<string, string> {
  const map = new Map<string, string>();
  for (const [, glyph = "", units = ""] of streamText(stream).matchAll(/^<([0-9a-f]{4})> <([0-9a-f]+)>$/gim)) {
    const codes = units.match(/.{4}/g) ?? [];
    map.set(glyph.toLowerCase(), String.fromCharCode(...codes.map((code) => Number.parseInt(code, 16))));
  }
  return map;
}

/** How each font the page names draws its codes: a composite font's glyphs by its ToUnicode map, a standard font's bytes as Latin-1. */
function decodersOf(page: PDFPage): Map<string, Decode> {
  const decoders = new Map<string, Decode>();
  const fonts = page.node.Resources()?.lookupMaybe(PDFName.of("Font"), PDFDict);
  for (const [name, ref] of fonts?.entries() ?? []) {
    const font = page.doc.context.lookup(ref, PDFDict);
    const toUnicode = font.lookup(PDFName.of("ToUnicode"));
    if (toUnicode instanceof PDFRawStream) {
      const map = unicodeOf(toUnicode);
      decoders.set(name.decodeText(), (hex) =>
        (hex.match(/.{4}/g) ?? []).map((glyph) => map.get(glyph.toLowerCase()) ?? "\ufffd").join(""),
      );
    } else decoders.set(name.decodeText(), (hex) => Buffer.from(hex, "hex").toString("latin1"));
  }
  return decoders;
}

function contentsOf(page: PDFPage): PDFRawStream[] {
  const contents = page.node.Contents();
  if (contents instanceof PDFArray)
    return contents.asArray().flatMap((ref) => {
      const stream = page.doc.context.lookup(ref);
      return stream instanceof PDFRawStream ? [stream] : [];
    });
  return contents instanceof PDFRawStream ? [contents] : [];
}

const OPERATIONS = /\/([^\s/[\]<>(){}%]+)\s+[-+.\d]+\s+Tf|<([0-9A-Fa-f\s]*)>\s*Tj|\b(BT|ET)\b/g;

/**
 * The text a PDF's pages draw, one line per text object (each piece of text
 * pdf-lib draws is one, whatever fonts it takes): each font's codes read back
 * as the characters they stand for.
 */
export function shownText(doc: PDFDocument): string {
  const lines: string[] = [];
  for (const page of doc.getPages()) {
    const decoders = decodersOf(page);
    for (const stream of contentsOf(page)) {
      let decode: Decode | undefined;
      let line: string | null = null;
      for (const [, font, hex, mark] of streamText(stream).matchAll(OPERATIONS)) {
        if (font !== undefined) decode = decoders.get(font);
        else if (mark === "BT") line = "";
        else if (mark === "ET") {
          if (line !== null) lines.push(line);
          line = null;
        } else if (hex !== undefined && line !== null && decode) line += decode(hex.replace(/\s/g, ""));
      }
    }
  }
  return lines.join("\n");
}

/** The runs of text a PDF file draws, one per line. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return shownText(await PDFDocument.load(bytes));
}

/**
 * What a PDF tells a reader about itself: its title, whether the window shows
 * it, its language, and the fonts it embeds (without pdf-lib's suffix).
 */
export async function pdfFacts(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const lang = doc.catalog.lookup(PDFName.of("Lang"));
  const fonts = new Set<string>();
  for (const page of doc.getPages()) {
    const dict = page.node.Resources()?.lookupMaybe(PDFName.of("Font"), PDFDict);
    for (const [, ref] of dict?.entries() ?? []) {
      const font = doc.context.lookup(ref, PDFDict).lookup(PDFName.of("BaseFont"), PDFName);
      fonts.add(font.decodeText().replace(/-\d+$/, ""));
    }
  }
  return {
    title: doc.getTitle(),
    displayDocTitle: doc.catalog.getViewerPreferences()?.getDisplayDocTitle() ?? false,
    language: lang instanceof PDFString || lang instanceof PDFHexString ? lang.decodeText() : undefined,
    fonts: [...fonts].sort(),
  };
}

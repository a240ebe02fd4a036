import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { deflateSync } from "node:zlib";
import type * as Fontkit from "@pdf-lib/fontkit";
import {
  beginText,
  type Color,
  endText,
  moveText,
  type PDFDocument,
  type PDFFont,
  type PDFName,
  type PDFOperator,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  setFillingColor,
  setFontAndSize,
  showText,
} from "pdf-lib";
import { dejavuFile, notoSansKrFile, notoSansScFile } from "./font-files.ts";

// A UMD bundle: required, so its exports are there whatever loads this module.
const fontkit = createRequire(import.meta.url)("@pdf-lib/fontkit") as typeof Fontkit;

/** The store's typefaces: what a document's text is set in. */
export type Face = "sans" | "bold" | "mono";

/** Ligatures off: every reader then copies the text back letter for letter ("fi", not "ﬁ"). */
const FEATURES = { liga: false };

interface LoadedFont {
  bytes: Uint8Array;
  font: Fontkit.Font;
  /** Each character's advance width, or null where the font has no glyph for it, as text has asked. */
  advances: Map<number, number | null>;
}

/** The subset engine's TrueType writer, as far as evenGlyphRecords reaches into it. */
interface TrueTypeSubset {
  glyf: Uint8Array[];
  offset: number;
  _addGlyph(glyphId: number): number;
}

/**
 * @pdf-lib/fontkit writes a small subset's glyph offsets in the short (halved)
 * format without padding its glyph records to an even length: after a record
 * of odd length, every glyph is read a byte off and draws wrong or not at all
 * (fixed in upstream fontkit 1.8, never in this fork). Padding each record
 * keeps the halved offsets exact.
 */
function evenGlyphRecords(font: Fontkit.Font) {
  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset() as unknown as TrueTypeSubset;
    const addGlyph = subset._addGlyph;
    subset._addGlyph = function (this: TrueTypeSubset, glyphId: number) {
      const index = addGlyph.call(this, glyphId);
      const record = this.glyf[index];
      if (record && record.length % 2 === 1) {
        // The engine's own Buffer class: its streams take no other.
        const padded = (record.constructor as typeof Buffer).alloc(record.length + 1);
        padded.set(record);
        this.glyf[index] = padded;
        this.offset += 1;
      }
      return index;
    };
    return subset as unknown as Fontkit.Subset;
  };
}

/** Scripts whose text needs no shaping: each character is drawn as its own glyph. */
const UNSHAPED =
  /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Common}\p{Script=Inherited}]*$/u;

/**
 * Text of those scripts is mapped to glyphs by the font's character map alone:
 * the shaping engine costs some 40 times as much, for positions pdf-lib does
 * not draw anyway. Any other script (Arabic's joined letters) is shaped.
 */
function mapUnshaped(font: Fontkit.Font) {
  const layout = font.layout.bind(font);
  font.layout = (text, features) =>
    UNSHAPED.test(text) ? ({ glyphs: font.glyphsForString(text) } as Fontkit.GlyphRun) : layout(text, features);
}

/**
 * The font keeps each glyph it has made, with the characters it was first
 * asked for. A subset asks for the parts of an accented letter ("o" of "ó")
 * by glyph alone: kept without characters, that "o" would lose its place in
 * every later document's character map (copy and paste, screen readers), so
 * it gets them when text first asks for it. A subset also reads each glyph's
 * outline again to find its parts: it is read once.
 */
function keepGlyphs(font: Fontkit.Font) {
  const getGlyph = font.getGlyph.bind(font);
  const kept = new WeakSet<Fontkit.Glyph>();
  font.getGlyph = (id, codePoints) => {
    const glyph = getGlyph(id, codePoints) as Fontkit.Glyph & { _decode(): unknown };
    if (codePoints?.length && glyph.codePoints.length === 0) glyph.codePoints = codePoints;
    if (!kept.has(glyph)) {
      kept.add(glyph);
      const decode = glyph._decode.bind(glyph);
      let decoded: unknown;
      glyph._decode = () => {
        decoded ??= decode();
        return decoded;
      };
    }
    return glyph;
  };
}

const loaded = new Map<string, LoadedFont>();
const parsed = new WeakMap<Uint8Array, Fontkit.Font>();

/** A font file, read and parsed once per process, when a text first needs it. */
function load(file: string): LoadedFont {
  let entry = loaded.get(file);
  if (!entry) {
    const bytes = readFileSync(file);
    const font = fontkit.create(bytes);
    evenGlyphRecords(font);
    mapUnshaped(font);
    keepGlyphs(font);
    entry = { bytes, font, advances: new Map() };
    loaded.set(file, entry);
    parsed.set(bytes, font);
  }
  return entry;
}

/** A font, loaded when a text first needs it. */
const lazily = (file: () => string) => {
  let font: LoadedFont | undefined;
  return () => {
    font ??= load(file());
    return font;
  };
};

/**
 * Each face's fonts, in the order a character tries them: DejaVu for Latin,
 * Greek, Cyrillic and symbols, then Noto Sans SC for the Chinese and Japanese
 * characters DejaVu lacks, then Noto Sans KR for Korean. A character none of
 * them has is drawn as "?".
 */
const SANS_KR = lazily(() => notoSansKrFile("400Regular"));
const FACES: Record<Face, [() => LoadedFont, ...(() => LoadedFont)[]]> = {
  sans: [lazily(() => dejavuFile("DejaVuSans.ttf")), lazily(() => notoSansScFile("400Regular")), SANS_KR],
  bold: [
    lazily(() => dejavuFile("DejaVuSans-Bold.ttf")),
    lazily(() => notoSansScFile("700Bold")),
    lazily(() => notoSansKrFile("700Bold")),
  ],
  mono: [
    lazily(() => dejavuFile("DejaVuSansMono.ttf")),
    lazily(() => dejavuFile("DejaVuSans.ttf")),
    lazily(() => notoSansScFile("400Regular")),
    SANS_KR,
  ],
};

/** The font engine pdf-lib is given: it parses a font at each embedding, this one hands back the font parsed once. */
const parsedOnce = {
  create(bytes: Uint8Array) {
    const font = parsed.get(bytes);
    if (!font) throw new Error("Only the store's own fonts are embedded");
    return font;
  },
};

interface Run {
  font: LoadedFont;
  text: string;
}

/** A character's advance width in the font's units; null when the font has no glyph for it. */
function advanceOf(font: LoadedFont, code: number): number | null {
  let advance = font.advances.get(code);
  if (advance === undefined) {
    advance = font.font.hasGlyphForCodePoint(code) ? font.font.glyphForCodePoint(code).advanceWidth : null;
    font.advances.set(code, advance);
  }
  return advance;
}

const STAYS = /^[\p{M}\p{Zs}]$/u;

/** The text cut where its font changes: each character in the face's first font that has it. */
function runsOf(text: string, face: Face): Run[] {
  const fonts = FACES[face];
  const first = fonts[0]();
  const runs: Run[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const previous = runs.at(-1);
    let font: LoadedFont | undefined;
    // A combining mark or a space stays in the font of the letters before it.
    if (previous && advanceOf(previous.font, code) !== null && (previous.font === first || STAYS.test(char)))
      font = previous.font;
    font ??= fonts.find((candidate) => advanceOf(candidate(), code) !== null)?.();
    const shown = font ? char : "?";
    font ??= first;
    if (previous?.font === font) previous.text += shown;
    else runs.push({ font, text: shown });
  }
  return runs;
}

function widthOfRun(run: Run, size: number) {
  let units = 0;
  if (UNSHAPED.test(run.text)) for (const char of run.text) units += advanceOf(run.font, char.codePointAt(0) ?? 0) ?? 0;
  else for (const glyph of run.font.font.layout(run.text, FEATURES).glyphs) units += glyph.advanceWidth;
  return (units * size) / run.font.font.unitsPerEm;
}

export interface TextStyle {
  x: number;
  y: number;
  size: number;
  face?: Face;
  color: Color;
}

/**
 * A document's text in any script. `draw` and `width` work as the document is
 * laid out; `finish` embeds the subsets of the fonts its text used (no other)
 * and draws it, each piece in one text object (over the page's shapes).
 */
export class PdfText {
  readonly #doc: PDFDocument;
  readonly #pending: { page: PDFPage; runs: Run[]; style: TextStyle }[] = [];

  constructor(doc: PDFDocument) {
    this.#doc = doc;
    doc.registerFontkit(parsedOnce as unknown as Parameters<PDFDocument["registerFontkit"]>[0]);
    // pdf-lib compresses each font it embeds, and its character map, in JavaScript (pako): Node's zlib is faster.
    const { context } = doc;
    context.flateStream = (contents, dict = {}) =>
      context.stream(deflateSync(typeof contents === "string" ? Buffer.from(contents, "latin1") : contents), {
        ...dict,
        Filter: "FlateDecode",
      });
  }

  /** How wide the text is drawn at `size`. */
  width(text: string, size: number, face: Face = "sans"): number {
    return runsOf(text, face).reduce((sum, run) => sum + widthOfRun(run, size), 0);
  }

  draw(page: PDFPage, text: string, style: TextStyle): void {
    this.#pending.push({ page, runs: runsOf(text, style.face ?? "sans"), style });
  }

  async finish(): Promise<void> {
    const fonts = new Map<LoadedFont, PDFFont>();
    for (const { runs } of this.#pending) {
      for (const { font } of runs) {
        if (!fonts.has(font))
          fonts.set(font, await this.#doc.embedFont(font.bytes, { subset: true, features: FEATURES }));
      }
    }
    const names = new Map<PDFPage, Map<PDFFont, PDFName>>();
    const nameOn = (page: PDFPage, font: PDFFont) => {
      const onPage = names.get(page) ?? new Map<PDFFont, PDFName>();
      names.set(page, onPage);
      const name = onPage.get(font) ?? page.node.newFontDictionary(font.name, font.ref);
      onPage.set(font, name);
      return name;
    };
    for (const { page, runs, style } of this.#pending.splice(0)) {
      const operators: PDFOperator[] = [pushGraphicsState(), beginText(), setFillingColor(style.color)];
      operators.push(moveText(style.x, style.y));
      for (const run of runs) {
        const font = fonts.get(run.font);
        if (!font) continue;
        operators.push(setFontAndSize(nameOn(page, font), style.size), showText(font.encodeText(run.text)));
      }
      page.pushOperators(...operators, endText(), popGraphicsState());
    }
  }
}

/**
 * What a reader and assistive technology announce: the document's title (in
 * the window's title bar) and its language (`/Lang`, "es").
 */
export function describeDocument(doc: PDFDocument, { title, language }: { title: string; language: string }) {
  doc.setTitle(title, { showInWindowTitleBar: true });
  doc.setLanguage(language);
}

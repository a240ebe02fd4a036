import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type * as Fontkit from "@pdf-lib/fontkit";
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, rgb } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { pdfFacts, shownText, unicodeOf } from "../../test/helpers/pdf.ts";
import { dejavuFile, notoSansKrFile, notoSansScFile } from "./font-files.ts";
import { type Face, PdfText } from "./pdf-type.ts";

const fontkit = createRequire(import.meta.url)("@pdf-lib/fontkit") as typeof Fontkit;

const SOURCES: Record<string, string> = {
  DejaVuSans: dejavuFile("DejaVuSans.ttf"),
  "DejaVuSans-Bold": dejavuFile("DejaVuSans-Bold.ttf"),
  DejaVuSansMono: dejavuFile("DejaVuSansMono.ttf"),
  "NotoSansSC-Regular": notoSansScFile("400Regular"),
  "NotoSansSC-Bold": notoSansScFile("700Bold"),
  "NotoSansKR-Regular": notoSansKrFile("400Regular"),
  "NotoSansKR-Bold": notoSansKrFile("700Bold"),
};

const LINES: [Face, string][] = [
  ["sans", "Łukasz Wiśniewski · Zażółć gęślą jaźń"],
  ["bold", "Γιώργος Παπαδόπουλος"],
  ["sans", "Дмитрий Иванов <дмитрий@пример.рф>"],
  ["mono", "docker run → 容器 ≤ 2 × 3 ✓ office fi"],
  ["sans", "王小明 <王小明@例子.中国> 陳大文 ひらがな カタカナ"],
  ["bold", "技能书架 Skillshelf"],
  ["sans", "김민준 <민준@예시.한국> 이서연"],
  ["bold", "박지훈"],
  ["sans", "1\u202f234,00\u00a0€ · £19.99 · 5,00 %"],
];

async function draw(lines: [Face, string][]) {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const text = new PdfText(doc);
  lines.forEach(([face, line], i) => {
    text.draw(page, line, { x: 40, y: 800 - 20 * i, size: 10, face, color: rgb(0, 0, 0) });
  });
  await text.finish();
  return doc.save();
}

/** Each embedded font: its name, its subset's bytes, and the text each subset glyph stands for. */
function embeddedFonts(doc: PDFDocument) {
  const page = doc.getPage(0);
  const fonts = page.node.Resources()?.lookup(PDFName.of("Font"), PDFDict);
  return (fonts?.entries() ?? []).map(([, ref]) => {
    const font = doc.context.lookup(ref, PDFDict);
    const descendant = doc.context.lookup(font.lookup(PDFName.of("DescendantFonts"), PDFArray).get(0), PDFDict);
    const descriptor = descendant.lookup(PDFName.of("FontDescriptor"), PDFDict);
    const file = descriptor.lookup(PDFName.of("FontFile2"));
    const toUnicode = font.lookup(PDFName.of("ToUnicode"));
    if (!(file instanceof PDFRawStream) || !(toUnicode instanceof PDFRawStream)) throw new Error("no font file");
    const glyphs = new Map([...unicodeOf(toUnicode)].map(([glyph, char]) => [Number.parseInt(glyph, 16), char]));
    const name = font.lookup(PDFName.of("BaseFont"), PDFName).decodeText().replace(/-\d+$/, "");
    return { name, bytes: decodePDFRawStream(file).decode(), glyphs };
  });
}

describe("PdfText", () => {
  it("draws each line in any script as written, one text object a line, in the fonts that have its characters", async () => {
    const bytes = await draw(LINES);
    expect(shownText(await PDFDocument.load(bytes))).toBe(LINES.map(([, line]) => line).join("\n"));
    expect((await pdfFacts(bytes)).fonts).toEqual([
      "DejaVuSans",
      "DejaVuSans-Bold",
      "DejaVuSansMono",
      "NotoSansKR-Bold",
      "NotoSansKR-Regular",
      "NotoSansSC-Bold",
      "NotoSansSC-Regular",
    ]);
  });

  it("embeds only the fonts its text takes, and draws a character no font has as ?", async () => {
    // Ethiopic: in none of the fonts.
    const bytes = await draw([["sans", "Ada Lovelace ሰላም"]]);
    expect(shownText(await PDFDocument.load(bytes))).toBe("Ada Lovelace ???");
    expect((await pdfFacts(bytes)).fonts).toEqual(["DejaVuSans"]);
  });

  it("reads back a letter it first embedded as part of an accented one", async () => {
    const accented = await draw([["bold", "Żółć ąę"]]);
    const plain = await draw([["bold", "oce zolc ae"]]);
    expect(shownText(await PDFDocument.load(accented))).toBe("Żółć ąę");
    expect(shownText(await PDFDocument.load(plain))).toBe("oce zolc ae");
  });

  it("keeps every glyph's outline in the subsets it embeds", async () => {
    const doc = await PDFDocument.load(await draw(LINES));
    const fonts = embeddedFonts(doc);
    expect(fonts).toHaveLength(7);
    for (const { name, bytes, glyphs } of fonts) {
      const source = fontkit.create(readFileSync(SOURCES[name] ?? ""));
      const subset = fontkit.create(bytes);
      expect(glyphs.size, name).toBeGreaterThan(0);
      for (const [id, char] of glyphs) {
        const original = source.glyphForCodePoint(char.codePointAt(0) ?? 0);
        expect(subset.getGlyph(id).path.toSVG(), `${name} ${char}`).toBe(original.path.toSVG());
        expect(subset.getGlyph(id).advanceWidth, `${name} ${char}`).toBe(original.advanceWidth);
      }
    }
  });

  it("measures text as it draws it", async () => {
    const doc = await PDFDocument.create();
    const text = new PdfText(doc);
    expect(text.width("", 10)).toBe(0);
    expect(text.width("王", 10)).toBe(10);
    expect(text.width("ab", 10, "mono")).toBeCloseTo(2 * text.width("a", 10, "mono"));
    expect(text.width("Wi", 12, "bold")).toBeGreaterThan(text.width("Wi", 12));
  });
});

import type { PDFFont } from "pdf-lib";

/** Characters the PDF standard fonts lack, spelled with ones they have. */
const SPELLED: Record<string, string> = {
  "→": "->",
  "←": "<-",
  "≤": "<=",
  "≥": ">=",
  "≠": "!=",
  "✓": "v",
  "×": "x",
  "\u202f": " ",
};

/**
 * Text a standard (WinAnsi) font can draw: known symbols spelled out, any
 * other character it lacks (emoji, most scripts) as "?", so a name never stops
 * a PDF from being made.
 */
export function drawableText(font: PDFFont, text: string): string {
  return [...text]
    .map((ch) => {
      const spelled = SPELLED[ch] ?? ch;
      try {
        font.encodeText(spelled);
        return spelled;
      } catch {
        return "?";
      }
    })
    .join("");
}

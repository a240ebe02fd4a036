import { Resvg } from "@resvg/resvg-js";
import { dejavuFile } from "./font-files.ts";

const FONT_FILES = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf"].map(dejavuFile);

/** An SVG drawn to PNG, its text set in DejaVu Sans, Sans Bold or Sans Mono. */
export function renderSvg(svg: string): Buffer {
  return new Resvg(svg, { font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: "DejaVu Sans" } })
    .render()
    .asPng();
}

export const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Words into lines of at most `width` units as `measure` counts them; the last kept line ends in … when cut. */
export function wrapText(
  text: string,
  width: number,
  measure: (s: string) => number,
  maxLines = Number.POSITIVE_INFINITY,
): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate) <= width || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
  return kept;
}

// DejaVu's advance widths, as a share of the font size: close enough to wrap by.
export const sansWidth = (size: number) => (s: string) => s.length * size * 0.56;
export const monoWidth = (size: number) => (s: string) => s.length * size * 0.602;

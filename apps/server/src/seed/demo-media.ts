import type { PDFPage, rgb as Rgb } from "pdf-lib";
import type { Face, PdfText } from "../lib/pdf-type.ts";
import { escapeXml, monoWidth, renderSvg, sansWidth, wrapText } from "../lib/render-svg.ts";
import { type Block, outlineArticle, type Section } from "./article-outline.ts";

/** What a demo image or PDF is about: one article, drawn from its own text. */
export interface MediaSubject {
  title: string;
  summary: string;
  artefact: string;
  parent: string;
  /** The article's sanitized HTML body. */
  html: string;
}

const INK = "#0f172a";
const MUTED = "#475569";
const BLUE = "#1d4ed8";

interface DiagramRow {
  label: string;
  note?: string;
  mono: boolean;
}

/**
 * The views a diagram can take of an article: its steps as a flow, its commands
 * and their effects, its points, or its opening paragraph.
 */
function diagramViews(sections: Section[]): { rows: DiagramRow[]; flow: boolean }[] {
  const blocks = sections.flatMap((s) => s.blocks);
  const views: { rows: DiagramRow[]; flow: boolean }[] = [];
  for (const block of blocks) {
    if (block.kind === "list" && block.ordered)
      views.push({ rows: block.items.slice(0, 4).map((label) => ({ label, mono: false })), flow: true });
  }
  for (const block of blocks) {
    if (block.kind === "table")
      views.push({ rows: block.rows.slice(0, 4).map(([label, note]) => ({ label, note, mono: true })), flow: false });
  }
  for (const block of blocks) {
    if (block.kind === "list" && !block.ordered)
      views.push({ rows: block.items.slice(0, 4).map((label) => ({ label, mono: false })), flow: false });
  }
  const text = blocks.find((b): b is Extract<Block, { kind: "text" }> => b.kind === "text");
  if (text) views.push({ rows: [{ label: text.text, mono: false }], flow: false });
  return views;
}

/**
 * A 960x640 PNG diagram of the article: its title, then its steps, commands or
 * points as boxes. An article's second image takes its next view, and so on.
 */
export function renderDiagram(subject: MediaSubject, variant = 0): Buffer {
  const width = 960;
  const height = 640;
  const views = diagramViews(outlineArticle(subject.html));
  const { rows, flow } = views[variant % Math.max(views.length, 1)] ?? { rows: [], flow: false };
  const parts: string[] = [
    `<rect width="${width}" height="${height}" fill="#f8fafc"/>`,
    `<rect width="${width}" height="8" fill="${BLUE}"/>`,
  ];
  const titleLines = wrapText(subject.title, width - 80, sansWidth(34), 1);
  parts.push(
    `<text x="40" y="70" font-family="DejaVu Sans" font-weight="bold" font-size="34" fill="${INK}">${escapeXml(titleLines[0] ?? "")}</text>`,
    `<text x="40" y="104" font-family="DejaVu Sans" font-size="18" fill="${MUTED}">${escapeXml(`${subject.artefact} · ${subject.parent}`)}</text>`,
  );
  const top = 136;
  const gap = 22;
  const rowHeight = Math.min(104, (height - top - 48 - gap * (rows.length - 1)) / Math.max(rows.length, 1));
  rows.forEach((row, i) => {
    const y = top + i * (rowHeight + gap);
    const boxWidth = row.note ? 380 : width - 80 - 56;
    const x = 96;
    parts.push(
      `<circle cx="60" cy="${y + rowHeight / 2}" r="18" fill="${BLUE}"/>`,
      `<text x="60" y="${y + rowHeight / 2 + 7}" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="18" fill="#fff">${i + 1}</text>`,
      `<rect x="${x}" y="${y}" width="${boxWidth}" height="${rowHeight}" rx="14" fill="#dbeafe" stroke="${BLUE}" stroke-width="2"/>`,
    );
    const size = 19;
    const lines = wrapText(row.label, boxWidth - 36, row.mono ? monoWidth(size) : sansWidth(size), 3);
    const family = row.mono ? "DejaVu Sans Mono" : "DejaVu Sans";
    const firstY = y + rowHeight / 2 - ((lines.length - 1) * (size + 5)) / 2 + size / 3;
    lines.forEach((line, n) => {
      parts.push(
        `<text x="${x + 18}" y="${firstY + n * (size + 5)}" font-family="${family}" font-size="${size}" fill="${INK}">${escapeXml(line)}</text>`,
      );
    });
    if (row.note) {
      const noteX = x + boxWidth + 56;
      const noteWidth = width - 40 - noteX;
      parts.push(
        `<path d="M ${x + boxWidth + 8} ${y + rowHeight / 2} h 30" stroke="${MUTED}" stroke-width="3"/>`,
        `<path d="M ${x + boxWidth + 38} ${y + rowHeight / 2 - 7} l 10 7 l -10 7 z" fill="${MUTED}"/>`,
        `<rect x="${noteX}" y="${y}" width="${noteWidth}" height="${rowHeight}" rx="14" fill="#fff" stroke="#cbd5e1" stroke-width="2"/>`,
      );
      const noteLines = wrapText(row.note, noteWidth - 32, sansWidth(17), 3);
      const noteY = y + rowHeight / 2 - ((noteLines.length - 1) * 22) / 2 + 6;
      noteLines.forEach((line, n) => {
        parts.push(
          `<text x="${noteX + 16}" y="${noteY + n * 22}" font-family="DejaVu Sans" font-size="17" fill="${MUTED}">${escapeXml(line)}</text>`,
        );
      });
    }
    if (flow && i < rows.length - 1) {
      const ax = x + boxWidth / 2;
      parts.push(
        `<path d="M ${ax} ${y + rowHeight + 3} v ${gap - 10}" stroke="${MUTED}" stroke-width="3"/>`,
        `<path d="M ${ax - 7} ${y + rowHeight + gap - 9} l 7 9 l 7 -9 z" fill="${MUTED}"/>`,
      );
    }
  });
  parts.push(
    `<text x="${width - 40}" y="${height - 20}" text-anchor="end" font-family="DejaVu Sans" font-size="15" fill="${MUTED}">Skillshelf</text>`,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join("")}</svg>`;
  return renderSvg(svg);
}

const A4: [number, number] = [595.28, 841.89];

/** Draws the sheet from `top` down at `scale`; returns where it ended (below 0: it did not fit). */
function layoutSheet(
  rgb: typeof Rgb,
  page: PDFPage | null,
  type: PdfText,
  subject: MediaSubject,
  sections: Section[],
  scale: number,
) {
  const margin = 40;
  const inner = A4[0] - 2 * margin;
  let y = A4[1] - 74;
  const text = (s: string, x: number, size: number, face: Face, color = rgb(0.06, 0.09, 0.16)) => {
    if (page) type.draw(page, s, { x, y, size, face, color });
  };
  const para = (s: string, x: number, w: number, size: number, face: Face, color?: ReturnType<typeof rgb>) => {
    for (const line of wrapText(s, w, (shown) => type.width(shown, size, face))) {
      text(line, x, size, face, color);
      y -= size * 1.35;
    }
  };
  const body = 9.5 * scale;
  const muted = rgb(0.28, 0.33, 0.41);
  text(subject.title, margin, 20 * scale, "bold");
  y -= 20 * scale * 1.2;
  para(subject.summary, margin, inner, 11 * scale, "sans", muted);
  y -= 6 * scale;
  for (const section of sections) {
    if (section.heading) {
      y -= 6 * scale;
      text(section.heading, margin, 12.5 * scale, "bold", rgb(0.11, 0.31, 0.85));
      y -= 12.5 * scale * 1.45;
    }
    for (const block of section.blocks) {
      if (block.kind === "text") para(block.text, margin, inner, body, "sans");
      if (block.kind === "list") {
        block.items.forEach((item, i) => {
          text(block.ordered ? `${i + 1}.` : "•", margin + 4, body, "bold");
          para(item, margin + 20, inner - 20, body, "sans");
        });
      }
      if (block.kind === "table") {
        const left = inner * 0.42;
        for (const [command, effect] of block.rows) {
          const start = y;
          para(command, margin, left - 10, body, "mono");
          const afterCommand = y;
          y = start;
          para(effect, margin + left, inner - left, body, "sans");
          y = Math.min(y, afterCommand) - 2 * scale;
        }
      }
      if (block.kind === "code") {
        const size = 8.5 * scale;
        const height = block.lines.length * size * 1.35 + 8 * scale;
        page?.drawRectangle({
          x: margin,
          y: y - height + size + 2 * scale,
          width: inner,
          height,
          color: rgb(0.95, 0.96, 0.98),
        });
        y -= 2 * scale;
        for (const line of block.lines) {
          text(line.slice(0, 95), margin + 8, size, "mono");
          y -= size * 1.35;
        }
        y -= 6 * scale;
      }
      y -= 4 * scale;
    }
  }
  return y;
}

/** A one-page A4 cheat sheet of the article: its sections, lists, commands and code, in the store's fonts. */
export async function renderCheatSheet(subject: MediaSubject): Promise<Buffer> {
  // Loaded with the first sheet (a demo seed): pdf-lib costs a process about 20 MB of memory.
  const { PDFDocument, rgb } = await import("pdf-lib");
  const { describeDocument, PdfText } = await import("../lib/pdf-type.ts");
  const doc = await PDFDocument.create({ updateMetadata: false });
  // Catalogue content is not translated: the demo's is English.
  describeDocument(doc, { title: subject.title, language: "en" });
  doc.setSubject(`${subject.artefact} · ${subject.parent}`);
  doc.setCreator("Skillshelf");
  const type = new PdfText(doc);
  const sections = outlineArticle(subject.html);
  // The largest type that fits on one page.
  let scale = 1;
  while (scale > 0.6 && layoutSheet(rgb, null, type, subject, sections, scale) < 48) scale -= 0.05;

  const page = doc.addPage(A4);
  page.drawRectangle({ x: 0, y: A4[1] - 44, width: A4[0], height: 44, color: rgb(0.11, 0.31, 0.85) });
  type.draw(page, `${subject.artefact} · ${subject.parent}`, {
    x: 40,
    y: A4[1] - 28,
    size: 12,
    face: "bold",
    color: rgb(1, 1, 1),
  });
  const brand = "Skillshelf cheat sheet";
  type.draw(page, brand, {
    x: A4[0] - 40 - type.width(brand, 10),
    y: A4[1] - 28,
    size: 10,
    color: rgb(0.86, 0.91, 1),
  });
  layoutSheet(rgb, page, type, subject, sections, scale);
  await type.finish();
  return Buffer.from(await doc.save());
}

/**
 * A minimal PDF 1.4 writer for the demo catalogue's printable sheets: A4
 * pages, the standard Helvetica and Courier Type1 fonts, no dependencies.
 *
 * Lines are plain text. A line starting with "## " is a bold subheading, a
 * line starting with two spaces is set in Courier (code), an empty line is a
 * gap. Lines longer than 90 characters wrap at word boundaries.
 */

export interface PdfOptions {
  title: string;
  lines: string[];
}

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN_X = 50;
const BODY_TOP = 752;
const BODY_BOTTOM = 60;
const WRAP_AT = 90;

/** Text the standard fonts can show: WinAnsi (Latin-1 here), with common typography mapped to ASCII. */
function toWinAnsi(text: string): string {
  const mapped: Record<string, string> = {
    "\u2013": "-",
    "\u2014": "-",
    "\u2018": "'",
    "\u2019": "'",
    "\u201c": '"',
    "\u201d": '"',
    "\u2026": "...",
    "\u2192": "->",
    "\u2190": "<-",
    "\u2022": "-",
    "\t": "    ",
  };
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 63;
    if (mapped[ch] !== undefined) out += mapped[ch];
    else if ((code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff)) out += ch;
    else out += "?";
  }
  return out;
}

function escapePdfString(text: string): string {
  return text.replace(/[\\()]/g, (c) => `\\${c}`);
}

/**
 * Word-wraps one line, keeping the spacing inside it (code and aligned columns).
 * Words longer than the width are cut; continuations of an indented line are indented two more spaces.
 */
function wrapLine(line: string, width = WRAP_AT): string[] {
  if (line.length <= width) return [line];
  const indent = /^\s*/.exec(line)?.[0] ?? "";
  const hanging = indent ? `${indent}  ` : "";
  const out: string[] = [];
  let current = indent;
  const room = () => Math.max(10, width - (out.length === 0 ? indent.length : hanging.length));
  const lead = () => (out.length === 0 ? indent : hanging);
  for (const token of line.slice(indent.length).match(/\S+\s*/g) ?? []) {
    let rest = token;
    while (rest.trimEnd().length > 0) {
      const used = current.length - lead().length;
      if (used + rest.trimEnd().length <= room()) {
        current += rest;
        rest = "";
      } else if (used > 0) {
        out.push(current.trimEnd());
        current = lead();
      } else {
        out.push(current + rest.slice(0, room()));
        current = lead();
        rest = rest.slice(room());
      }
    }
  }
  if (current.trim()) out.push(current.trimEnd());
  return out;
}

interface Run {
  font: "F1" | "F2" | "F3";
  size: number;
  text: string;
  /** Space above the baseline of this run. */
  lead: number;
}

function layout(lines: string[]): Run[][] {
  const pages: Run[][] = [[]];
  let y = BODY_TOP;
  const place = (run: Run) => {
    if (y - run.lead < BODY_BOTTOM) {
      pages.push([]);
      y = BODY_TOP;
    }
    y -= run.lead;
    (pages[pages.length - 1] as Run[]).push({ ...run, lead: y });
  };
  for (const raw of lines) {
    const line = toWinAnsi(raw).replace(/\s+$/, "");
    if (line === "") {
      y -= 8;
      continue;
    }
    if (line.startsWith("## ")) {
      for (const part of wrapLine(line.slice(3).trim(), 70)) {
        place({ font: "F2", size: 12, text: part, lead: 20 });
      }
      continue;
    }
    const code = line.startsWith("  ");
    for (const part of wrapLine(line, WRAP_AT)) {
      place({ font: code ? "F3" : "F1", size: code ? 9 : 10, text: part, lead: code ? 12 : 14 });
    }
  }
  return pages;
}

export function makePdf(opts: PdfOptions): Buffer {
  const title = toWinAnsi(opts.title.trim() || "Untitled");
  const pages = layout(opts.lines);
  const titleLines = wrapLine(title, 56).slice(0, 2);

  // Objects 1-5 are fixed; each page then takes two: the page and its content stream.
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 6 + i * 2);
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages.length} >>`;
  objects[3] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>";
  objects[4] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>";
  objects[5] = "<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>";
  const infoId = 6 + pages.length * 2;

  pages.forEach((runs, index) => {
    const ops: string[] = [];
    if (index === 0) {
      // A coloured title band on the first page.
      ops.push("0.13 0.33 0.66 rg", `0 ${PAGE_HEIGHT - 76} ${PAGE_WIDTH} 76 re f`, "1 1 1 rg");
      titleLines.forEach((line, i) => {
        const y = PAGE_HEIGHT - 40 - i * 20 + (titleLines.length - 1) * 8;
        ops.push(`BT /F2 16 Tf ${MARGIN_X} ${y} Td (${escapePdfString(line)}) Tj ET`);
      });
      ops.push("0 0 0 rg");
    } else {
      ops.push(
        "0.4 0.4 0.4 rg",
        `BT /F1 9 Tf ${MARGIN_X} ${PAGE_HEIGHT - 50} Td (${escapePdfString(titleLines[0] ?? "")}) Tj ET`,
        "0.13 0.33 0.66 RG 1 w",
        `${MARGIN_X} ${PAGE_HEIGHT - 58} m ${PAGE_WIDTH - MARGIN_X} ${PAGE_HEIGHT - 58} l S`,
        "0 0 0 rg",
      );
    }
    for (const run of runs) {
      const color = run.font === "F2" ? "0.13 0.33 0.66 rg" : run.font === "F3" ? "0.2 0.2 0.25 rg" : "0 0 0 rg";
      ops.push(color, `BT /${run.font} ${run.size} Tf ${MARGIN_X} ${run.lead} Td (${escapePdfString(run.text)}) Tj ET`);
    }
    ops.push(
      "0.45 0.45 0.45 rg",
      `BT /F1 8 Tf ${MARGIN_X} 30 Td (Skillshelf - page ${index + 1} of ${pages.length}) Tj ET`,
    );
    const stream = `${ops.join("\n")}\n`;
    const pageId = pageIds[index] as number;
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R /F3 5 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] = `<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}endstream`;
  });
  objects[infoId] = `<< /Title (${escapePdfString(title)}) /Producer (Skillshelf demo catalogue) >>`;

  // Every character is below U+0100, so latin1 gives one byte per character and offsets stay exact.
  let body = "%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n";
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(body, "latin1");
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xrefAt = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) {
    body += `${String(offsets[id]).padStart(10, "0")} 00000 n \n`;
  }
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info ${infoId} 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

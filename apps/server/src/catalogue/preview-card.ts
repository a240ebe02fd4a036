import { createHash } from "node:crypto";
import { escapeXml, renderSvg, sansWidth, wrapText } from "../lib/render-svg.ts";

/** What a category's link preview shows. */
export interface PreviewCard {
  name: string;
  /** The parent category's name, for an artefact. */
  parent: string | null;
  line: string;
  /** The price to show, already formatted; null for a free artefact or a parent. */
  price: string | null;
}

const PREVIEW_SIZE = { width: 1200, height: 630 } as const;

/**
 * A category's 1200x630 link-preview picture (og:image): its name, where it sits,
 * its line and its price, drawn from SVG. Public text only, never an article's media.
 */
export function renderPreviewCard(card: PreviewCard): { png: Buffer; etag: string } {
  const { width, height } = PREVIEW_SIZE;
  const nameLines = wrapText(card.name, width - 160, sansWidth(76), 2);
  const lineLines = wrapText(card.line, width - 160, sansWidth(32), 3);
  const parts = [
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#1d4ed8"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#g)"/>`,
    `<text x="80" y="110" font-family="DejaVu Sans" font-weight="bold" font-size="34" fill="#bfdbfe">Skillshelf${card.parent ? ` · ${escapeXml(card.parent)}` : ""}</text>`,
    ...nameLines.map(
      (line, i) =>
        `<text x="80" y="${225 + i * 88}" font-family="DejaVu Sans" font-weight="bold" font-size="76" fill="#fff">${escapeXml(line)}</text>`,
    ),
    ...lineLines.map(
      (line, i) =>
        `<text x="80" y="${225 + nameLines.length * 88 + 20 + i * 44}" font-family="DejaVu Sans" font-size="32" fill="#dbeafe">${escapeXml(line)}</text>`,
    ),
  ];
  const badge = card.price ?? (card.parent ? "Free" : null);
  if (badge) {
    const badgeWidth = sansWidth(34)(badge) + 64;
    parts.push(
      `<rect x="80" y="${height - 140}" width="${badgeWidth}" height="72" rx="36" fill="#fff"/>`,
      `<text x="${80 + badgeWidth / 2}" y="${height - 92}" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="34" fill="#1e3a8a">${escapeXml(badge)}</text>`,
    );
  }
  const png = renderSvg(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join("")}</svg>`,
  );
  return { png, etag: `"${createHash("sha1").update(png).digest("base64url")}"` };
}

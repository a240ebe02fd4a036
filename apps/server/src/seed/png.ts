import { deflateSync } from "node:zlib";

/**
 * A tiny dependency-free PNG painter for the demo catalogue's illustrations.
 * Shapes are drawn from signed distances so their edges are anti-aliased;
 * everything derives from `seed`, so the same options give the same bytes.
 */

export interface PngOptions {
  width: number;
  height: number;
  seed: string;
  label?: string;
}

type Rgb = readonly [number, number, number];

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Encodes 8-bit RGB pixels, picking a filter per row with the usual minimum-sum heuristic. */
function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  const candidate = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    const prev = y > 0 ? row - stride : -1;
    let bestFilter = 0;
    let bestScore = Number.POSITIVE_INFINITY;
    let best: Uint8Array = rgb.subarray(row, row + stride);
    for (const filter of [0, 1, 2] as const) {
      let score = 0;
      for (let i = 0; i < stride; i++) {
        const cur = rgb[row + i] as number;
        const left = i >= 3 ? (rgb[row + i - 3] as number) : 0;
        const up = prev >= 0 ? (rgb[prev + i] as number) : 0;
        const v = filter === 0 ? cur : filter === 1 ? (cur - left) & 0xff : (cur - up) & 0xff;
        candidate[i] = v;
        score += v < 128 ? v : 256 - v;
      }
      if (score < bestScore) {
        bestScore = score;
        bestFilter = filter;
        best = candidate.slice();
      }
    }
    raw[y * (stride + 1)] = bestFilter;
    raw.set(best, y * (stride + 1) + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: truecolour RGB
  ihdr[10] = 0; // compression
  ihdr[11] = 0; // filter method
  ihdr[12] = 0; // no interlace
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small seeded generator, so pictures never depend on Math.random. */
function makeRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hsl(h: number, s: number, l: number): Rgb {
  const hue = (((h % 360) + 360) % 360) / 360;
  const f = (n: number) => {
    const k = (n + hue * 12) % 12;
    const a = s * Math.min(l, 1 - l);
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

class Canvas {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
  }

  blend(x: number, y: number, color: Rgb, alpha: number): void {
    if (alpha <= 0 || x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 3;
    const a = Math.min(1, alpha);
    for (let c = 0; c < 3; c++) {
      const old = this.pixels[i + c] as number;
      this.pixels[i + c] = Math.round(old + ((color[c] as number) - old) * a);
    }
  }

  /** Paints every pixel of a box whose coverage comes from a signed distance (negative inside). */
  private shade(
    x0: number,
    y0: number,
    x1: number,
    y1: number,
    distance: (px: number, py: number) => number,
    color: Rgb,
    alpha: number,
  ): void {
    const xa = Math.max(0, Math.floor(x0) - 1);
    const ya = Math.max(0, Math.floor(y0) - 1);
    const xb = Math.min(this.width - 1, Math.ceil(x1) + 1);
    const yb = Math.min(this.height - 1, Math.ceil(y1) + 1);
    for (let y = ya; y <= yb; y++) {
      for (let x = xa; x <= xb; x++) {
        const coverage = clamp01(0.5 - distance(x + 0.5, y + 0.5));
        if (coverage > 0) this.blend(x, y, color, coverage * alpha);
      }
    }
  }

  roundRect(x: number, y: number, w: number, h: number, r: number, color: Rgb, alpha = 1): void {
    const cx = x + w / 2;
    const cy = y + h / 2;
    const hw = w / 2 - r;
    const hh = h / 2 - r;
    this.shade(
      x,
      y,
      x + w,
      y + h,
      (px, py) => {
        const qx = Math.abs(px - cx) - hw;
        const qy = Math.abs(py - cy) - hh;
        const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0));
        return outside + Math.min(Math.max(qx, qy), 0) - r;
      },
      color,
      alpha,
    );
  }

  circle(cx: number, cy: number, r: number, color: Rgb, alpha = 1): void {
    this.shade(cx - r, cy - r, cx + r, cy + r, (px, py) => Math.hypot(px - cx, py - cy) - r, color, alpha);
  }

  ring(cx: number, cy: number, r: number, thickness: number, color: Rgb, alpha = 1): void {
    const o = r + thickness;
    this.shade(
      cx - o,
      cy - o,
      cx + o,
      cy + o,
      (px, py) => Math.abs(Math.hypot(px - cx, py - cy) - r) - thickness / 2,
      color,
      alpha,
    );
  }

  line(x1: number, y1: number, x2: number, y2: number, width: number, color: Rgb, alpha = 1): void {
    const dx = x2 - x1;
    const dy = y2 - y1;
    const len2 = dx * dx + dy * dy || 1;
    const pad = width;
    this.shade(
      Math.min(x1, x2) - pad,
      Math.min(y1, y2) - pad,
      Math.max(x1, x2) + pad,
      Math.max(y1, y2) + pad,
      (px, py) => {
        const t = clamp01(((px - x1) * dx + (py - y1) * dy) / len2);
        return Math.hypot(px - (x1 + t * dx), py - (y1 + t * dy)) - width / 2;
      },
      color,
      alpha,
    );
  }

  /** A convex polygon given clockwise in screen coordinates. */
  polygon(points: readonly (readonly [number, number])[], color: Rgb, alpha = 1): void {
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    const edges = points.map((p, i) => {
      const q = points[(i + 1) % points.length] as readonly [number, number];
      const ex = q[0] - p[0];
      const ey = q[1] - p[1];
      const len = Math.hypot(ex, ey) || 1;
      return { x: p[0], y: p[1], nx: ey / len, ny: -ex / len };
    });
    this.shade(
      Math.min(...xs),
      Math.min(...ys),
      Math.max(...xs),
      Math.max(...ys),
      (px, py) => {
        let d = Number.NEGATIVE_INFINITY;
        for (const e of edges) d = Math.max(d, (px - e.x) * e.nx + (py - e.y) * e.ny);
        return d;
      },
      color,
      alpha,
    );
  }

  arrow(x1: number, y1: number, x2: number, y2: number, color: Rgb): void {
    const angle = Math.atan2(y2 - y1, x2 - x1);
    const head = 10;
    const bx = x2 - Math.cos(angle) * head;
    const by = y2 - Math.sin(angle) * head;
    this.line(x1, y1, bx, by, 3, color);
    const side = (sign: number): [number, number] => [
      bx + Math.cos(angle + (sign * Math.PI) / 2) * 6,
      by + Math.sin(angle + (sign * Math.PI) / 2) * 6,
    ];
    this.polygon([side(-1), [x2, y2], side(1)], color);
  }

  text(x: number, y: number, text: string, scale: number, color: Rgb, alpha = 1): void {
    let cx = x;
    for (const ch of text.toUpperCase()) {
      const rows = GLYPHS[ch] ?? GLYPHS[" "];
      rows?.forEach((row, gy) => {
        for (let gx = 0; gx < row.length; gx++) {
          if (row[gx] !== "#") continue;
          for (let sy = 0; sy < scale; sy++) {
            for (let sx = 0; sx < scale; sx++) {
              this.blend(cx + gx * scale + sx, y + gy * scale + sy, color, alpha);
            }
          }
        }
      });
      cx += 6 * scale;
    }
  }
}

/** A 5x7 bitmap font: seven rows of five cells each, "#" lit. */
const GLYPHS: Record<string, string[]> = Object.fromEntries(
  Object.entries({
    A: ".###. #...# #...# ##### #...# #...# #...#",
    B: "####. #...# #...# ####. #...# #...# ####.",
    C: ".###. #...# #.... #.... #.... #...# .###.",
    D: "####. #...# #...# #...# #...# #...# ####.",
    E: "##### #.... #.... ####. #.... #.... #####",
    F: "##### #.... #.... ####. #.... #.... #....",
    G: ".###. #...# #.... #.### #...# #...# .####",
    H: "#...# #...# #...# ##### #...# #...# #...#",
    I: ".###. ..#.. ..#.. ..#.. ..#.. ..#.. .###.",
    J: "..### ...#. ...#. ...#. ...#. #..#. .##..",
    K: "#...# #..#. #.#.. ##... #.#.. #..#. #...#",
    L: "#.... #.... #.... #.... #.... #.... #####",
    M: "#...# ##.## #.#.# #.#.# #...# #...# #...#",
    N: "#...# #...# ##..# #.#.# #..## #...# #...#",
    O: ".###. #...# #...# #...# #...# #...# .###.",
    P: "####. #...# #...# ####. #.... #.... #....",
    Q: ".###. #...# #...# #...# #.#.# #..#. .##.#",
    R: "####. #...# #...# ####. #.#.. #..#. #...#",
    S: ".#### #.... #.... .###. ....# ....# ####.",
    T: "##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..",
    U: "#...# #...# #...# #...# #...# #...# .###.",
    V: "#...# #...# #...# #...# #...# .#.#. ..#..",
    W: "#...# #...# #...# #.#.# #.#.# #.#.# .#.#.",
    X: "#...# #...# .#.#. ..#.. .#.#. #...# #...#",
    Y: "#...# #...# .#.#. ..#.. ..#.. ..#.. ..#..",
    Z: "##### ....# ...#. ..#.. .#... #.... #####",
    "0": ".###. #...# #..## #.#.# ##..# #...# .###.",
    "1": "..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.",
    "2": ".###. #...# ....# ...#. ..#.. .#... #####",
    "3": "##### ...#. ..#.. ...#. ....# #...# .###.",
    "4": "...#. ..##. .#.#. #..#. ##### ...#. ...#.",
    "5": "##### #.... ####. ....# ....# #...# .###.",
    "6": "..##. .#... #.... ####. #...# #...# .###.",
    "7": "##### ....# ...#. ..#.. .#... .#... .#...",
    "8": ".###. #...# #...# .###. #...# #...# .###.",
    "9": ".###. #...# #...# .#### ....# ...#. .##..",
    " ": "..... ..... ..... ..... ..... ..... .....",
    "-": "..... ..... ..... .###. ..... ..... .....",
    ".": "..... ..... ..... ..... ..... .##.. .##..",
    ",": "..... ..... ..... ..... .##.. ..#.. .#...",
    ":": "..... .##.. .##.. ..... .##.. .##.. .....",
    "/": "..... ....# ...#. ..#.. .#... #.... .....",
    "+": "..... ..#.. ..#.. ##### ..#.. ..#.. .....",
    "#": ".#.#. .#.#. ##### .#.#. ##### .#.#. .#.#.",
    "&": ".##.. #..#. #.#.. .#... #.#.# #..#. .##.#",
    "'": "..#.. ..#.. .#... ..... ..... ..... .....",
    "(": "...#. ..#.. .#... .#... .#... ..#.. ...#.",
    ")": ".#... ..#.. ...#. ...#. ...#. ..#.. .#...",
    "?": ".###. #...# ....# ...#. ..#.. ..... ..#..",
  }).map(([ch, rows]) => [ch, rows.split(" ")]),
);

/** Splits a label into at most `maxLines` lines of at most `perLine` characters. */
function wrapLabel(label: string, perLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of label.trim().split(/\s+/)) {
    const next = current ? `${current} ${word}` : word;
    if (next.length <= perLine) {
      current = next;
      continue;
    }
    if (current) lines.push(current);
    current = word.slice(0, perLine);
  }
  if (current) lines.push(current);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    const last = kept[maxLines - 1] as string;
    kept[maxLines - 1] = `${last.slice(0, perLine - 3)}...`;
    return kept;
  }
  return lines;
}

type Painter = (c: Canvas, area: Area, rnd: () => number, palette: Rgb[]) => void;
interface Area {
  x: number;
  y: number;
  w: number;
  h: number;
}

const pick = <T>(items: readonly T[], rnd: () => number): T => items[Math.floor(rnd() * items.length)] as T;

/** A bar chart with an axis and a trend line. */
const bars: Painter = (c, a, rnd, palette) => {
  const n = 5 + Math.floor(rnd() * 3);
  const gap = 10;
  const bw = (a.w - 30 - gap * (n - 1)) / n;
  const base = a.y + a.h;
  c.line(a.x + 12, a.y, a.x + 12, base, 2, [90, 100, 120]);
  c.line(a.x + 12, base, a.x + a.w, base, 2, [90, 100, 120]);
  const tops: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    const h = a.h * (0.25 + rnd() * 0.7);
    const x = a.x + 24 + i * (bw + gap);
    c.roundRect(x, base - h, bw, h - 1, 4, palette[i % palette.length] as Rgb);
    tops.push([x + bw / 2, base - h - 10]);
  }
  for (let i = 1; i < tops.length; i++) {
    const [x1, y1] = tops[i - 1] as [number, number];
    const [x2, y2] = tops[i] as [number, number];
    c.line(x1, y1, x2, y2, 2, [40, 48, 64], 0.7);
  }
  for (const [x, y] of tops) c.circle(x, y, 4, [40, 48, 64]);
};

/** Stacked layers, like image layers or a protocol stack. */
const layers: Painter = (c, a, rnd, palette) => {
  const n = 4 + Math.floor(rnd() * 2);
  const lh = (a.h - (n - 1) * 8) / n;
  for (let i = 0; i < n; i++) {
    const inset = (n - 1 - i) * (a.w * 0.05);
    const y = a.y + i * (lh + 8);
    const color = palette[i % palette.length] as Rgb;
    c.roundRect(a.x + inset, y, a.w - inset * 2, lh, 6, color);
    c.circle(a.x + inset + 16, y + lh / 2, 5, [255, 255, 255], 0.9);
    const barW = (a.w - inset * 2) * (0.25 + rnd() * 0.35);
    c.roundRect(a.x + inset + 30, y + lh / 2 - 4, barW, 8, 4, [255, 255, 255], 0.55);
  }
};

/** A graph of connected nodes, like a cluster or a network. */
const nodes: Painter = (c, a, rnd, palette) => {
  const n = 6 + Math.floor(rnd() * 3);
  const cols = 4;
  const points: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    const col = i % cols;
    const row = Math.floor(i / cols);
    const rows = Math.ceil(n / cols);
    const cx = a.x + (a.w / cols) * (col + 0.5) + (rnd() - 0.5) * 30;
    const cy = a.y + (a.h / rows) * (row + 0.5) + (rnd() - 0.5) * 20;
    points.push([cx, cy]);
  }
  // Join each node to its left neighbour and to the node above it: a mesh without long crossings.
  for (let i = 1; i < n; i++) {
    const p = points[i] as [number, number];
    const targets = [i % cols > 0 ? i - 1 : -1, i >= cols ? i - cols : -1];
    for (const t of targets) {
      const q = points[t];
      if (q) c.line(p[0], p[1], q[0], q[1], 2.5, [70, 80, 100], 0.8);
    }
  }
  points.forEach(([x, y], i) => {
    const r = i === 0 ? 22 : 14 + rnd() * 6;
    c.circle(x, y, r + 3, [255, 255, 255]);
    c.circle(x, y, r, palette[i % palette.length] as Rgb);
    c.ring(x, y, r * 0.55, 2, [255, 255, 255], 0.7);
  });
};

/** Boxes joined by arrows: a pipeline or request flow. */
const flow: Painter = (c, a, rnd, palette) => {
  const n = 3 + Math.floor(rnd() * 2);
  const bw = (a.w - (n - 1) * 34) / n;
  const bh = a.h * 0.42;
  const y = a.y + 6;
  for (let i = 0; i < n; i++) {
    const x = a.x + i * (bw + 34);
    c.roundRect(x, y, bw, bh, 10, palette[i % palette.length] as Rgb);
    for (let k = 0; k < 3; k++) {
      c.roundRect(x + 12, y + 16 + k * 16, (bw - 24) * (0.5 + rnd() * 0.5), 7, 3, [255, 255, 255], 0.6);
    }
    if (i < n - 1) c.arrow(x + bw + 4, y + bh / 2, x + bw + 30, y + bh / 2, [60, 70, 90]);
  }
  const sy = y + bh + 34;
  const sw = a.w * 0.6;
  const sx = a.x + (a.w - sw) / 2;
  const sh = a.h - (sy - a.y);
  c.roundRect(sx, sy, sw, sh, 10, palette[palette.length - 1] as Rgb, 0.9);
  for (let k = 0; k < 4; k++) {
    c.roundRect(sx + 14 + k * (sw - 28) * 0.25, sy + sh / 2 - 10, (sw - 28) * 0.25 - 10, 20, 5, [255, 255, 255], 0.55);
  }
  c.arrow(a.x + bw / 2, y + bh + 4, sx + 20, sy - 2, [60, 70, 90]);
  c.arrow(sx + sw - 20, sy - 2, a.x + a.w - bw / 2, y + bh + 4, [60, 70, 90]);
};

const PAINTERS: readonly Painter[] = [bars, layers, nodes, flow];

export function makePng(opts: PngOptions): Buffer {
  const width = Math.max(64, Math.min(1024, Math.round(opts.width)));
  const height = Math.max(64, Math.min(1024, Math.round(opts.height)));
  const hash = hashString(opts.seed);
  const rnd = makeRandom(hash);
  const hue = hash % 360;
  const canvas = new Canvas(width, height);

  // Background: a diagonal gradient in the seed's hue, with a faint dot grid.
  const from = hsl(hue, 0.55, 0.42);
  const to = hsl(hue + 35, 0.6, 0.2);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / width) * 0.4 + (y / height) * 0.6;
      const i = (y * width + x) * 3;
      for (let ch = 0; ch < 3; ch++) {
        canvas.pixels[i + ch] = Math.round((from[ch] as number) + ((to[ch] as number) - (from[ch] as number)) * t);
      }
    }
  }
  for (let y = 12; y < height; y += 24) {
    for (let x = 12; x < width; x += 24) canvas.circle(x, y, 1.2, [255, 255, 255], 0.18);
  }

  // A light card with a title band and the diagram.
  const margin = Math.round(Math.min(width, height) * 0.07);
  const card = { x: margin, y: margin, w: width - margin * 2, h: height - margin * 2 };
  canvas.roundRect(card.x + 4, card.y + 6, card.w, card.h, 14, [0, 0, 0], 0.25);
  canvas.roundRect(card.x, card.y, card.w, card.h, 14, [248, 249, 252]);

  const palette: Rgb[] = [
    hsl(hue, 0.62, 0.5),
    hsl(hue + 40, 0.6, 0.55),
    hsl(hue + 180, 0.45, 0.5),
    hsl(hue - 40, 0.55, 0.45),
    hsl(hue + 90, 0.4, 0.5),
  ];

  let top = card.y + 16;
  const label = opts.label?.trim();
  if (label) {
    const scale = card.w >= 360 ? 2 : 1;
    const perLine = Math.floor((card.w - 46) / (6 * scale));
    const lines = wrapLabel(label.toUpperCase(), perLine, 2);
    canvas.roundRect(card.x + 16, top + 1, 6, lines.length * 9 * scale + 2, 3, palette[0] as Rgb);
    lines.forEach((line, i) => {
      canvas.text(card.x + 30, top + 3 + i * 9 * scale, line, scale, [34, 40, 56]);
    });
    top += lines.length * 9 * scale + 16;
  }
  const area = { x: card.x + 22, y: top + 6, w: card.w - 44, h: card.y + card.h - top - 28 };
  pick(PAINTERS, rnd)(canvas, area, rnd, palette);
  return encodePng(width, height, canvas.pixels);
}

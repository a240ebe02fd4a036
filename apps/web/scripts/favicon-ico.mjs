// Run after `react-router build`: draws public/favicon.svg at 16, 32 and 48 pixels and packs the
// three PNGs into build/client/favicon.ico, for the browsers, feed readers and crawlers that ask
// for /favicon.ico whatever the page links. Made from the SVG at each build, so the two never differ
// and no binary is kept in git (decision 0040).
import fs from "node:fs/promises";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";

const SIZES = [16, 32, 48];
const svg = await fs.readFile(path.resolve(import.meta.dirname, "../public/favicon.svg"));
const pngs = SIZES.map((size) => new Resvg(svg, { fitTo: { mode: "width", value: size } }).render().asPng());

// The ICO container: a 6-byte header, a 16-byte entry per image, then the images, here PNGs
// (which every browser, and Windows since Vista, reads in an ICO).
const head = Buffer.alloc(6 + 16 * pngs.length);
head.writeUInt16LE(1, 2); // type 1: icon
head.writeUInt16LE(pngs.length, 4);
let offset = head.length;
pngs.forEach((png, i) => {
  const entry = 6 + 16 * i;
  const size = SIZES[i];
  head.writeUInt8(size, entry); // width and height (0 would mean 256)
  head.writeUInt8(size, entry + 1);
  head.writeUInt16LE(1, entry + 4); // colour planes
  head.writeUInt16LE(32, entry + 6); // bits per pixel
  head.writeUInt32LE(png.length, entry + 8);
  head.writeUInt32LE(offset, entry + 12);
  offset += png.length;
});
const ico = Buffer.concat([head, ...pngs]);
await fs.writeFile(path.resolve(import.meta.dirname, "../build/client/favicon.ico"), ico);
console.log(`favicon.ico: ${SIZES.join(", ")} px, ${ico.length} bytes`);

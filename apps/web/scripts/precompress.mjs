// Run after `react-router build`: writes a .br and a .gz beside every compressible
// hashed asset, so the server hands them out with @fastify/static's preCompressed
// option instead of compressing the same bytes again on every request. Build time
// is the place for the slowest, smallest settings (brotli 11, gzip 9).
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const assetsDir = path.resolve(import.meta.dirname, "../build/client/assets");
// Fonts, images and other binary formats are already compressed; only text formats gain.
const compressible = /\.(?:js|mjs|css|svg|json|map|txt|html)$/;

const names = (await fs.readdir(assetsDir)).filter((name) => compressible.test(name));
let raw = 0;
let br = 0;
let gz = 0;
await Promise.all(
  names.map(async (name) => {
    const file = path.join(assetsDir, name);
    const bytes = await fs.readFile(file);
    const [brBytes, gzBytes] = await Promise.all([
      brotli(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    raw += bytes.length;
    // A file too small to shrink is served as it is: the server falls back to it.
    if (brBytes.length < bytes.length) {
      await fs.writeFile(`${file}.br`, brBytes);
      br += brBytes.length;
    } else br += bytes.length;
    if (gzBytes.length < bytes.length) {
      await fs.writeFile(`${file}.gz`, gzBytes);
      gz += gzBytes.length;
    } else gz += bytes.length;
  }),
);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`precompressed ${names.length} assets: ${kb(raw)} raw, ${kb(br)} br, ${kb(gz)} gzip`);

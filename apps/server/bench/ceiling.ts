import { execFile } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "../test/helpers/free-port.ts";
import { adaptedRecipe, NGINX, nginxErrors, RECIPE_HOST, startNginx, stopNginx } from "../test/helpers/nginx.ts";

/*
 * Issue 37's ceiling: the store's anonymous pages beside nginx serving the very
 * bytes the store sends (as static files), beside a plain Node server sending
 * them from memory, and the store behind the documented nginx configuration
 * (docs/nginx/skillshelf.conf: TLS, the shared cache) beside nginx serving the
 * same bytes over the same TLS. Loads come from wrk, which outruns both nginx
 * and Node here; autocannon (Node) would be the bottleneck against nginx.
 */

const WRK = process.env.WRK_PATH ?? "/usr/bin/wrk";
const run = promisify(execFile);

export interface Load {
  rps: number;
  p99: number;
  answers: number;
}

const UNITS: Record<string, number> = { us: 0.001, ms: 1, s: 1000 };

/** wrk's figures for `url`: answers per second, p99 in ms; any error or non-2xx answer fails. */
export async function wrkLoad(
  url: string,
  options: { seconds: number; connections: number; headers: Record<string, string> },
): Promise<Load> {
  const headers = Object.entries(options.headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
  const { stdout } = await run(WRK, [
    "-t2",
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    "--latency",
    ...headers,
    url,
  ]);
  const rps = Number(stdout.match(/Requests\/sec:\s+([\d.]+)/)?.[1]);
  const total = Number(stdout.match(/(\d+) requests in/)?.[1]);
  const p99 = stdout.match(/^\s+99%\s+([\d.]+)(us|ms|s)\s*$/m);
  const wrong = stdout.match(/Non-2xx or 3xx responses: (\d+)/)?.[1];
  const errors = stdout.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  if (!Number.isFinite(rps) || !p99) throw new Error(`${url}: wrk printed no figures:\n${stdout}`);
  if (wrong) throw new Error(`${url}: ${wrong} answers other than 2xx or 3xx:\n${stdout}`);
  if (errors && [errors[1], errors[3], errors[4]].some((n) => Number(n) > 0))
    throw new Error(`${url}: wrk had socket errors: ${errors[0]}`);
  return { rps, p99: Number(p99[1]) * (UNITS[p99[2] ?? "ms"] ?? 1), answers: total };
}

/** One GET with exactly these headers; the response's headers, and the bytes as they came on the wire. */
export function wireBytes(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; encoding: string; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers, agent: false }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              encoding: String(res.headers["content-encoding"] ?? "identity"),
              headers: res.headers,
              body: Buffer.concat(chunks),
            }),
          );
          res.on("error", reject);
        })
        .on("error", reject);
    },
  );
}

export interface Ceiling {
  /** The same bytes as `key`'s page, from nginx as a static file (plain HTTP). */
  nginxStatic(key: string): string;
  /** The same response from a plain Node server (node:http, from memory): the store's headers and bytes. */
  plainNode(key: string): string;
  /** The store's page through the documented nginx configuration (HTTPS, its cache). */
  behindNginx(pagePath: string): string;
  /** The same bytes as a static file from that nginx server (HTTPS). */
  nginxStaticTls(key: string): string;
  /** The Host header the TLS server answers to. */
  host: string;
  stop(): Promise<void>;
}

/**
 * nginx and a plain Node server, each serving `pages`' bytes as the store sends them to a
 * browser (`accept-encoding: br, gzip`), and the store behind the documented configuration.
 * Null, with the reason printed, when nginx or wrk is not installed.
 */
export async function startCeiling(
  storeUrl: string,
  pages: [key: string, path: string][],
  headers: Record<string, string>,
): Promise<Ceiling | null> {
  const missing = [NGINX, WRK].filter((file) => !fs.existsSync(file));
  if (missing.length > 0) {
    console.log(`\n  Against nginx: skipped, not installed: ${missing.join(", ")} (apt-get install nginx wrk)`);
    return null;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "skillshelf-ceiling-"));
  fs.mkdirSync(`${dir}/static`);
  const bodies = new Map<string, { body: Buffer; head: http.OutgoingHttpHeaders; encoding: string }>();
  for (const [key, page] of pages) {
    const { status, encoding, headers: sent, body } = await wireBytes(storeUrl + page, headers);
    if (status !== 200) throw new Error(`${page}: ${status}`);
    // Every header the store sent but those node:http writes itself for each response.
    const { date, connection, "keep-alive": keepAlive, "transfer-encoding": chunked, ...head } = sent;
    bodies.set(key, { body, head, encoding });
    fs.writeFileSync(`${dir}/static/${key}`, body);
  }
  const encodings = new Set([...bodies.values()].map((b) => b.encoding));
  if (encodings.size !== 1) throw new Error(`the store sent its pages in several encodings: ${[...encodings]}`);
  const [encoding] = encodings;
  const staticLocation = [
    "location /bench-static/ {",
    `    alias ${dir}/static/;`,
    "    default_type text/html;",
    encoding === "identity" ? "" : `    add_header Content-Encoding ${encoding};`,
    "}",
  ].join("\n");

  const plain = http.createServer((request, response) => {
    const found = bodies.get((request.url ?? "").slice(1));
    if (!found) return response.writeHead(404).end();
    response.writeHead(200, found.head).end(found.body);
  });
  await new Promise<void>((resolve) => plain.listen(0, "127.0.0.1", resolve));
  const plainPort = (plain.address() as { port: number }).port;

  const ports = { store: Number(new URL(storeUrl).port), https: await freePort(), http: await freePort() };
  const staticPort = await freePort();
  const site = [
    // The recipe, with the static files beside the store's pages in its TLS server.
    adaptedRecipe(dir, ports, [
      ["    location /assets/ {", `    ${staticLocation.replaceAll("\n", "\n    ")}\n\n    location /assets/ {`],
    ]),
    // nginx's ceiling without TLS, beside the store alone.
    `server {\n    listen 127.0.0.1:${staticPort};\n    ${staticLocation.replaceAll("\n", "\n    ")}\n}`,
  ].join("\n");
  // As nginx is deployed: a worker per core.
  const nginx = startNginx(dir, site, { workers: "auto" });
  const ceiling: Ceiling = {
    nginxStatic: (key) => `http://127.0.0.1:${staticPort}/bench-static/${key}`,
    plainNode: (key) => `http://127.0.0.1:${plainPort}/${key}`,
    behindNginx: (page) => `https://127.0.0.1:${ports.https}${page}`,
    nginxStaticTls: (key) => `https://127.0.0.1:${ports.https}/bench-static/${key}`,
    host: RECIPE_HOST,
    async stop() {
      await stopNginx(nginx);
      await new Promise((resolve) => plain.close(resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answered = await fetch(ceiling.nginxStatic(pages[0]?.[0] ?? "")).then(
      (r) => r.ok,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline || nginx.exitCode !== null) {
      const errors = nginxErrors(dir);
      await ceiling.stop();
      throw new Error(`nginx did not answer:\n${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return ceiling;
}

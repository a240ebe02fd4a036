import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/*
 * nginx from Debian's package running the documented configuration
 * (docs/nginx/skillshelf.conf) in a folder of its own: for behind-nginx.test.ts
 * and the bench, which measures the store behind it.
 */

export const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
const RECIPE = path.resolve(import.meta.dirname, "../../../../docs/nginx/skillshelf.conf");
/** The server_name the recipe names. */
export const RECIPE_HOST = "shop.example.com";

/** `text` with each replacement made where it says the usual thing: each must still be there. */
function adapt(text: string, replacements: [string, string][]): string {
  let adapted = text;
  for (const [from, to] of replacements) {
    if (!adapted.includes(from)) throw new Error(`docs/nginx/skillshelf.conf no longer says "${from}"`);
    adapted = adapted.replaceAll(from, to);
  }
  return adapted;
}

export interface RecipePorts {
  store: number;
  https: number;
  http: number;
}

/**
 * The recipe with these ports, a certificate of its own made in `dir` and its cache there;
 * `more` are further replacements (the bench adds a location beside the store's).
 */
export function adaptedRecipe(dir: string, ports: RecipePorts, more: [string, string][] = []): string {
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", `/CN=${RECIPE_HOST}`],
      ...["-keyout", `${dir}/privkey.pem`, "-out", `${dir}/fullchain.pem`],
    ],
    { stdio: "ignore" },
  );
  return adapt(fs.readFileSync(RECIPE, "utf8"), [
    ["127.0.0.1:3000", `127.0.0.1:${ports.store}`],
    ["listen 443 ssl http2;", `listen 127.0.0.1:${ports.https} ssl http2;`],
    ["listen 80;", `listen 127.0.0.1:${ports.http};`],
    ["/etc/ssl/skillshelf/", `${dir}/`],
    ["/var/cache/nginx/skillshelf", `${dir}/cache`],
    ...more,
  ]);
}

/** nginx in the foreground with `site` in its http block, its files in `dir`. */
export function startNginx(dir: string, site: string, options: { workers?: number | "auto" } = {}): ChildProcess {
  if (!fs.existsSync(NGINX))
    throw new Error(`nginx is not installed at ${NGINX}: apt-get install nginx (or set NGINX_PATH)`);
  fs.writeFileSync(`${dir}/skillshelf.conf`, site);
  // nginx's own files in the folder; as root, its workers run as root to write them.
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((kind) => `${kind}_temp_path ${dir}/${kind};`);
  fs.writeFileSync(
    `${dir}/nginx.conf`,
    [
      process.getuid?.() === 0 ? "user root;" : "",
      `worker_processes ${options.workers ?? 1};`,
      "daemon off;",
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      "events { worker_connections 1024; }",
      `http { access_log off; ${temp.join(" ")} include ${dir}/skillshelf.conf; }`,
    ].join("\n"),
  );
  return spawn(NGINX, ["-p", dir, "-e", `${dir}/error.log`, "-c", `${dir}/nginx.conf`], { stdio: "ignore" });
}

/** What nginx wrote to its error log in `dir`, for a failure's message. */
export const nginxErrors = (dir: string) =>
  fs.existsSync(`${dir}/error.log`) ? fs.readFileSync(`${dir}/error.log`, "utf8") : "";

/** Stops nginx gracefully and waits for it. */
export async function stopNginx(nginx: ChildProcess | undefined): Promise<void> {
  if (!nginx || nginx.exitCode !== null) return;
  const exited = new Promise((resolve) => nginx.once("exit", resolve));
  nginx.kill("SIGQUIT");
  await exited;
}

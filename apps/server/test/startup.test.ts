import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "../src/db/data-dir-lock.ts";
import { autoWorkers, ConfigError, parseConfig, usableMemory } from "../src/env.ts";
import { migratedDataDir } from "./helpers/database.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { TYPESCRIPT_NODE_ARGS } from "./helpers/typescript-process.ts";

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, "..");

describe("configuration", () => {
  it("has defaults that work offline", () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      publicUrl: "http://localhost:3000",
      payments: "emulator",
      storeCurrency: "GBP",
      seed: "demo",
      databaseUrl: undefined,
      shutdownGraceMs: 10_000,
    });
    expect(parseConfig({ PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
    expect(parseConfig({ PUBLIC_URL: "https://shop.example/" }).publicUrl).toBe("https://shop.example");
  });

  it("accepts any currency of ISO 4217, whatever its minor unit", () => {
    for (const currency of ["GBP", "EUR", "USD", "INR", "JPY", "KRW", "KWD", "BHD"]) {
      expect(parseConfig({ STORE_CURRENCY: currency }).storeCurrency).toBe(currency);
    }
  });

  it("sells from the UK, not VAT registered, unless STORE_COUNTRY, VAT_NUMBER and VAT_OSS say otherwise", () => {
    expect(parseConfig({}).tax).toEqual({ country: "GB", vatNumber: null, oss: false });
    expect(parseConfig({ VAT_NUMBER: "gb 980 7806 84", VAT_OSS: "on" }).tax).toEqual({
      country: "GB",
      vatNumber: "GB980780684",
      oss: true,
    });
    expect(parseConfig({ STORE_COUNTRY: "FR", VAT_NUMBER: "FR40303265045" }).tax.country).toBe("FR");
  });

  it("trusts no proxy unless TRUST_PROXY names a hop count or the proxies' addresses", () => {
    expect(parseConfig({}).trustProxy).toBeNull();
    expect(parseConfig({ TRUST_PROXY: "" }).trustProxy).toBeNull();
    // The old explicit "false" still means what it said.
    expect(parseConfig({ TRUST_PROXY: "false" }).trustProxy).toBeNull();
    expect(parseConfig({ TRUST_PROXY: "1" }).trustProxy).toEqual({ hops: 1 });
    expect(parseConfig({ TRUST_PROXY: " 2 " }).trustProxy).toEqual({ hops: 2 });
    expect(parseConfig({ TRUST_PROXY: "10.0.0.0/8, 192.0.2.7,fd00::/8 , ::1,loopback" }).trustProxy).toEqual({
      proxies: ["10.0.0.0/8", "192.0.2.7", "fd00::/8", "::1", "loopback"],
    });
  });

  it("runs one process per core (at most 4, as memory allows) on PostgreSQL, one on the embedded database, or WORKERS", () => {
    const postgres = "postgres://store@db/skillshelf";
    const here = autoWorkers(os.availableParallelism(), usableMemory());
    expect(parseConfig({}).workers).toBe(1);
    expect(parseConfig({ DATABASE_URL: postgres }).workers).toBe(here);
    expect(parseConfig({ DATABASE_URL: postgres, WORKERS: "6" }).workers).toBe(6);
    expect(parseConfig({ DATABASE_URL: postgres, WORKERS: "auto" }).workers).toBe(here);
    // 512 MB for the rest, then 512 MB a process: a 1 GB server runs one, 2 GB three, 24 GB one per core.
    const GiB = 1024 ** 3;
    expect(autoWorkers(2, 1 * GiB)).toBe(1);
    expect(autoWorkers(4, 1.5 * GiB)).toBe(2);
    expect(autoWorkers(8, 2 * GiB)).toBe(3);
    expect(autoWorkers(2, 24 * GiB)).toBe(2);
    expect(autoWorkers(16, 64 * GiB)).toBe(4);
    expect(autoWorkers(1, 0.5 * GiB)).toBe(1);
    expect(parseConfig({ WORKERS: "1" }).workers).toBe(1);
    expect(() => parseConfig({ WORKERS: "2" })).toThrow(
      'Invalid WORKERS ("2"): needs DATABASE_URL: the embedded database serves one process',
    );
    for (const bad of ["0", "65", "1.5", "two", "-1"]) {
      expect(() => parseConfig({ DATABASE_URL: postgres, WORKERS: bad })).toThrow(
        `Invalid WORKERS (${JSON.stringify(bad)}): must be auto or a whole number of processes from 1 to 64, such as 2`,
      );
    }
  });

  it("reads the media storage: the database by default, 200 MB uploads, S3 when configured", () => {
    expect(parseConfig({}).media).toEqual({ storage: "local", maxBytes: 200 * 1024 * 1024, s3: undefined });
    expect(
      parseConfig({
        MEDIA_STORAGE: "s3",
        MEDIA_MAX_MB: "50",
        S3_BUCKET: "media",
        S3_ENDPOINT: "http://minio:9000",
        S3_ACCESS_KEY_ID: "id",
        S3_SECRET_ACCESS_KEY: "secret",
      }).media,
    ).toEqual({
      storage: "s3",
      maxBytes: 50 * 1024 * 1024,
      s3: {
        bucket: "media",
        endpoint: "http://minio:9000",
        region: "us-east-1",
        credentials: { accessKeyId: "id", secretAccessKey: "secret" },
      },
    });
  });

  it.each([
    [{ PORT: "eighty" }, /^Invalid PORT \("eighty"\): /],
    [
      { PUBLIC_URL: "shop.example" },
      /^Invalid PUBLIC_URL \("shop.example"\): must be a URL starting with http:\/\/ or https:\/\//,
    ],
    [{ DATABASE_URL: "mysql://x" }, /^Invalid DATABASE_URL .*postgres:\/\//],
    [{ PAYMENTS: "free" }, /^Invalid PAYMENTS \("free"\): must be emulator or live$/],
    [{ PAYMENTS: "live" }, /^Invalid STRIPE_SECRET_KEY: is required when PAYMENTS=live$/],
    [{ SMTP_URL: "http://mail" }, /^Invalid SMTP_URL/],
    [{ STORE_CURRENCY: "pounds" }, /^Invalid STORE_CURRENCY/],
    [{ STORE_CURRENCY: "ABC" }, /^Invalid STORE_CURRENCY \("ABC"\): is not a currency of ISO 4217/],
    [{ STORE_CURRENCY: "jpy" }, /^Invalid STORE_CURRENCY \("jpy"\): must be a three-letter ISO 4217 code such as GBP$/],
    [{ TRUST_PROXY: "true" }, /^Invalid TRUST_PROXY \("true"\): true would trust every client.*hop count such as 1/],
    [{ TRUST_PROXY: "0" }, /^Invalid TRUST_PROXY \("0"\): a hop count must be a positive integer/],
    [{ TRUST_PROXY: "11" }, /^Invalid TRUST_PROXY \("11"\): a hop count must be at most 10$/],
    [{ TRUST_PROXY: "-1" }, /^Invalid TRUST_PROXY \("-1"\): "-1" is not a hop count, an IP address or a CIDR range/],
    [{ TRUST_PROXY: "proxy.internal" }, /^Invalid TRUST_PROXY .*"proxy.internal" is not a hop count, an IP address/],
    [{ TRUST_PROXY: "127.1" }, /^Invalid TRUST_PROXY .*"127.1" is not a hop count, an IP address/],
    [{ TRUST_PROXY: "10.0.0.0/33" }, /^Invalid TRUST_PROXY .*"10.0.0.0\/33" has an invalid prefix length/],
    [{ TRUST_PROXY: "2001:db8::/129" }, /^Invalid TRUST_PROXY .*"2001:db8::\/129" has an invalid prefix length/],
    [{ TRUST_PROXY: "10.0.0.1,,10.0.0.2" }, /^Invalid TRUST_PROXY .*has an empty entry/],
    [
      { SHUTDOWN_GRACE_S: "ten" },
      /^Invalid SHUTDOWN_GRACE_S \("ten"\): must be a whole number of seconds, such as 10$/,
    ],
    [{ SHUTDOWN_GRACE_S: "0" }, /^Invalid SHUTDOWN_GRACE_S \("0"\): must be at least 1 second$/],
    [{ MEDIA_STORAGE: "disk" }, /^Invalid MEDIA_STORAGE \("disk"\): must be local or s3$/],
    [{ MEDIA_MAX_MB: "lots" }, /^Invalid MEDIA_MAX_MB \("lots"\): must be a whole number of megabytes, such as 200$/],
    [{ MEDIA_MAX_MB: "0" }, /^Invalid MEDIA_MAX_MB \("0"\): must be at least 1$/],
    [{ MEDIA_STORAGE: "s3" }, /^Invalid S3_BUCKET: is required when MEDIA_STORAGE=s3$/],
    [
      { MEDIA_STORAGE: "s3", S3_BUCKET: "media", S3_ACCESS_KEY_ID: "id" },
      /^Invalid S3_SECRET_ACCESS_KEY: is required when MEDIA_STORAGE=s3$/,
    ],
    [{ S3_BUCKET: "My_Bucket" }, /^Invalid S3_BUCKET \("My_Bucket"\): must be a bucket name/],
    [
      { S3_ENDPOINT: "minio:9000" },
      /^Invalid S3_ENDPOINT \("minio:9000"\): must be a URL starting with http:\/\/ or https:\/\//,
    ],
    [{ S3_BUCKET: "media", S3_ACCESS_KEY_ID: "id" }, /^Invalid S3_SECRET_ACCESS_KEY: is required with S3_BUCKET$/],
    [
      { STORE_COUNTRY: "uk" },
      /^Invalid STORE_COUNTRY \("uk"\): must be a two-letter ISO 3166-1 country code such as GB$/,
    ],
    [{ VAT_NUMBER: "GB123456789" }, /^Invalid VAT_NUMBER \("GB123456789"\): is not a VAT number/],
    [
      { VAT_NUMBER: "FR40303265045" },
      /^Invalid VAT_NUMBER \("FR40303265045"\): .* not a VAT number of STORE_COUNTRY GB$/,
    ],
    [
      { STORE_COUNTRY: "NO", VAT_NUMBER: "NO974760673MVA" },
      /^Invalid STORE_COUNTRY \("NO"\): the store knows no VAT rates/,
    ],
    [{ VAT_OSS: "on" }, /^Invalid VAT_OSS \("on"\): VAT_NUMBER is unset$/],
    [{ VAT_OSS: "yes" }, /^Invalid VAT_OSS \("yes"\): must be on or off$/],
  ])("refuses %o with one line naming the variable", (env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(message);
  });
});

describe("the embedded database", () => {
  it("serves one process: a second one on the same DATA_DIR is refused, a stale lock is taken over", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "lock-"));
    await fs.writeFile(path.join(dir, "skillshelf.lock"), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by another Skillshelf process/);
    await fs.writeFile(path.join(dir, "skillshelf.lock"), "999999999");
    const release = acquireDataDirLock(dir);
    await release();
  });
});

describe("the catalogue command", () => {
  it("imports a file, and refuses a bad one with the line and reason without changing anything", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "cli-"));
    const env = { ...process.env, DATA_DIR: migratedDataDir(path.join(dir, "data")), LOG_LEVEL: "silent" };
    const good = path.join(dir, "good.json");
    await fs.writeFile(good, JSON.stringify(smallCatalogue(), null, 2));
    const ok = await run(process.execPath, [...TYPESCRIPT_NODE_ARGS, "src/cli.ts", "import", good], {
      cwd: serverDir,
      env,
    });
    expect(ok.stdout).toMatch(
      /Imported .*good\.json: 3 categories, 4 artefacts, 2 groups, 6 contents, 3 media files\./,
    );

    const bad = path.join(dir, "bad.json");
    await fs.writeFile(bad, JSON.stringify(smallCatalogue(), null, 2).replace('"slug": "git"', '"slug": "Git!"'));
    const refused = await run(process.execPath, [...TYPESCRIPT_NODE_ARGS, "src/cli.ts", "import", bad], {
      cwd: serverDir,
      env,
    }).catch((e) => e);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /The catalogue file was refused, nothing was changed: line \d+: categories\[0\]\.artefacts\[1\]\.slug: slug must be/,
    );

    // Still the good catalogue: importing it again reports the same counts.
    const again = await run(process.execPath, [...TYPESCRIPT_NODE_ARGS, "src/cli.ts", "import", good], {
      cwd: serverDir,
      env,
    });
    expect(again.stdout).toContain("3 categories, 4 artefacts");
  }, 60_000);
});

describe("the content security policy", () => {
  it("lets the browser post the PayU form to PayU with live payments, and to the emulators with emulated ones", async () => {
    const { createTestStore } = await import("./helpers/app.ts");
    const keys = {
      PAYMENTS: "live",
      STRIPE_SECRET_KEY: "sk_live_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      STRIPE_PUBLISHABLE_KEY: "pk_live_x",
      PAYPAL_CLIENT_ID: "id",
      PAYPAL_CLIENT_SECRET: "secret",
      PAYPAL_WEBHOOK_ID: "WH",
      PAYU_KEY: "key",
      PAYU_SALT: "salt",
      PAYU_ENV: "live",
    };
    const live = await createTestStore({ env: keys });
    const emulated = await createTestStore();
    try {
      const csp = async (store: typeof live) =>
        String((await store.app.inject("/api/health")).headers["content-security-policy"]);
      expect(await csp(live)).toContain("form-action 'self' https://secure.payu.in");
      expect(await csp(emulated)).toContain(`form-action 'self' ${emulated.emulators.origin};`);
      expect(await csp(emulated)).not.toContain("payu.in");
      // Live mode has no emulators.
      expect((await live.app.inject("/emulator/stripe/checkout/cs_test_x")).statusCode).toBe(404);
    } finally {
      await live.close();
      await emulated.close();
    }
  });
});

describe("the payment emulators", () => {
  it("listen beside the store on EMULATOR_PORT, by default PORT+1, and fill in the providers' addresses", async () => {
    const { providerSettings } = await import("../src/payments/provider-settings.ts");
    expect(parseConfig({}).emulators).toEqual({ port: 3001, portGiven: false, origin: "http://127.0.0.1:3001" });
    expect(parseConfig({ PORT: "8080" }).emulators.origin).toBe("http://127.0.0.1:8081");
    expect(parseConfig({ PORT: "0" }).emulators.port).toBe(0);
    expect(parseConfig({ EMULATOR_PORT: "4000" }).emulators).toMatchObject({ port: 4000, portGiven: true });
    // Listening on every interface, the store is reached by PUBLIC_URL's name: so are the emulators.
    expect(parseConfig({ HOST: "0.0.0.0", PUBLIC_URL: "http://shop.lan:3000" }).emulators.origin).toBe(
      "http://shop.lan:3001",
    );
    expect(() => parseConfig({ EMULATOR_PORT: "70000" })).toThrow(/^Invalid EMULATOR_PORT/);

    const emulated = providerSettings(parseConfig({}));
    expect(emulated.stripe).toMatchObject({ apiBase: "http://127.0.0.1:3001", secretKey: "sk_test_emulator" });
    expect(emulated.paypal.baseUrl).toBe("http://127.0.0.1:3001/emulator/paypal");
    expect(emulated.payu).toMatchObject({
      actionUrl: "http://127.0.0.1:3001/emulator/payu/_payment",
      postserviceUrl: "http://127.0.0.1:3001/emulator/payu/merchant/postservice.php?form=2",
    });
    // An address given explicitly wins, in either mode.
    const moved = providerSettings(
      parseConfig({
        STRIPE_API_BASE: "http://stripe.test:12111/",
        PAYPAL_API_BASE: "http://paypal.test",
        PAYU_BASE: "http://payu.test/x",
      }),
    );
    expect([moved.stripe.apiBase, moved.paypal.baseUrl, moved.payu.actionUrl]).toEqual([
      "http://stripe.test:12111",
      "http://paypal.test",
      "http://payu.test/x/_payment",
    ]);
    const live = providerSettings(parseConfig(LIVE_KEYS));
    expect([live.stripe.apiBase, live.paypal.baseUrl, live.payu.actionUrl, live.payu.postserviceUrl]).toEqual([
      "https://api.stripe.com",
      "https://api-m.sandbox.paypal.com",
      "https://test.payu.in/_payment",
      "https://test.payu.in/merchant/postservice.php?form=2",
    ]);
  });

  it("are named by GET /api/health in emulator mode; the store in live mode has neither them nor any /emulator route", async () => {
    const { createTestStore } = await import("./helpers/app.ts");
    const emulated = await createTestStore();
    const live = await createTestStore({ env: LIVE_KEYS });
    try {
      const health = (await emulated.app.inject("/api/health")).json();
      expect(health).toMatchObject({ status: true, message: "ok", emulators: emulated.emulators.origin });
      expect(health.emulators).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      // They answer there, on their own origin, and the store does not play them itself.
      expect((await fetch(`${health.emulators}/emulator/health`)).status).toBe(200);
      expect((await emulated.app.inject("/emulator/stripe/checkout/cs_test_x")).statusCode).toBe(404);

      const liveHealth = (await live.app.inject("/api/health")).json();
      expect(liveHealth).toMatchObject({ status: true, message: "ok" });
      expect(liveHealth).not.toHaveProperty("emulators");
      for (const app of [live.app, emulated.app]) {
        expect(app.printRoutes({ commonPrefix: false })).not.toMatch(/emulator|\/v1\//);
      }
    } finally {
      await emulated.close();
      await live.close();
    }
  });
});

const LIVE_KEYS = {
  PAYMENTS: "live",
  STRIPE_SECRET_KEY: "sk_live_x",
  STRIPE_WEBHOOK_SECRET: "whsec_x",
  STRIPE_PUBLISHABLE_KEY: "pk_live_x",
  PAYPAL_CLIENT_ID: "id",
  PAYPAL_CLIENT_SECRET: "secret",
  PAYPAL_WEBHOOK_ID: "WH",
  PAYU_KEY: "key",
  PAYU_SALT: "salt",
};

import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { ListingResponse, OrderDetail } from "@skillshelf/shared/api.ts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../src/db/client.ts";
import { categories, orderLines, orders } from "../src/db/schema/index.ts";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, ensureWebBuild, TestClock, type TestStore } from "./helpers/app.ts";
import { copyTemplateDatabase, migratedDataDir } from "./helpers/database.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { buyByCard } from "./helpers/orders.ts";
import { TYPESCRIPT_NODE_ARGS } from "./helpers/typescript-process.ts";

/*
 * The tax returns' figures (CONTRACT s.7, docs/payments.md "Tax returns"): a UK seller registered
 * for VAT and the non-Union OSS sells Docker (£19.99) through the real checkout to consumers in
 * the UK and France, a German business, and an American, in 2026-Q4 and just after it.
 */
const SELLER = { VAT_NUMBER: "GB980780684", VAT_OSS: "on" };
const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, "..");

const clock = new TestClock(Date.parse("2026-11-21T10:00:00Z"));
let store: TestStore;
let storeOpen = false;
let docker: ListingResponse;
let base: string;
let operatorId: number;
/** Where the CLI finds the same database: DATA_DIR (PGlite, once the store is stopped) or DATABASE_URL. */
let databaseEnv: Record<string, string>;
let dropDatabase = async () => {};
let workDir: string;

beforeAll(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), "tax-returns-"));
  let database: Database;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const copy = await copyTemplateDatabase(serverUrl, "skillshelf_test");
    database = await openDatabase({ databaseUrl: copy.url, maxConnections: 5 });
    databaseEnv = { DATABASE_URL: copy.url };
    dropDatabase = () => copy.drop();
  } else {
    const dataDir = migratedDataDir(path.join(workDir, "data"));
    database = await openDatabase({ dataDir });
    databaseEnv = { DATABASE_URL: "", DATA_DIR: dataDir };
  }
  store = await createTestStore({ env: SELLER, clock, database });
  storeOpen = true;
  await store.importCatalogue(smallCatalogue());
  docker = (await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })).json();
  await store.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(store.app.server.address() as AddressInfo).port}`;
  const admin = await createUser(store, { role: "admin" });
  operatorId = admin.id;
}, 120_000);

afterAll(async () => {
  if (storeOpen) await store.close();
  await dropDatabase();
  await fs.rm(workDir, { recursive: true, force: true });
});

/** Docker bought by card by a new learner billed as `billing`; an e-publication when `ePublication`. */
async function buyDocker(billing: Record<string, string>, ePublication = false) {
  if (ePublication) {
    await store.database.db.update(categories).set({ taxClass: "e_publication" }).where(eq(categories.slug, "docker"));
  }
  try {
    const bought = await buyByCard(store, { base, artefactId: docker.seo_data.id, price: 19.99, billing });
    const detail = (await bought.call("POST", "/api/order-details", { detail_id: bought.order.id })).json<{
      data: OrderDetail;
    }>().data;
    return { ...bought, detail };
  } finally {
    if (ePublication) {
      await store.database.db.update(categories).set({ taxClass: "standard" }).where(eq(categories.slug, "docker"));
    }
  }
}

async function refund(bought: Awaited<ReturnType<typeof buyDocker>>) {
  const res = await bought.call("POST", `/api/orders/${bought.order.id}/refund`);
  expect(res.statusCode, res.body).toBe(200);
}

const moveTo = (iso: string) => clock.advance(Date.parse(iso) - clock.now().getTime());

/** A GET by the operator, signed in now (the clock moves past a session's life), or with `headers`. */
const download = async (url: string, headers?: Record<string, string>) =>
  store.app.inject({ method: "GET", url, headers: headers ?? bearer(await signIn(store, operatorId)) });

/** A CSV answer's records (RFC 4180, as the exports write them). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      record.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i++;
    } else field += c;
  }
  expect(field).toBe("");
  return records;
}

/** The records as objects by the header's names. */
function table(text: string): Record<string, string>[] {
  const [header = [], ...rows] = parseCsv(text);
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ""])));
}

const pounds = (minor: number) => (minor / 100).toFixed(2);

/**
 * What the OSS return must say, worked out here from every order line: per country and rate, the
 * lines of OSS orders placed in the quarter less those refunded in it; refunds in the quarter of
 * earlier orders as corrections under the quarter they were placed in.
 */
async function expectedOss(start: string, end: string) {
  const rows = await store.database.db
    .select({
      scheme: orders.taxScheme,
      createdAt: orders.createdAt,
      refundedAt: orders.refundedAt,
      country: orderLines.taxCountry,
      rate: orderLines.vatRate,
      net: orderLines.netMinor,
      vat: orderLines.vatMinor,
    })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id));
  const [from, to] = [Date.parse(start), Date.parse(end)];
  const within = (at: Date | null) => at !== null && at.getTime() >= from && at.getTime() < to;
  const sums = new Map<string, { net: number; vat: number }>();
  for (const line of rows) {
    if (line.scheme !== "oss") continue;
    const sign = (within(line.createdAt) ? 1 : 0) - (within(line.refundedAt) ? 1 : 0);
    if (!within(line.createdAt) && !within(line.refundedAt)) continue;
    const section = within(line.createdAt) ? "supplies" : "correction";
    const key = `${section} ${line.country} ${line.rate}`;
    const sum = sums.get(key) ?? { net: 0, vat: 0 };
    sum.net += sign * (line.net ?? 0);
    sum.vat += sign * (line.vat ?? 0);
    sums.set(key, sum);
  }
  return [...sums.entries()]
    .map(([key, sum]) => {
      const [section = "", country = "", rate = ""] = key.split(" ");
      return { section, country, rate, taxable_amount: pounds(sum.net), vat: pounds(sum.vat) };
    })
    .sort(
      (a, b) =>
        Number(b.section === "supplies") - Number(a.section === "supplies") ||
        a.country.localeCompare(b.country) ||
        Number(a.rate) - Number(b.rate),
    );
}

let q4Oss: string;
let q4OssEur: string;
let q4Uk: string;

describe("the tax returns of 2026-Q4", () => {
  it("sum the quarter's OSS sales per country and rate, less the refunds made in it, with a totals row", async () => {
    // 21 November: a UK consumer, two French consumers, a German business, an American; e-publications in the UK and France.
    const uk = await buyDocker({ billing_country: "GB" });
    expect(uk.detail.vat_total).toBe(3.33);
    const ukRefunded = await buyDocker({ billing_country: "GB" });
    const france = await buyDocker({ billing_country: "FR" });
    expect(france.detail.orders[0]).toMatchObject({ tax_country: "FR", vat_rate: 20, net: 16.66, vat: 3.33 });
    const franceRefunded = await buyDocker({ billing_country: "FR" });
    const business = await buyDocker({
      billing_country: "DE",
      company_name: "Beispiel GmbH",
      vat_number: "DE136695976",
    });
    expect(business.detail.reverse_charge).toBe(true);
    const american = await buyDocker({ billing_country: "US" });
    expect(american.detail.vat_total).toBe(0);
    const ukBook = await buyDocker({ billing_country: "GB" }, true);
    expect(ukBook.detail.orders[0]).toMatchObject({ vat_rate: 0, net: 19.99 });
    const frenchBook = await buyDocker({ billing_country: "FR" }, true);
    expect(frenchBook.detail.orders[0]).toMatchObject({ vat_rate: 5.5, net: 18.95, vat: 1.04 });

    // The next day, two of them are refunded: within the quarter, so they are not in it at all.
    moveTo("2026-11-22T09:00:00Z");
    await refund(ukRefunded);
    await refund(franceRefunded);

    // The quarter's last minute counts; the next day's does not.
    moveTo("2026-12-31T23:59:00Z");
    const lastMinute = await buyDocker({ billing_country: "FR" });
    const lastMinuteUk = await buyDocker({ billing_country: "GB" });
    const [placed] = await store.database.db
      .select({ at: orders.createdAt })
      .from(orders)
      .where(eq(orders.id, lastMinute.order.id));
    expect(placed?.at.toISOString()).toBe("2026-12-31T23:59:00.000Z");
    moveTo("2027-01-01T00:01:00Z");
    await buyDocker({ billing_country: "FR" });
    await buyDocker({ billing_country: "GB" });
    // Refunded in 2027-Q1: a correction of 2026-Q4 in the next return; 2026-Q4's figures stay as filed.
    moveTo("2027-01-02T12:00:00Z");
    await refund(lastMinute);
    expect(lastMinuteUk.detail.vat_total).toBe(3.33);

    const res = await download("/api/admin/tax/oss.csv?quarter=2026-Q4");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="oss-2026-Q4.csv"');
    q4Oss = res.body;
    expect(parseCsv(q4Oss)).toEqual([
      ["section", "period", "country", "rate", "currency", "taxable_amount", "vat"],
      ["supplies", "2026-Q4", "FR", "5.5", "GBP", "18.95", "1.04"],
      // Two French consumers at 20 % in the quarter (one of them on its last minute); the refunded one is out.
      ["supplies", "2026-Q4", "FR", "20", "GBP", "33.32", "6.66"],
      ["total", "2026-Q4", "", "", "GBP", "52.27", "7.70"],
    ]);
    // Row for row, what the order lines say.
    const rows = table(q4Oss).filter((row) => row.section !== "total");
    expect(
      rows.map(({ section, country, rate, taxable_amount, vat }) => ({ section, country, rate, taxable_amount, vat })),
    ).toEqual(await expectedOss("2026-10-01T00:00:00Z", "2027-01-01T00:00:00Z"));
  }, 240_000);

  it("adds the amounts in euros at the ECB's rate given, row by row, and sums them", async () => {
    const res = await download("/api/admin/tax/oss.csv?quarter=2026-Q4&eur_rate=1.1574");
    expect(res.statusCode, res.body).toBe(200);
    q4OssEur = res.body;
    expect(parseCsv(q4OssEur)).toEqual([
      [
        "section",
        "period",
        "country",
        "rate",
        "currency",
        "taxable_amount",
        "vat",
        "eur_rate",
        "taxable_amount_eur",
        "vat_eur",
      ],
      // 18.95 × 1.1574 = 21.93273; 1.04 × 1.1574 = 1.203696; 33.32 × 1.1574 = 38.564568; 6.66 × 1.1574 = 7.708284.
      ["supplies", "2026-Q4", "FR", "5.5", "GBP", "18.95", "1.04", "1.1574", "21.93", "1.20"],
      ["supplies", "2026-Q4", "FR", "20", "GBP", "33.32", "6.66", "1.1574", "38.56", "7.71"],
      ["total", "2026-Q4", "", "", "GBP", "52.27", "7.70", "1.1574", "60.49", "8.91"],
    ]);
    // A blank rate (the admin page's empty field) is none.
    const blank = await download("/api/admin/tax/oss.csv?quarter=2026-Q4&eur_rate=");
    expect(blank.body).toBe(q4Oss);
    for (const rate of ["abc", "0", "-1.2", "1,15", "0.000"]) {
      const refused = await download(`/api/admin/tax/oss.csv?quarter=2026-Q4&eur_rate=${encodeURIComponent(rate)}`);
      expect(refused.statusCode, rate).toBe(422);
      expect(refused.json()).toMatchObject({ status: false, message: expect.stringContaining("eur_rate") });
    }
  });

  it("gives the UK return's boxes and the sales by scheme and rate, OSS sales outside box 6", async () => {
    const res = await download("/api/admin/tax/uk.csv?quarter=2026-Q4");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="uk-vat-2026-Q4.csv"');
    q4Uk = res.body;
    const rows = table(q4Uk);
    const box = (n: string) => rows.find((row) => row.section === "box" && row.item === n)?.amount;
    // Box 1: the two UK consumers at 20 % in the quarter (the refunded one out).
    expect(box("1")).toBe("6.66");
    expect(box("2")).toBe("0.00");
    expect(box("3")).toBe("6.66");
    expect(box("4")).toBe("");
    expect(box("5")).toBe("");
    // Box 6: UK net (16.66 × 2, the zero-rated e-publication 19.99), the reverse charge 19.99, the American 19.99.
    expect(box("6")).toBe("93.29");
    expect(box("7")).toBe("");
    expect([box("8"), box("9")]).toEqual(["0.00", "0.00"]);
    expect(rows.filter((row) => row.section === "box").map((row) => row.item)).toEqual([
      "1",
      "2",
      "3",
      "4",
      "5",
      "6",
      "7",
      "8",
      "9",
    ]);
    expect(
      rows
        .filter((row) => row.section === "breakdown")
        .map(({ item, rate, currency, net, vat }) => [item, rate, currency, net, vat]),
    ).toEqual([
      ["domestic", "0", "GBP", "19.99", "0.00"],
      ["domestic", "20", "GBP", "33.32", "6.66"],
      ["reverse_charge", "0", "GBP", "19.99", "0.00"],
      ["outside_scope", "0", "GBP", "19.99", "0.00"],
      ["oss", "5.5", "GBP", "18.95", "1.04"],
      ["oss", "20", "GBP", "33.32", "6.66"],
    ]);
    expect(rows.find((row) => row.item === "oss")?.note).toContain("OSS return");
  });
});

describe("the tax returns of 2027-Q1", () => {
  it("put a refund of a 2026-Q4 OSS sale in the corrections, under 2026-Q4, and the UK figures of the quarter", async () => {
    const oss = await download("/api/admin/tax/oss.csv?quarter=2027-q1");
    expect(oss.statusCode, oss.body).toBe(200);
    expect(parseCsv(oss.body)).toEqual([
      ["section", "period", "country", "rate", "currency", "taxable_amount", "vat"],
      ["supplies", "2027-Q1", "FR", "20", "GBP", "16.66", "3.33"],
      ["correction", "2026-Q4", "FR", "20", "GBP", "-16.66", "-3.33"],
      ["total", "2027-Q1", "", "", "GBP", "0.00", "0.00"],
    ]);
    const rows = table(oss.body).filter((row) => row.section !== "total");
    expect(
      rows.map(({ section, country, rate, taxable_amount, vat }) => ({ section, country, rate, taxable_amount, vat })),
    ).toEqual(await expectedOss("2027-01-01T00:00:00Z", "2027-04-01T00:00:00Z"));

    const uk = table((await download("/api/admin/tax/uk.csv?quarter=2027-Q1")).body);
    expect(uk.find((row) => row.item === "1")?.amount).toBe("3.33");
    expect(uk.find((row) => row.item === "6")?.amount).toBe("16.66");
    // The OSS sale of the quarter and the refund of the last one: nothing left, and not in the boxes anyway.
    expect(
      uk.filter((row) => row.section === "breakdown").map(({ item, rate, net, vat }) => [item, rate, net, vat]),
    ).toEqual([
      ["domestic", "20", "16.66", "3.33"],
      ["oss", "20", "0.00", "0.00"],
    ]);
  });

  it("is a nil return for a quarter without sales: the header and zero totals", async () => {
    const oss = await download("/api/admin/tax/oss.csv?quarter=2025-Q2");
    expect(parseCsv(oss.body)).toEqual([
      ["section", "period", "country", "rate", "currency", "taxable_amount", "vat"],
      ["total", "2025-Q2", "", "", "GBP", "0.00", "0.00"],
    ]);
    const uk = table((await download("/api/admin/tax/uk.csv?quarter=2025-Q2")).body);
    expect(uk.find((row) => row.item === "1")?.amount).toBe("0.00");
    expect(uk.filter((row) => row.section === "breakdown")).toEqual([]);
  });
});

describe("the tax return routes", () => {
  it("refuse a quarter that is not YYYY-Qn with 422", async () => {
    for (const url of [
      "/api/admin/tax/oss.csv",
      "/api/admin/tax/oss.csv?quarter=2026-Q5",
      "/api/admin/tax/oss.csv?quarter=2026Q4",
      "/api/admin/tax/uk.csv?quarter=Q4-2026",
      "/api/admin/tax/uk.csv?quarter=1969-Q4",
      "/api/admin/tax/uk.csv?quarter=",
    ]) {
      const res = await download(url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json(), url).toMatchObject({
        status: false,
        message: "quarter must be a calendar quarter such as 2026-Q4.",
      });
    }
  });

  it("are for operators only", async () => {
    for (const url of ["/api/admin/tax/oss.csv?quarter=2026-Q4", "/api/admin/tax/uk.csv?quarter=2026-Q4"]) {
      expect((await download(url, {})).statusCode, url).toBe(401);
      const learner = await createUser(store);
      const res = await download(url, bearer(await signIn(store, learner.id)));
      expect(res.statusCode, url).toBe(403);
      expect(res.body).not.toContain("supplies");
    }
  });

  it("refuse a return the store is not registered for with 409", async () => {
    // Registered for VAT in Germany, not for the OSS: neither the OSS return nor the UK return.
    const german = await createTestStore({ env: { STORE_COUNTRY: "DE", VAT_NUMBER: "DE136695976" } });
    // Not VAT registered at all.
    const unregistered = await createTestStore();
    try {
      const ask = async (other: TestStore, url: string) => {
        const admin = await createUser(other, { role: "admin" });
        return other.app.inject({ method: "GET", url, headers: bearer(await signIn(other, admin.id)) });
      };
      const cases = [
        [german, "oss", "The store is not registered for the OSS (VAT_OSS is off): there is no OSS return to make."],
        [german, "uk", "The UK VAT return is for a seller established in the United Kingdom; STORE_COUNTRY is DE."],
        [
          unregistered,
          "oss",
          "The store is not registered for the OSS (VAT_OSS is off): there is no OSS return to make.",
        ],
        [
          unregistered,
          "uk",
          "The store is not VAT registered (VAT_NUMBER is unset): there is no UK VAT return to make.",
        ],
      ] as const;
      for (const [other, kind, message] of cases) {
        const res = await ask(other, `/api/admin/tax/${kind}.csv?quarter=2026-Q4`);
        expect(res.statusCode, message).toBe(409);
        expect(res.json()).toEqual({ status: false, message });
      }
    } finally {
      await german.close();
      await unregistered.close();
    }
  }, 60_000);
});

describe("the admin orders page", () => {
  it("offers both returns of a recent quarter in a plain GET form, the last full quarter first", async () => {
    ensureWebBuild();
    const withPages = await createTestStore({ pages: true, env: SELLER });
    try {
      // An operator who reads French: the admin area follows their setting.
      const admin = await createUser(withPages, { role: "admin", language: "French" });
      const res = await withPages.app.inject({
        method: "GET",
        url: "/admin/orders",
        headers: { accept: "text/html", ...bearer(await signIn(withPages, admin.id)) },
      });
      expect(res.statusCode).toBe(200);
      const html = res.body;
      expect(html).toContain("<summary>Déclarations fiscales</summary>");
      expect(html).toContain('<form class="admin-upload" action="/api/admin/tax/oss.csv" method="get">');
      // The quarters as of now: the current one, and the one before it chosen.
      const now = new Date();
      const current = Math.floor(now.getUTCMonth() / 3) + 1;
      const before = current === 1 ? `${now.getUTCFullYear() - 1}-Q4` : `${now.getUTCFullYear()}-Q${current - 1}`;
      expect(html).toContain(`<option value="${now.getUTCFullYear()}-Q${current}">`);
      expect(html).toContain(`<option value="${before}" selected="">`);
      expect(html).toMatch(/<input id="tax-eur-rate"[^>]* name="eur_rate"/);
      expect(html).toMatch(/<button type="submit" class="button button--small">Déclaration OSS \(CSV\)<\/button>/);
      expect(html).toMatch(/<button type="submit"[^>]* formAction="\/api\/admin\/tax\/uk\.csv">/i);
      expect(html).toContain("1 GBP en euros");
    } finally {
      await withPages.close();
    }
  }, 120_000);
});

describe("npm run admin -- tax", () => {
  const cli = (args: string[], env: Record<string, string> = {}) =>
    run(process.execPath, [...TYPESCRIPT_NODE_ARGS, "src/cli.ts", "tax", ...args], {
      cwd: serverDir,
      env: { ...process.env, SEED: "none", LOG_LEVEL: "silent", ...SELLER, ...databaseEnv, ...env },
    });

  it("prints the same CSV as the routes, or writes it to a file, and refuses as they do", async () => {
    // The embedded database is the store's alone while it runs (DATA_DIR's lock): stopped first, as the usage says.
    await store.close();
    storeOpen = false;

    expect((await cli(["oss", "2026-Q4"])).stdout).toBe(q4Oss);
    expect((await cli(["oss", "2026-Q4", "--eur-rate", "1.1574"])).stdout).toBe(q4OssEur);
    const file = path.join(workDir, "uk.csv");
    const written = await cli(["uk", "2026-Q4", file]);
    expect(written.stdout).toBe(`Wrote the UK VAT return of 2026-Q4 to ${file}.\n`);
    expect(await fs.readFile(file, "utf8")).toBe(q4Uk);

    const bad = await cli(["uk", "2026-Q5"]).catch((error) => error);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("quarter must be a calendar quarter such as 2026-Q4.");
    const usage = await cli(["vat", "2026-Q4"]).catch((error) => error);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("npm run admin -- tax oss QUARTER [--eur-rate RATE] [FILE]");
    const refused = await cli(["oss", "2026-Q4"], { VAT_OSS: "off" }).catch((error) => error);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("The store is not registered for the OSS (VAT_OSS is off)");
  }, 240_000);
});

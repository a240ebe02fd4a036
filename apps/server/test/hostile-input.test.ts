import type { AddressInfo } from "node:net";
import type { ListingResponse } from "@skillshelf/shared/api.ts";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contents } from "../src/db/schema/index.ts";
import { unsafeTextMessage } from "../src/plugins/refuse-unsafe-text.ts";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, type TestStore } from "./helpers/app.ts";
import { rowsOf } from "./helpers/database.ts";
import { pngBase64, smallCatalogue } from "./helpers/factories.ts";
import { payForCart } from "./helpers/orders.ts";

/**
 * Hostile input against every /api route (issue 8): generated bodies, query
 * strings, path parameters and headers, as a visitor, a learner and an admin.
 * Whatever arrives, the answer is never a 5xx, a JSON answer is the envelope,
 * and a refused request changes no data.
 *
 * FUZZ_RUNS is the number of requests per role, spread evenly over the routes;
 * `npm run fuzz` raises it. FUZZ_SEED replays a failure fast-check reported.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

/**
 * Tables a request may change without the data changing: every request adds a
 * rate-limit counter on the limited routes (refused ones too, that is the
 * point), and each signed-in request below uses a session of its own, which
 * /logout revokes with any body. Everything else (users, catalogue, cart,
 * payments, orders, mail, the emulators' records) must stay as it was unless
 * the server accepted the request (2xx or 3xx), which makes it valid input,
 * not hostile input. A refused sign-in or deletion is a security event, which
 * the audit trail stores as a row (decision 0055): that is the point too.
 */
const MUTABLE_TABLES = new Set(["rate_limits", "sessions", "audit_events"]);

/** The part of JSON Schema the OpenAPI document uses for our zod schemas. */
interface Schema {
  type?: string;
  enum?: unknown[];
  pattern?: string;
  allOf?: Schema[];
  anyOf?: Schema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
}

interface Route {
  method: string;
  /** With `{name}` for each path parameter, as the OpenAPI document writes it. */
  path: string;
  params: string[];
  query: Record<string, Schema>;
  body: Schema | null;
}

type Role = "visitor" | "learner" | "admin";

let store: TestStore;
let routes: Route[];
let tables: string[];
const users: Record<Exclude<Role, "visitor">, number> = { learner: 0, admin: 0 };

beforeAll(async () => {
  store = await createTestStore();
  await store.importCatalogue(smallCatalogue());
  // Listening lets the payment routes reach the built-in emulators, as in production,
  // so a provider call is a real call and never an excuse for a 502.
  await store.app.listen({ port: 0, host: "127.0.0.1" });
  expect((store.app.server.address() as AddressInfo).port).toBeGreaterThan(0);
  routes = apiRoutes();

  // A learner with an order and a cart, an admin: the data hostile requests must leave alone.
  const learner = await createUser(store);
  const admin = await createUser(store, { role: "admin" });
  users.learner = learner.id;
  users.admin = admin.id;
  // The admin's first session gives the account its second step (an authenticator app): before the digests.
  await signIn(store, admin.id);
  const docker: ListingResponse = (
    await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })
  ).json();
  const token = await signIn(store, learner.id);
  const add = async (groupId: number | null) => {
    const res = await store.app.inject({
      method: "POST",
      url: "/api/cart/add",
      headers: bearer(token),
      payload: { sub_category_id: docker.seo_data.id, group_id: groupId },
    });
    expect(res.statusCode).toBe(201);
  };
  await add(docker.groups[0]?.id ?? null);
  await (await payForCart(store, learner.id)).confirm();
  await add(null);
  // The order's mail goes out now, not from the minute poller in the middle of the fuzzing.
  await store.app.mail.deliverDue();

  const rows = rowsOf<{ name: string }>(
    await store.database.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  );
  tables = rows.map((r) => r.name).filter((t) => !MUTABLE_TABLES.has(t) && !t.startsWith("__drizzle"));
  expect(tables).toEqual(expect.arrayContaining(["users", "orders", "payments", "cart_items", "categories"]));
});
afterAll(() => store.close());

/** Raw query rows: node-postgres and PGlite both answer { rows }. */

/** Every /api route, read from the app's own OpenAPI document, so a new route is fuzzed without a change here. */
function apiRoutes(): Route[] {
  type Operation = {
    parameters?: { in: string; name: string; schema?: Schema }[];
    requestBody?: { content?: Record<string, { schema?: Schema }> };
  };
  const doc = store.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const found: Route[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    if (!path.startsWith("/api/") || path.startsWith("/api/docs")) continue;
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = operation.parameters ?? [];
      found.push({
        method: method.toUpperCase(),
        path,
        params: parameters.filter((p) => p.in === "path").map((p) => p.name),
        query: Object.fromEntries(parameters.filter((p) => p.in === "query").map((p) => [p.name, p.schema ?? {}])),
        body: Object.values(operation.requestBody?.content ?? {})[0]?.schema ?? null,
      });
    }
  }
  return found;
}

// ---------------------------------------------------------------- generators

/** Anything Number() reads as an id that may exist: such a value could address a real row, which is not hostile. */
const maybeRealId = (value: unknown) => {
  if (typeof value !== "number" && typeof value !== "string") return false;
  const n = typeof value === "string" && value.trim() === "" ? Number.NaN : Number(value);
  return Number.isInteger(n) && n >= 1 && n < 1_000_000;
};

const UNSTORABLE_CHARS = ["\u0000", "\ud800", "\udbff", "\udc00", "\udfff"];

const trickyStrings = fc.constantFrom(
  "",
  " ",
  "\t\n",
  "%00",
  "\\u0000",
  "null",
  "undefined",
  "true",
  "__proto__",
  "constructor",
  "1e400",
  "-1",
  "0",
  "-0",
  "1.5",
  "2147483648",
  "-2147483649",
  "9007199254740993",
  "99999999999999999999999",
  "0x7fffffff",
  "NaN",
  "Infinity",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "%' OR '%'='",
  "\\",
  "../../etc/passwd",
  "\u202eevil",
  "\ufeff",
  "\ud83d\ude00",
  "e\u0301",
  "http://evil.example/",
  "javascript:alert(1)",
  "%",
  "%ZZ",
  "GBP",
  "Manual",
  "Europe/London",
  "block",
);

/** Well-formed text, text with a NUL or a lone surrogate somewhere, tricky literals, long text. */
const hostileString: fc.Arbitrary<string> = fc
  .oneof(
    fc.string({ unit: "binary", maxLength: 40 }),
    fc
      .tuple(fc.string({ maxLength: 20 }), fc.constantFrom(...UNSTORABLE_CHARS), fc.string({ maxLength: 20 }))
      .map((p) => p.join("")),
    trickyStrings,
    fc.string({ unit: "grapheme", minLength: 200, maxLength: 3000 }),
    fc.constantFrom("a".repeat(5000), "\u0000".repeat(300)),
  )
  .filter((s) => !maybeRealId(s));

const hostileNumber = fc
  .oneof(
    fc.constantFrom(
      0,
      -1,
      -0,
      0.5,
      1.5,
      2 ** 31 - 1,
      2 ** 31,
      -(2 ** 31) - 1,
      2 ** 53,
      2 ** 53 + 2,
      1e21,
      1e308,
      -1e308,
    ),
    fc.constantFrom(Number.MIN_VALUE, Number.EPSILON, 100000.001, 19.99, 5),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer({ min: 1_000_000 }),
  )
  .filter((n) => !maybeRealId(n));

const hostileKey = fc.oneof(hostileString, fc.constantFrom("__proto__", "constructor", "prototype", "toString"));

const { value: hostileValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(hostileKey, tie("value"), { maxKeys: 4 }),
  ),
}));

/**
 * A value the schema accepts, or close to it: random junk alone stops at the
 * first required field, so most bodies start valid and then get spoilt (below),
 * which is how a NUL reached PostgreSQL through register or update-profile.
 */
function validFor(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const base = ((): fc.Arbitrary<unknown> => {
    if (schema.enum) return fc.constantFrom(...schema.enum);
    if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => validFor(s, depth)));
    switch (schema.type) {
      case "string": {
        const patterns = [schema.pattern, ...(schema.allOf ?? []).map((s) => s.pattern)].filter(
          (p): p is string => typeof p === "string",
        );
        if (patterns.length) {
          return fc.tuple(...patterns.map((p) => fc.stringMatching(new RegExp(p)))).map((parts) => parts.join(""));
        }
        return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) });
      }
      case "integer":
        // Small ids address real rows here: the body may be valid, and then the server may write.
        return fc.integer({ min: Math.max(schema.minimum ?? 0, 0), max: 40 });
      case "number":
        return fc.double({ min: 0.01, max: Math.min(schema.maximum ?? 1000, 1000), noNaN: true });
      case "boolean":
        return fc.boolean();
      case "array":
        return depth > 3 ? fc.constant([]) : fc.array(validFor(schema.items ?? {}, depth + 1), { maxLength: 3 });
      case "object":
        return objectFor(schema, depth + 1);
      default:
        return hostileValue;
    }
  })();
  return schema.nullable ? fc.option(base, { nil: null }) : base;
}

/** An object of the schema's properties, each valid, missing, or spoilt. */
function objectFor(schema: Schema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(schema.properties ?? {}).map(([name, property]) =>
    fc
      .oneof(
        { weight: 6, arbitrary: validFor(property, depth).map((v) => ({ v })) },
        { weight: 1, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: hostileValue.map((v) => ({ v })) },
        { weight: 1, arbitrary: spoilt(validFor(property, depth)).map((v) => ({ v })) },
      )
      .map((slot) => [name, slot] as const),
  );
  return fc.tuple(...entries).map((slots) => {
    const object: Record<string, unknown> = {};
    for (const [name, slot] of slots) if (slot) object[name] = slot.v;
    return object;
  });
}

/** A valid string with a NUL or a lone surrogate put somewhere inside; other values as they are. */
const spoilt = (valid: fc.Arbitrary<unknown>) =>
  fc.tuple(valid, fc.constantFrom(...UNSTORABLE_CHARS), fc.nat()).map(([value, bad, at]) => {
    if (typeof value !== "string") return value;
    const i = value.length ? at % (value.length + 1) : 0;
    return `${value.slice(0, i)}${bad}${value.slice(i)}`;
  });

/**
 * What a client sends on the wire for a string: UTF-8, except that a lone
 * surrogate goes out as the three bytes it would have in WTF-8 (invalid
 * UTF-8), the closest a hostile client can get to sending one in a URL.
 */
function percentEncode(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join("");
    } else out += encodeURIComponent(char);
  }
  return out;
}

/** A query or form value: encoded hostile text, or raw bytes that decode badly (%00, %E0%A4%A, %ZZ). */
const wireText = fc.oneof(
  hostileString.map(percentEncode),
  fc.constantFrom("%00", "%E0%A4%A", "%ED%A0%80", "%C0%80", "%ZZ", "%", "a%00b", "%2500", "+%FF"),
);

/** Query or form pairs: the known names with valid, spoilt or hostile values, and unknown names too. */
const wirePairs = (fields: Record<string, Schema>) => {
  const names = Object.keys(fields);
  const known = names.map((name) =>
    fc
      .oneof(validFor(fields[name] ?? {}), spoilt(validFor(fields[name] ?? {})))
      .map((v) => `${name}=${percentEncode(typeof v === "string" ? v : (JSON.stringify(v) ?? ""))}`),
  );
  const pair = fc
    .tuple(fc.oneof(fc.constantFrom(...(names.length ? names : ["q"])), wireText), fc.option(wireText))
    .map(([name, value]) => (value === null ? name : `${name}=${value}`));
  return fc.array(fc.oneof(pair, ...known), { maxLength: 5 }).map((pairs) => pairs.join("&"));
};

/** A path parameter: never an id that may exist (see maybeRealId), so no real row is addressed. */
const pathSegment = fc.oneof(
  hostileString.filter((s) => s !== "").map(percentEncode),
  hostileNumber.map(String),
  fc.constantFrom("%00", "%ED%A0%80", "%E0%A4%A", "..", "%2F", "block", "make-admin", "remove-admin"),
);

/** Header text as Node's HTTP parser lets it through (tab, visible ASCII, latin1): a NUL never gets this far. */
const headerText = fc.string({
  unit: fc.oneof(
    fc.constantFrom("\t", " "),
    fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
    fc.integer({ min: 0x80, max: 0xff }).map((c) => String.fromCharCode(c)),
  ),
  maxLength: 120,
});

interface Body {
  contentType?: string;
  payload?: string | Buffer;
}

const jsonObjectBody = (schema: Schema | null) =>
  fc
    .tuple(objectFor(schema ?? {}), fc.dictionary(hostileKey, hostileValue, { maxKeys: 2 }))
    .map(([body, extra]): Body => {
      // Own properties, so that "__proto__" is sent as a key, as a hostile client would.
      for (const [key, value] of Object.entries(extra)) Object.defineProperty(body, key, { value, enumerable: true });
      return { contentType: "application/json", payload: JSON.stringify(body) };
    });

const multipartBody = fc
  .tuple(
    fc.oneof(hostileString, fc.constantFrom("a.png", "")),
    fc.oneof(fc.constant(Buffer.from(pngBase64("fuzz"), "base64")), fc.uint8Array({ maxLength: 64 }).map(Buffer.from)),
    hostileString,
    hostileString,
  )
  .map(([filename, data, field, value]): Body => {
    const boundary = "----fuzzboundary7MA4YWxkTrZu0gW";
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n`),
      Buffer.from("Content-Type: image/png\r\n\r\n"),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { contentType: `multipart/form-data; boundary=${boundary}`, payload };
  });

const bodyOf = (route: Route): fc.Arbitrary<Body> =>
  fc.oneof(
    { weight: 6, arbitrary: jsonObjectBody(route.body) },
    hostileValue.map((v) => ({ contentType: "application/json", payload: JSON.stringify(v) ?? "null" })),
    fc
      .constantFrom(
        "{",
        '{"a":',
        "\u0000",
        "[1,]",
        '{"__proto__":{"admin":true}}',
        '{"constructor":{"prototype":{"admin":true}}}',
        "",
        "nul",
        '"\\ud800"',
        // Deeper than any recursive walk of the parsed body could go.
        `${"[".repeat(100_000)}${"]".repeat(100_000)}`,
        `${'{"a":'.repeat(50_000)}"\\u0000"${"}".repeat(50_000)}`,
      )
      .map((payload) => ({ contentType: "application/json", payload })),
    wirePairs(route.body?.properties ?? {}).map((payload) => ({
      contentType: "application/x-www-form-urlencoded",
      payload,
    })),
    multipartBody,
    fc.tuple(headerText, hostileString).map(([contentType, payload]) => ({ contentType, payload })),
    fc.constant({}),
  );

interface HostileRequest {
  path: string;
  query: string;
  body: Body;
  headers: Record<string, string>;
  /** How a signed-in request carries its session. */
  auth: "bearer" | "cookie";
  remoteAddress: string;
}

const requestOf = (route: Route): fc.Arbitrary<HostileRequest> =>
  fc.record({
    path: fc
      .array(pathSegment, { minLength: route.params.length, maxLength: route.params.length })
      .map((segments) =>
        route.params.reduce((path, name, i) => path.replace(`{${name}}`, segments[i] ?? ""), route.path),
      ),
    query: wirePairs(route.query),
    body: route.method === "GET" ? fc.constant({}) : bodyOf(route),
    headers: fc.dictionary(
      fc.constantFrom(
        "authorization",
        "cookie",
        "if-none-match",
        "accept",
        "accept-language",
        "stripe-signature",
        "paypal-transmission-id",
        "paypal-transmission-sig",
        "paypal-cert-url",
        "x-forwarded-for",
        "origin",
        "referer",
      ),
      fc.oneof(
        headerText,
        headerText.map((t) => `Bearer ${t}`),
        headerText.map((t) => `access-token=${t}`),
        fc.constantFrom("Bearer ", "Bearer", `Bearer ${"x".repeat(64)}`, "access-token=%E0%A4%A; a=b", "access-token="),
      ),
      { maxKeys: 3 },
    ),
    auth: fc.constantFrom("bearer", "cookie"),
    // Each request from its own address, so the per-address limits do not turn every later request into a 429.
    remoteAddress: fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map((p) => `10.${p.join(".")}`),
  });

// ---------------------------------------------------------------- checks

/** One digest per table: a refused request that changed a row shows up as the table that changed. */
async function digest(): Promise<Record<string, string>> {
  const parts = tables.map(
    (t) =>
      sql`select ${t} as name, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as digest from ${sql.identifier(t)} t`,
  );
  const rows = rowsOf<{ name: string; digest: string }>(
    await store.database.db.execute(sql.join(parts, sql` union all `)),
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.digest]));
}

async function send(route: Route, role: Role, request: HostileRequest): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...request.headers };
  if (request.body.contentType !== undefined) headers["content-type"] = request.body.contentType;
  if (role !== "visitor") {
    const token = await signIn(store, users[role]);
    if (request.auth === "bearer") headers.authorization = `Bearer ${token}`;
    else {
      delete headers.authorization;
      headers.cookie = `access-token=${token}`;
    }
  }
  const options: InjectOptions = {
    method: route.method as InjectOptions["method"],
    url: `${request.path}${request.query ? `?${request.query}` : ""}`,
    headers,
    remoteAddress: request.remoteAddress,
    ...(request.body.payload === undefined ? {} : { payload: request.body.payload }),
  };
  return store.app.inject(options);
}

/** The envelope of CONTRACT.md section 2 on every JSON answer but a download (the catalogue export is a file). */
function expectEnvelope(res: LightMyRequestResponse): void {
  if (!String(res.headers["content-type"] ?? "").startsWith("application/json")) return;
  if (String(res.headers["content-disposition"] ?? "").startsWith("attachment")) return;
  const body = res.json();
  expect(body).toEqual(expect.objectContaining({ status: expect.any(Boolean), message: expect.any(String) }));
  expect(body.message).not.toBe("");
  if (res.statusCode >= 400) expect(body.status).toBe(false);
  if (body.errors !== undefined) {
    expect(Object.values(body.errors).every((m) => typeof m === "string" && m !== "")).toBe(true);
  }
}

describe.each<Role>(["visitor", "learner", "admin"])("hostile input as a %s", (role) => {
  it("never answers 5xx, answers JSON in the envelope, and changes nothing it refused", async () => {
    const perRoute = Math.max(1, Math.ceil(RUNS / routes.length));
    const statuses = new Map<number, number>();
    // Every route is checked, and every failing one reported (shrunk), not only the first.
    const failures: string[] = [];
    let before = await digest();
    for (const route of routes) {
      const details = await fc.check(
        fc.asyncProperty(requestOf(route), async (request) => {
          const res = await send(route, role, request);
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const context = `${route.method} ${route.path} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, context).toBeLessThan(500);
          expectEnvelope(res);
          // Some routes start mail delivery in the background (void deliverDue()): let it finish here, so that
          // marking an accepted request's mail as sent is not blamed on a later, refused, request. With nothing
          // left pending, the store's minute poller has nothing to change either.
          await store.app.mail.deliverDue();
          const after = await digest();
          // An accepted request was valid after all (see MUTABLE_TABLES): only a refused one must change nothing.
          const changed = res.statusCode < 400 ? [] : Object.keys(after).filter((t) => after[t] !== before[t]);
          before = after;
          expect(changed, context).toEqual([]);
        }),
        { numRuns: perRoute, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
      if (details.failed) {
        const error =
          details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
        failures.push(
          `${route.method} ${route.path} (seed ${details.seed}): ${JSON.stringify(details.counterexample).slice(0, 500)}\n  ${error.slice(0, 500)}`,
        );
      }
    }
    expect(failures).toEqual([]);
    // The generated input reaches validation rather than stopping at the door.
    expect(statuses.get(422) ?? 0).toBeGreaterThan(0);
  }, 600_000);
});

/** The routes issue 8 names, one NUL each: 422 naming the field, as schema errors name them. */
describe("a NUL byte or a lone surrogate is refused with 422 naming the field", () => {
  const cases: {
    name: string;
    role: Role;
    method: "GET" | "POST";
    url: string;
    payload?: Record<string, unknown>;
    field: string;
  }[] = [
    {
      name: "register",
      role: "visitor",
      method: "POST",
      url: "/api/register",
      payload: { name: "A", email: "a\u0000@example.com", password: "Secret#2026a", confirm_password: "Secret#2026a" },
      field: "email",
    },
    {
      name: "forgot-password",
      role: "visitor",
      method: "POST",
      url: "/api/forgot-password",
      payload: { email: "a@example.com\ud800" },
      field: "email",
    },
    {
      name: "update-profile",
      role: "learner",
      method: "POST",
      url: "/api/update-profile",
      payload: { name: "A\u0000", email: "a@example.com", phone: "+44 1234 5678", bio: "" },
      field: "name",
    },
    {
      name: "setting",
      role: "learner",
      method: "POST",
      url: "/api/setting",
      payload: { display_name: "\u0000", timezone: "Europe/London", language: "English" },
      field: "display_name",
    },
    {
      name: "checkout line items",
      role: "learner",
      method: "POST",
      url: "/api/stripe/create-checkout-session",
      payload: {
        final_amount: 1,
        currency: "GBP",
        success_url: "x",
        cancel_url: "y",
        line_items: [{ name: "\udc00" }],
      },
      field: "line_items.0.name",
    },
    {
      name: "stripe return",
      role: "visitor",
      method: "GET",
      url: "/api/stripe/return?session_id=%00",
      field: "session_id",
    },
    {
      name: "stripe cancel",
      role: "visitor",
      method: "GET",
      url: "/api/stripe/cancel?session_id=a%00",
      field: "session_id",
    },
    { name: "paypal return", role: "visitor", method: "GET", url: "/api/paypal/return?token=%00", field: "token" },
    {
      name: "paypal cancel",
      role: "visitor",
      method: "GET",
      url: "/api/paypal/cancel?token=%00&PayerID=x",
      field: "token",
    },
    { name: "admin users", role: "admin", method: "GET", url: "/api/admin/users?search=%00", field: "search" },
    { name: "admin orders", role: "admin", method: "GET", url: "/api/admin/orders?search=x%00", field: "search" },
    { name: "admin coupons", role: "admin", method: "GET", url: "/api/admin/coupons?search=x%00", field: "search" },
  ];

  it.each(cases)("$name", async ({ role, method, url, payload, field }) => {
    const headers = role === "visitor" ? {} : bearer(await signIn(store, users[role]));
    const res = await store.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
    expect(res.statusCode).toBe(422);
    const message = unsafeTextMessage(field);
    expect(res.json()).toEqual({ status: false, message, errors: { [field]: message } });
  });

  it("in a PayU form POST-back", async () => {
    const res = await store.app.inject({
      method: "POST",
      url: "/api/payu/return",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "txnid=a%00&status=success",
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ txnid: unsafeTextMessage("txnid") });
  });

  it("in an uploaded file's name, read by the upload route itself", async () => {
    const [content] = await store.database.db.select({ id: contents.id }).from(contents).limit(1);
    const boundary = "----hostile";
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.png"\r\n`),
      Buffer.from("Content-Type: image/png\r\n\r\n"),
      Buffer.from(pngBase64("nul"), "base64"),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await store.app.inject({
      method: "POST",
      url: `/api/admin/contents/${content?.id}/media`,
      headers: {
        ...bearer(await signIn(store, users.admin)),
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ file: unsafeTextMessage("The file name") });
  });

  it("in a catalogue file, escaped in its JSON, with the line", async () => {
    const file = smallCatalogue();
    const [first] = file.categories;
    if (first) first.name = "Tech\u0000Cards";
    const res = await store.app.inject({
      method: "POST",
      url: "/api/admin/catalogue/import",
      headers: { ...bearer(await signIn(store, users.admin)), "content-type": "application/json" },
      payload: JSON.stringify(file, null, 2),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(
      expect.objectContaining({ line: 6, reason: "categories[0].name: contains characters that are not allowed" }),
    );
  });

  it("leaves the Stripe webhook's raw body to the signature check", async () => {
    const res = await store.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
      payload: '{"id":"evt_\\u0000"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Invalid Stripe signature.");
  });
});

/** What the fuzzer found, kept as plain cases so a regression shows without luck. */
describe("what the fuzzer found stays refused with a 4xx in the envelope", () => {
  const asAdmin = async () => bearer(await signIn(store, users.admin));

  it("an id beyond PostgreSQL's integer range", async () => {
    for (const url of ["/api/admin/orders/2147483648", "/api/admin/contents/99999999999"]) {
      const res = await store.app.inject({ method: "GET", url, headers: await asAdmin() });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors).toHaveProperty("id");
    }
  });

  it("a path parameter past the router's length limit", async () => {
    const res = await store.app.inject({
      method: "GET",
      url: `/api/admin/orders/${"9".repeat(200)}`,
      headers: await asAdmin(),
    });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ status: false, message: "The address is too long." });
  });

  it("a catalogue file nested deeper than its parser can go", async () => {
    const res = await store.app.inject({
      method: "POST",
      url: "/api/admin/catalogue/import",
      headers: { ...(await asAdmin()), "content-type": "application/json" },
      payload: `${"[".repeat(100_000)}${"]".repeat(100_000)}`,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(expect.objectContaining({ line: 1, reason: "nested more than 64 levels deep" }));
  });
});

import { categoriesResponseSchema, contentResponseSchema, listingResponseSchema } from "@skillshelf/shared/api.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";

interface Operation {
  security?: Record<string, string[]>[];
  responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, { type: string }> };
}

let store: TestStore;
let doc: OpenApi;

beforeAll(async () => {
  store = await createTestStore();
  doc = (await store.app.inject({ method: "GET", url: "/api/docs/json" })).json<OpenApi>();
}, 60_000);
afterAll(() => store?.close());

const operations = () =>
  Object.entries(doc.paths)
    .filter(([path]) => path.startsWith("/api/") && !path.startsWith("/api/docs"))
    .flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
    );

describe("the OpenAPI document at /api/docs/json", () => {
  it("declares a typed success answer, the shared error envelope and the security of every /api operation", () => {
    const all = operations();
    expect(all.length).toBeGreaterThanOrEqual(50);
    for (const { name, op } of all) {
      const responses = op.responses ?? {};
      const success = Object.entries(responses).filter(([code]) => /^[23]/.test(code));
      expect(success.length, `${name} declares no success answer`).toBeGreaterThan(0);
      for (const [code, response] of success) {
        if (code === "303") continue; // a redirect has no body
        const schema = Object.values(response.content ?? {})[0]?.schema;
        expect(schema, `${name} ${code} has no schema`).toBeDefined();
        expect(Object.keys(schema ?? {}).length, `${name} ${code} has an empty schema`).toBeGreaterThan(0);
      }
      for (const code of ["4XX", "5XX"]) {
        expect(responses[code]?.content?.["application/json"]?.schema, `${name} ${code}`).toEqual({
          $ref: "#/components/schemas/ErrorEnvelope",
        });
      }
      expect(Array.isArray(op.security), `${name} declares no security`).toBe(true);
    }
  });

  it("names the bearer token and the cookie as security schemes, and public operations need neither", () => {
    expect(doc.components.securitySchemes).toMatchObject({
      bearerAuth: { type: "http", scheme: "bearer" },
      cookieAuth: { type: "apiKey", in: "cookie", name: "access-token" },
    });
    const security = (name: string) => operations().find((o) => o.name === name)?.op.security;
    expect(security("GET /api/categories")).toEqual([]);
    expect(security("POST /api/login")).toEqual([]);
    expect(security("GET /api/cart/get")).toEqual([{ bearerAuth: [] }, { cookieAuth: [] }]);
    expect(security("GET /api/admin/orders")).toEqual([{ bearerAuth: [] }, { cookieAuth: [] }]);
  });

  it("describes the error envelope of CONTRACT.md once", () => {
    expect(doc.components.schemas?.ErrorEnvelope).toMatchObject({
      type: "object",
      required: expect.arrayContaining(["status", "message"]),
      properties: { status: { enum: [false] }, message: { type: "string" }, errors: { type: "object" } },
    });
  });
});

describe("the answers match their declared schemas", () => {
  it("catalogue, listing, content, login and errors, as a client receives them", async () => {
    await store.importCatalogue(smallCatalogue());
    const categories = await store.app.inject({ method: "GET", url: "/api/categories" });
    expect(categoriesResponseSchema.strict().safeParse(categories.json()).error).toBeUndefined();
    const listing = await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } });
    expect(listing.statusCode).toBe(200);
    expect(listingResponseSchema.safeParse(listing.json()).error).toBeUndefined();
    const content = await store.app.inject({
      method: "POST",
      url: "/api/get-content",
      payload: { slug: "docker", content: "volumes" },
    });
    expect(content.statusCode).toBe(200);
    expect(contentResponseSchema.safeParse(content.json()).error).toBeUndefined();
    // The test store answers 500 for any answer that breaks its schema: these went through the check.
    const user = await createUser(store, { email: "ada@example.com" });
    const session = await signIn(store, user.id);
    for (const [method, url] of [
      ["GET", "/api/cart/get"],
      ["POST", "/api/get-profile"],
      ["GET", "/api/get-orders"],
      ["GET", "/api/get-items"],
    ] as const) {
      const res = await store.app.inject({ method, url, headers: bearer(session) });
      expect(res.statusCode, url).toBe(200);
    }
    const refused = await store.app.inject({ method: "POST", url: "/api/get-data", payload: {} });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ status: false, errors: { slug: expect.any(String) } });
  });
});

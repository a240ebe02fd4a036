import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { viesClient } from "./vies.ts";

const silent = { warn() {} } as unknown as FastifyBaseLogger;

/** A VIES that answers each number as the test says: status and body. */
let answers: Record<string, { status: number; body: unknown }> = {};
const asked: unknown[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk) => {
      raw += chunk;
    });
    request.on("end", () => {
      const body = JSON.parse(raw) as { countryCode: string; vatNumber: string };
      asked.push({ path: request.url, body });
      const answer = answers[body.countryCode + body.vatNumber] ?? { status: 500, body: {} };
      response.writeHead(answer.status, { "content-type": "application/json" });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rest-api`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("asking VIES about a VAT number", () => {
  it("sends the number's prefix and the rest, and reads valid, invalid and the Member State being down", async () => {
    answers = {
      DE136695976: { status: 200, body: { countryCode: "DE", vatNumber: "136695976", valid: true } },
      EL094259216: { status: 200, body: { valid: false, userError: "INVALID" } },
      FR40303265045: { status: 200, body: { valid: false, userError: "MS_UNAVAILABLE" } },
      IE6388047V: { status: 503, body: { actionSucceed: false, errorWrappers: [{ error: "MS_UNAVAILABLE" }] } },
    };
    const check = viesClient(base, silent);
    expect(await check("DE136695976")).toBe("valid");
    expect(asked.at(-1)).toEqual({
      path: "/rest-api/check-vat-number",
      body: { countryCode: "DE", vatNumber: "136695976" },
    });
    expect(await check("EL094259216")).toBe("invalid");
    expect(await check("FR40303265045")).toBe("unavailable");
    expect(await check("IE6388047V")).toBe("unavailable");
  });

  it("calls a VIES it cannot reach unavailable", async () => {
    expect(await viesClient("http://127.0.0.1:1/rest-api", silent)("DE136695976")).toBe("unavailable");
  });
});

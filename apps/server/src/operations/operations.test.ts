import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import { valuedMessage } from "@skillshelf/shared/i18n/valued-messages.ts";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterEach, describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import type { SessionViewer } from "../accounts/sessions.ts";
import type { Config } from "../env.ts";
import { AppError } from "../lib/app-error.ts";
import { SIGN_IN_FIRST } from "../routes/viewer.ts";
import { apiRoute } from "./api-route.ts";
import { errorAnswer, errorBody } from "./envelope.ts";
import { ADMIN_FORBIDDEN, admitted, type Operator } from "./guard.ts";
import { defineOperation } from "./operation.ts";
import { pageAction } from "./page-action.ts";
import { RATE_LIMITS, TOO_MANY_REQUESTS } from "./rate-limits.ts";

const viewer = (role: "learner" | "admin"): SessionViewer => ({
  userId: 7,
  role,
  sessionId: 1,
  cartLines: [],
  unreadNotifications: 0,
  user: { name: "Ada", email: "ada@example.com" } as SessionViewer["user"],
  secondStep: { on: true, done: true },
});

describe("the guard", () => {
  it("refuses a visitor where a session is needed (401), and anyone but an admin where an operator is (403)", () => {
    expect(() => admitted("learner", null)).toThrowError(SIGN_IN_FIRST);
    expect(() => admitted("operator", null)).toThrowError(SIGN_IN_FIRST);
    expect(() => admitted("operator", viewer("learner"))).toThrowError(ADMIN_FORBIDDEN);
    const codes = [
      () => admitted("learner", null),
      () => admitted("operator", null),
      () => admitted("operator", viewer("learner")),
    ].map((guard) => {
      try {
        guard();
      } catch (error) {
        return error instanceof AppError ? error.statusCode : null;
      }
      return "admitted";
    });
    expect(codes).toEqual([401, 401, 403]);
  });

  it("narrows the viewer's type to what it checked", () => {
    const admin = viewer("admin");
    const operator = admitted("operator", admin);
    expectTypeOf(operator).toEqualTypeOf<Operator>();
    expect(operator.role).toBe("admin");

    const learner = admitted("learner", viewer("learner"));
    expectTypeOf(learner).toEqualTypeOf<SessionViewer>();
    expect(learner.userId).toBe(7);

    expectTypeOf(admitted("visitor", null)).toEqualTypeOf<SessionViewer | null>();
    expect(admitted("visitor", null)).toBeNull();
  });
});

describe("an error code as the JSON envelope", () => {
  it("answers the code's status and the message in English, errors after it", () => {
    const answer = errorAnswer(new AppError("conflict", "This code has been used up.", { code: "used up" }));
    expect(answer.status).toBe(409);
    expect(JSON.stringify(answer.body)).toBe(
      '{"status":false,"message":"This code has been used up.","errors":{"code":"used up"}}',
    );
  });

  it("writes a message with values in English, its key and values kept for the pages", () => {
    const error = new AppError("conflict", valuedMessage("inCart", { name: "Git" }));
    expect(error.text).toEqual({ key: "{{name}} is already in your cart.", values: { name: "Git" } });
    expect(errorAnswer(error)).toEqual({
      status: 409,
      body: { status: false, message: "Git is already in your cart." },
    });
  });

  it("has one shape, without errors when there are none", () => {
    expect(JSON.stringify(errorBody("Not found"))).toBe('{"status":false,"message":"Not found"}');
    expect(errorAnswer(new AppError("rate_limited", TOO_MANY_REQUESTS)).status).toBe(429);
  });
});

describe("one rate-limit policy for both surfaces", () => {
  let app: FastifyInstance;
  afterEach(() => app.close());

  /** An operation limited as the reset mail is: the API runs it at /api/remind, a page's action at /remind. */
  const remind = defineOperation({
    name: "test.remind",
    who: "visitor",
    input: z.object({ email: z.string() }),
    limit: { policy: "forgotPassword", account: (input) => input.email },
    run: async (_call, input) => ({
      message: { key: "Sent to {{email}}.", values: { email: input.email } },
      data: null,
    }),
  });

  async function bothSurfaces() {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate("config", { storeCurrency: "GBP" } as Config);
    app.setErrorHandler((error, _request, reply) => {
      if (!(error instanceof AppError)) throw error;
      const { status, body } = errorAnswer(error);
      return reply.status(status).send(body);
    });
    await app.register(cookie);
    await app.register(rateLimit, { global: false });
    apiRoute(app, remind, {
      method: "POST",
      url: "/api/remind",
      schema: { summary: "test", tags: [], response: {} },
    });
    app.post("/remind", async (request, reply) =>
      pageAction(remind, request, reply)(request.body as { email: string }),
    );
    await app.ready();
    const api = (email: string, ip = "192.0.2.1") =>
      app.inject({ method: "POST", url: "/api/remind", payload: { email }, remoteAddress: ip });
    const page = async (email: string, ip = "192.0.2.1") =>
      (await app.inject({ method: "POST", url: "/remind", payload: { email }, remoteAddress: ip })).json();
    return { api, page };
  }

  it("counts an account's requests under one key, whichever surface they come by", async () => {
    const { api, page } = await bothSurfaces();
    const [perAccount] = RATE_LIMITS.forgotPassword.account;
    for (let i = 0; i < perAccount - 1; i++) {
      const res = await api("ada@example.com", `198.51.100.${i + 1}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: true, message: "Sent to ada@example.com." });
    }
    // The page gets the message as its key and values, to write in its own language.
    expect(await page("ada@example.com", "198.51.100.50")).toEqual({
      ok: true,
      message: { key: "Sent to {{email}}.", values: { email: "ada@example.com" } },
      data: null,
    });
    // Spent: the page is refused as the API is, and the API as the page is.
    expect(await page("ada@example.com", "198.51.100.51")).toEqual({
      ok: false,
      status: 429,
      message: { key: TOO_MANY_REQUESTS },
    });
    const refused = await api("ada@example.com", "198.51.100.52");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: false, message: TOO_MANY_REQUESTS });
    expect(refused.headers["retry-after"]).toBeDefined();
    // Another account has its own count.
    expect((await api("bob@example.com", "198.51.100.53")).statusCode).toBe(200);
  });

  it("counts an address's requests under one key, whichever surface they come by", async () => {
    const { api, page } = await bothSurfaces();
    const [perAddress] = RATE_LIMITS.forgotPassword.address;
    for (let i = 0; i < perAddress; i++) {
      const email = `learner${i}@example.com`;
      if (i % 2) expect((await api(email, "203.0.113.9")).statusCode).toBe(200);
      else expect((await page(email, "203.0.113.9")).ok).toBe(true);
    }
    expect((await api("one-more@example.com", "203.0.113.9")).statusCode).toBe(429);
    expect(await page("one-more@example.com", "203.0.113.9")).toMatchObject({ ok: false, status: 429 });
    expect((await api("one-more@example.com", "203.0.113.10")).statusCode).toBe(200);
  });
});

import { english } from "@skillshelf/shared/i18n/message.ts";
import type { FastifyInstance, FastifyRequest, HTTPMethods } from "fastify";
import type { z } from "zod";
import { PUBLIC, SIGNED_IN } from "../routes/api/openapi.ts";
import { actorOf } from "./guard.ts";
import {
  type AnyOperation,
  type DataOf,
  type Done,
  type InputOf,
  inputSchema,
  limitAccount,
  limitAddress,
  perform,
} from "./operation.ts";

/** What a route's request carries once its schemas have read it. */
interface ReadRequest<P, B, Q> {
  params: P;
  body: B;
  query: Q;
}

export interface ApiRouteOptions<
  O extends AnyOperation,
  P extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
> {
  method: HTTPMethods;
  url: string;
  /**
   * The route's OpenAPI description and answers; its security comes from the
   * operation's `who`, and its body is the operation's input unless the route
   * reads its input elsewhere (`params`, another `body`, then `input`).
   */
  schema: {
    summary: string;
    description?: string;
    tags: string[];
    params?: P;
    querystring?: Q;
    body?: B | null;
    /** Who the API description says may call it, where that is not what `who` implies (a session optional). */
    security?: Record<string, string[]>[];
    response: Record<number | string, unknown>;
  };
  /** The status of a success (200). */
  status?: number;
  /** The operation's input from the request, when it is not the body itself. */
  input?: (request: ReadRequest<z.output<P>, z.output<B>, z.output<Q>>) => InputOf<O>;
  /** The success envelope's fields besides status and message; by default `data`, when there is any. */
  answer?: (done: Done<DataOf<O>>, input: InputOf<O>) => Record<string, unknown>;
}

const dataOf = (done: Done<unknown>) => (done.data === null || done.data === undefined ? {} : { data: done.data });

/**
 * An operation as a route of the JSON API. The guard and the address's rate
 * limit run as the request arrives (a visitor is refused before the body is
 * read); the account's limit once the body is valid; then the operation, whose
 * message is answered in English in the envelope.
 */
export function apiRoute<
  O extends AnyOperation,
  P extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
>(app: FastifyInstance, operation: O, options: ApiRouteOptions<O, P, B, Q>): void {
  const { schema, status = 200 } = options;
  const body = schema.body === undefined && !options.input ? inputSchema(operation, app.config) : schema.body;
  const inputOf = (options.input ?? ((request) => request.body as InputOf<O>)) as (
    request: ReadRequest<unknown, unknown, unknown>,
  ) => InputOf<O>;
  const answer = options.answer ?? dataOf;
  app.route({
    method: options.method,
    url: options.url,
    schema: {
      summary: schema.summary,
      ...(schema.description ? { description: schema.description } : {}),
      tags: schema.tags,
      ...(schema.params ? { params: schema.params } : {}),
      ...(schema.querystring ? { querystring: schema.querystring } : {}),
      ...(body ? { body } : {}),
      ...(schema.security ? { security: schema.security } : operation.who === "visitor" ? PUBLIC : SIGNED_IN),
      response: schema.response,
    },
    onRequest: async (request, reply) => {
      await actorOf(operation.who, request);
      await limitAddress(operation, request, reply);
    },
    preHandler: async (request, reply) => {
      await limitAccount(operation, request, reply, inputOf(readRequest(request)));
    },
    handler: async (request, reply) => {
      const input = inputOf(readRequest(request));
      const actor = await actorOf(operation.who, request);
      const done = await perform(operation, { app, request, reply, actor }, input);
      return reply.status(status).send({ status: true, message: english(done.message), ...answer(done, input) });
    },
  });
}

const readRequest = (request: FastifyRequest): ReadRequest<unknown, unknown, unknown> => ({
  params: request.params,
  body: request.body,
  query: request.query,
});

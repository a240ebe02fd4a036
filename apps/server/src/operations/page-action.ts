import type { ActionResult } from "@skillshelf/shared/api.ts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../lib/app-error.ts";
import { type AnyOperation, type DataOf, type Done, type InputOf, runOperation } from "./operation.ts";

/**
 * A run's answer as the result a page shows: a domain error is a refusal with
 * its status; anything else is a fault and propagates (500). The messages stay
 * keys with values: the page writes them in its own language.
 */
async function outcomeOf<T>(run: () => Promise<Done<T>>): Promise<ActionResult<T>> {
  try {
    const { message, data } = await run();
    return { ok: true, message, data };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return {
      ok: false,
      status: error.statusCode,
      message: error.text,
      ...(error.fields ? { errors: { ...error.fields } } : {}),
    };
  }
}

/**
 * An operation as a page's form action, for one request: the form's input (read
 * with the same shared schema by the page) in, the outcome out. `view` picks
 * what of the data the page gets, where the API answers more (the session token).
 */
export function pageAction<O extends AnyOperation, T = DataOf<O>>(
  operation: O,
  request: FastifyRequest,
  reply: FastifyReply,
  view: (data: DataOf<O>) => T = (data) => data as T,
) {
  return (input: InputOf<O>): Promise<ActionResult<T>> =>
    outcomeOf(async () => {
      const done = (await runOperation(operation, request, reply, input)) as Done<DataOf<O>>;
      return { message: done.message, data: view(done.data) };
    });
}

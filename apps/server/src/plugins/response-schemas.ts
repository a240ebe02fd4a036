import type { FastifyInstance } from "fastify";
import { z } from "zod";

type SerializerCompiler = Parameters<FastifyInstance["setSerializerCompiler"]>[0];

/** An answer that does not match the schema its route declares. */
export class ResponseSchemaMismatchError extends Error {
  constructor(
    readonly route: string,
    readonly httpStatus: string | undefined,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(
      `${route} answered ${httpStatus ?? ""} with a body that does not match its schema: ${z.prettifyError({ issues } as z.ZodError)}`,
    );
    this.name = "ResponseSchemaMismatchError";
  }
}

/**
 * The answers' serializer: checks each JSON body against the zod schema its
 * route declares (the one /api/docs shows), then sends the body exactly as the
 * handler made it (no field is stripped or converted). A mismatch goes to
 * `onMismatch`: tests throw, so the API suite fails on an answer that breaks its
 * documented shape; the store logs it and still sends the answer, so a schema
 * that is too narrow never turns a correct answer into a 500.
 */
export function checkedSerializerCompiler(
  onMismatch: (error: ResponseSchemaMismatchError) => void,
): SerializerCompiler {
  return ({ schema, method, url, httpStatus }) => {
    if (!(schema instanceof z.ZodType)) return (data) => JSON.stringify(data);
    const route = `${method} ${url}`;
    return (data) => {
      const result = schema.safeParse(data);
      if (!result.success) onMismatch(new ResponseSchemaMismatchError(route, httpStatus, result.error.issues));
      return JSON.stringify(data);
    };
  };
}

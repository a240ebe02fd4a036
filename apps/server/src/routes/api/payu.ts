import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Payu: create a payment, confirm it on return and by webhook. (Being written.) */
export const payuRoutes: FastifyPluginAsyncZod = async (_app) => {};

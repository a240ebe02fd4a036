import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Paypal: create a payment, confirm it on return and by webhook. (Being written.) */
export const paypalRoutes: FastifyPluginAsyncZod = async (_app) => {};

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Stripe: create a payment, confirm it on return and by webhook. (Being written.) */
export const stripeRoutes: FastifyPluginAsyncZod = async (_app) => {};

import type { FastifyPluginAsync } from "fastify";

/** The built-in Stripe emulator (PAYMENTS=emulator). (Being written.) */
export const stripeEmulator: FastifyPluginAsync = async (_app) => {};

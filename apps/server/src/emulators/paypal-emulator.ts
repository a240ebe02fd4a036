import type { FastifyPluginAsync } from "fastify";

/** The built-in Paypal emulator (PAYMENTS=emulator). (Being written.) */
export const paypalEmulator: FastifyPluginAsync = async (_app) => {};

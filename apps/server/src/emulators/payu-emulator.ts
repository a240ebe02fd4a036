import type { FastifyPluginAsync } from "fastify";

/** The built-in Payu emulator (PAYMENTS=emulator). (Being written.) */
export const payuEmulator: FastifyPluginAsync = async (_app) => {};

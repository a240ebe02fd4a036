import type { FastifyInstance } from "fastify";

/**
 * Where this server can reach itself, for its calls to the built-in payment
 * emulators: the address it listens on, or loopback when it listens on every
 * interface. PUBLIC_URL may name a proxy or a host this machine cannot resolve.
 */
export function ownAddress(app: FastifyInstance): { host: string; port: number; origin: string } {
  const address = app.server.address();
  if (!address || typeof address === "string") {
    throw new Error("The server is not listening on a TCP port, so the payment emulator cannot be called.");
  }
  const host = address.address === "0.0.0.0" || address.address === "::" ? "127.0.0.1" : address.address;
  return { host, port: address.port, origin: `http://${host.includes(":") ? `[${host}]` : host}:${address.port}` };
}

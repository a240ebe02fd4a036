import { isIP } from "node:net";
import proxyAddr from "@fastify/proxy-addr";

/**
 * Whose X-Forwarded-For the store believes (TRUST_PROXY, CONTRACT.md section 6).
 * null: nobody's, the address is the socket's. hops: the last N addresses of
 * the chain were written by our own proxies. proxies: only a peer in this list
 * is a proxy, and the chain is followed back while the hops are listed proxies.
 */
export type TrustProxy = null | { hops: number } | { proxies: string[] };

/**
 * More hops than any real chain of proxies: a bigger count would take whatever
 * a client wrote at the front of the header, i.e. trust every client.
 */
const MAX_HOPS = 10;

/** proxy-addr's names for well-known ranges (loopback, link-local, unique local). */
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** The parsed setting, or the reason it is refused (one line, for the start-up error). */
export function parseTrustProxy(raw: string): TrustProxy | { error: string } {
  const value = raw.trim();
  if (value === "" || value === "false") return null;
  if (value === "true") {
    return {
      error:
        "true would trust every client: anyone could choose their address (and dodge the rate limits) with X-Forwarded-For. Give the number of proxies in front of the store (a hop count such as 1) or their addresses",
    };
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops < 1) return { error: "a hop count must be a positive integer; leave TRUST_PROXY unset to trust no proxy" };
    if (hops > MAX_HOPS) return { error: `a hop count must be at most ${MAX_HOPS}` };
    return { hops };
  }
  const proxies = value.split(",").map((entry) => entry.trim());
  for (const entry of proxies) {
    if (entry === "") return { error: "has an empty entry in the list of proxy addresses" };
    // proxy-addr alone takes shorthands like "127.1" or "1"; the address part must be a plain IP.
    const address = entry.split("/")[0] ?? "";
    if (!NAMED_RANGES.has(entry) && isIP(address) === 0) {
      return { error: `"${entry}" is not a hop count, an IP address or a CIDR range (e.g. 10.0.0.0/8, fd00::/8)` };
    }
    try {
      // The same compiler Fastify uses for this list: what passes here, Fastify accepts.
      proxyAddr.compile([entry]);
    } catch {
      return { error: `"${entry}" has an invalid prefix length or netmask` };
    }
  }
  return { proxies };
}

/**
 * Fastify's trustProxy option. A list goes to Fastify as it is (proxy-addr). A
 * hop count goes as a function: Fastify 5.12 treats a plain number as "trust
 * nobody", so the count is given the way proxy-addr defines it (the first N
 * hops, counted from the socket, are proxies).
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === null) return false;
  if ("hops" in trust) {
    const { hops } = trust;
    return (_address, hop) => hop < hops;
  }
  return trust.proxies;
}

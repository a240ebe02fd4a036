import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../lib/app-error.ts";

const MINUTE = 60_000;

/** [max requests, window in ms]. */
type Limit = readonly [number, number];
interface Policy {
  address: Limit;
  account?: Limit;
}

/**
 * Every rate limit of the store, for the JSON API and the pages' forms alike:
 * per address and, where an account is named, per account, [max requests,
 * window]. One counter per key in the shared store, whichever way a request arrives.
 */
export const RATE_LIMITS = {
  login: { address: [30, 15 * MINUTE], account: [10, 15 * MINUTE] },
  register: { address: [10, 60 * MINUTE], account: [5, 60 * MINUTE] },
  forgotPassword: { address: [10, 60 * MINUTE], account: [3, 15 * MINUTE] },
  // A reset link's token cannot be guessed (256 bits), and no address gets to try.
  resetPassword: { address: [30, 15 * MINUTE] },
  // Coupon codes are words an operator chose (SUMMER20): each try, right or wrong, counts.
  couponCode: { address: [30, 15 * MINUTE], account: [10, 15 * MINUTE] },
  // Every code typed for a second step (a sign-in's, an authenticator app's first): six digits, three
  // of which are right at a time, so an account gets few tries (counted by its id), an address more.
  secondStep: { address: [30, 15 * MINUTE], account: [10, 15 * MINUTE] },
  // Passkey ceremonies: each start keeps a challenge row for minutes, and the sign-in page starts one
  // (for the e-mail field's autofill) each time it opens.
  passkeySignIn: { address: [120, 15 * MINUTE] },
  // Each change of billing details with a VAT number asks VIES, which limits its callers.
  billing: { address: [30, 15 * MINUTE] },
  // The notification mails' one-click unsubscribe: its token cannot be guessed, and mail providers
  // post from few addresses for many learners, so an address gets more than a person would need.
  unsubscribe: { address: [60, 15 * MINUTE] },
  // "Download my data" reads every table of the learner, and "Delete my account" mails a link:
  // plenty for a person, not a way to load the database or fill someone's inbox.
  learnerData: { address: [30, 60 * MINUTE], account: [10, 60 * MINUTE] },
  // A seat manager's invitations mail up to 50 addresses a time: a team's worth, not a mailing list's.
  teamInvitations: { address: [30, 60 * MINUTE], account: [20, 60 * MINUTE] },
} as const satisfies Record<string, Policy>;

export type LimitName = keyof typeof RATE_LIMITS;
export type LimitScope = "address" | "account";

export const TOO_MANY_REQUESTS = "Too many requests. Please try again later.";

/** The key a request counts under: `login:ip:203.0.113.7`, `login:account:ada@example.com`, `couponCode:account:42`. */
function limitKey(name: LimitName, scope: LimitScope, subject: string): string {
  return `${name}:${scope === "address" ? "ip" : "account"}:${subject}`;
}

type Check = ReturnType<FastifyInstance["createRateLimit"]>;
const checksByApp = new WeakMap<
  FastifyInstance,
  Map<string, { check: Check; subjects: WeakMap<FastifyRequest, string> }>
>();

/**
 * Counts a request against one of its limits: the address's (its IP) or an
 * account's (`subject`, the e-mail). Once the limit is spent: 429 with
 * Retry-After, as every surface answers it.
 */
export async function enforceLimit(
  request: FastifyRequest,
  reply: FastifyReply,
  name: LimitName,
  scope: LimitScope,
  subject: string = request.ip,
): Promise<void> {
  const app = request.server;
  let checks = checksByApp.get(app);
  if (!checks) {
    checks = new Map();
    checksByApp.set(app, checks);
  }
  const id = `${name}:${scope}`;
  let limiter = checks.get(id);
  if (!limiter) {
    const policy: Policy = RATE_LIMITS[name];
    const limit = policy[scope];
    if (!limit) throw new Error(`The ${name} policy has no ${scope} limit`);
    const [max, timeWindow] = limit;
    const subjects = new WeakMap<FastifyRequest, string>();
    const check = app.createRateLimit({
      max,
      timeWindow,
      keyGenerator: (r) => limitKey(name, scope, subjects.get(r) ?? ""),
    });
    limiter = { check, subjects };
    checks.set(id, limiter);
  }
  limiter.subjects.set(request, subject);
  const result = await limiter.check(request);
  // isAllowed means allow-listed, not counted.
  if (scope === "address" && !result.isAllowed) {
    // What @fastify/rate-limit's route limits tell a client: its address's budget.
    reply.header("x-ratelimit-limit", result.max);
    reply.header("x-ratelimit-remaining", result.remaining);
    reply.header("x-ratelimit-reset", result.ttlInSeconds);
  }
  if (!result.isAllowed && result.isExceeded) {
    reply.header("retry-after", result.ttlInSeconds);
    throw new AppError("rate_limited", TOO_MANY_REQUESTS);
  }
}

import type { Message } from "@skillshelf/shared/i18n/message.ts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { withAuditScope } from "../audit/audit-trail.ts";
import type { Config } from "../env.ts";
import { type ActorOf, type Audience, actorOf } from "./guard.ts";
import { enforceLimit, type LimitName } from "./rate-limits.ts";

/** What an operation answers: its data, and its message as a catalogue key with values. */
export interface Done<D> {
  message: Message;
  data: D;
}

/** One run of an operation: the store, the request it came with (its address, its reply's cookies), and who runs it. */
export interface Call<A extends Audience> {
  app: FastifyInstance;
  request: FastifyRequest;
  reply: FastifyReply;
  actor: ActorOf<A>;
}

/**
 * One thing the store does, defined once, for the JSON API (api-route.ts) and
 * the pages' form actions (page-action.ts) alike:
 * - `who` may run it (the guard narrows `call.actor` to match);
 * - `input`: the shared zod schema of what it takes (a function of the store's
 *   configuration where the schema depends on it, the currency's);
 * - `limit`: the rate limits it counts against (rate-limits.ts: the one table
 *   of policies), per address and, when `account` names it, per account;
 * - `audit`: an operator's action is written to the audit trail, in the transaction of the action
 *   (audit/audit-trail.ts): its action name, and the object the input names (the domain may say
 *   more with auditChange: a new object's id, before and after);
 * - `run`: what it does, answering data and a message key with values.
 */
export interface Operation<A extends Audience, S extends z.ZodType, D> {
  name: string;
  who: A;
  input: S | ((config: Config) => S);
  limit?: { policy: LimitName; account?: (input: z.output<S>) => string };
  audit?: {
    action: string | ((input: NoInfer<z.output<S>>) => string);
    object?: (input: NoInfer<z.output<S>>) => { type: string; id: string | number | null } | null;
  };
  run(call: Call<A>, input: z.output<S>): Promise<Done<D>>;
}

// biome-ignore lint/suspicious/noExplicitAny: any operation, whatever its input and data.
export type AnyOperation = Operation<Audience, any, any>;
export type InputOf<O> = O extends Operation<Audience, infer S, unknown> ? z.output<S> : never;
export type DataOf<O> = O extends Operation<Audience, z.ZodType, infer D> ? D : never;

export function defineOperation<A extends Audience, S extends z.ZodType, D>(
  operation: Operation<A, S, D>,
): Operation<A, S, D> {
  return operation;
}

/** The operation's input schema for this store. */
export function inputSchema<S extends z.ZodType>(operation: { input: S | ((config: Config) => S) }, config: Config): S {
  return typeof operation.input === "function" ? (operation.input as (config: Config) => S)(config) : operation.input;
}

/** The address's limit: counted first, before the input is read (the API counts it as the request arrives). */
export async function limitAddress(operation: AnyOperation, request: FastifyRequest, reply: FastifyReply) {
  if (operation.limit) await enforceLimit(request, reply, operation.limit.policy, "address");
}

/** The account's limit, keyed by the (valid) input. */
export async function limitAccount<S extends z.ZodType>(
  operation: Operation<Audience, S, unknown>,
  request: FastifyRequest,
  reply: FastifyReply,
  input: z.output<S>,
) {
  const account = operation.limit?.account;
  if (operation.limit && account) await enforceLimit(request, reply, operation.limit.policy, "account", account(input));
}

/**
 * The work of an operation, for both surfaces: in an audit scope when it is audited, so the
 * action's row is written in the transaction of the action.
 */
export function perform<A extends Audience, S extends z.ZodType, D>(
  operation: Operation<A, S, D>,
  call: Call<A>,
  input: z.output<S>,
): Promise<Done<D>> {
  const { audit } = operation;
  if (!audit) return operation.run(call, input);
  const actor = call.actor as { userId: number } | null;
  return withAuditScope(
    call.app.database.db,
    {
      action: typeof audit.action === "function" ? audit.action(input) : audit.action,
      actorUserId: actor?.userId ?? null,
      ip: call.request.ip,
      requestId: call.request.id,
      object: audit.object?.(input) ?? null,
    },
    () => operation.run(call, input),
  );
}

/**
 * Runs an operation for a request, from start to end: the guard, the limits,
 * then the work. The pages' actions run it so; the API runs the same steps
 * from its route's hooks (api-route.ts), the guard and the address's limit
 * before the body is read.
 */
export async function runOperation<A extends Audience, S extends z.ZodType, D>(
  operation: Operation<A, S, D>,
  request: FastifyRequest,
  reply: FastifyReply,
  input: z.output<S>,
): Promise<Done<D>> {
  const actor = await actorOf(operation.who, request);
  await limitAddress(operation, request, reply);
  await limitAccount(operation, request, reply, input);
  return perform(operation, { app: request.server, request, reply, actor }, input);
}

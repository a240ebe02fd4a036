import { AsyncLocalStorage } from "node:async_hooks";
import { sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client.ts";
import { auditEvents, users } from "../db/schema/index.ts";

/*
 * The audit trail (decision 0055). Two ways in:
 *
 * - Operator actions: an operation with an `audit` (operations/operation.ts) runs inside an
 *   audit scope (`withAuditScope`). The first transaction that commits inside that scope writes
 *   the action's row just before its commit (`auditedTransactions`), so the row and the change
 *   are kept together or not at all: a refused or failed action leaves no row. The domain code
 *   may add what it knows inside the transaction (`auditChange`: the object's id, before and
 *   after, a more precise action such as a price change).
 * - Security events: `securityEvent` (lib/security-events.ts) stores a row besides its log line,
 *   through the sink its logger carries (securityLog), outside any business transaction.
 */

/** What one audited action writes: who, from where, what, to which object. */
interface AuditScope {
  action: string;
  actorUserId: number | null;
  ip: string | null;
  requestId: string | null;
  objectType: string | null;
  objectId: string | null;
  before: unknown;
  after: unknown;
  /** Set once the row is written (in the first committed transaction of the action). */
  written: boolean;
  /** A transaction of the scope is running (a nested db.transaction call writes nothing itself). */
  inTransaction: boolean;
}

const scopes = new AsyncLocalStorage<AuditScope>();

export interface AuditStart {
  action: string;
  actorUserId: number | null;
  ip: string | null;
  requestId: string | null;
  object?: { type: string; id: string | number | null } | null;
}

/**
 * Runs an operator's action in an audit scope. When the action wrote nothing in a transaction
 * (a write of a single statement), its row is written once it has succeeded.
 */
export async function withAuditScope<T>(db: Db, start: AuditStart, run: () => Promise<T>): Promise<T> {
  const scope: AuditScope = {
    action: start.action,
    actorUserId: start.actorUserId,
    ip: start.ip,
    requestId: start.requestId,
    objectType: start.object?.type ?? null,
    objectId: start.object?.id == null ? null : String(start.object.id),
    before: null,
    after: null,
    written: false,
    inTransaction: false,
  };
  const result = await scopes.run(scope, run);
  if (!scope.written) await writeScope(db, scope);
  return result;
}

/** What the domain adds to the current action's row, inside its transaction; nothing outside an audited action. */
export function auditChange(change: {
  action?: string;
  object?: { type: string; id: string | number };
  before?: unknown;
  after?: unknown;
}): void {
  const scope = scopes.getStore();
  if (!scope || scope.written) return;
  if (change.action) scope.action = change.action;
  if (change.object) {
    scope.objectType = change.object.type;
    scope.objectId = String(change.object.id);
  }
  if (change.before !== undefined) scope.before = change.before;
  if (change.after !== undefined) scope.after = change.after;
}

/** The action of the current audit scope, when its row is written: a security event of the same name is that row. */
export function auditedActionWritten(name: string): boolean {
  const scope = scopes.getStore();
  return scope?.written === true && scope.action === name;
}

const AUDITED = Symbol("audited transactions");

/**
 * Makes every outermost `db.transaction` write the current audit scope's row (once) in the
 * transaction, after its work and before its commit. Outside a scope it changes nothing.
 */
export function auditedTransactions(db: Db): void {
  const marked = db as Db & { [AUDITED]?: true };
  if (marked[AUDITED]) return;
  marked[AUDITED] = true;
  const transaction = db.transaction.bind(db);
  db.transaction = ((work: (tx: DbOrTx) => Promise<unknown>, config?: unknown) => {
    const scope = scopes.getStore();
    if (!scope || scope.written || scope.inTransaction) return transaction(work as never, config as never);
    return transaction(async (tx) => {
      scope.inTransaction = true;
      try {
        const result = await work(tx);
        await writeScope(tx, scope);
        return result;
      } finally {
        scope.inTransaction = false;
      }
    }, config as never);
  }) as Db["transaction"];
}

async function writeScope(db: DbOrTx, scope: AuditScope): Promise<void> {
  await recordAudit(db, {
    action: scope.action,
    actorUserId: scope.actorUserId,
    objectType: scope.objectType,
    objectId: scope.objectId,
    before: scope.before,
    after: scope.after,
    ip: scope.ip,
    requestId: scope.requestId,
  });
  scope.written = true;
}

export interface AuditRow {
  action: string;
  actorUserId: number | null;
  objectType?: string | null;
  objectId?: string | null;
  before?: unknown;
  after?: unknown;
  details?: Record<string, unknown> | null;
  ip?: string | null;
  requestId?: string | null;
  at?: Date;
}

/** One row of the trail; the actor's e-mail is read as it is now, in the same statement. */
export async function recordAudit(db: DbOrTx, row: AuditRow): Promise<void> {
  const actorEmail =
    row.actorUserId === null
      ? null
      : sql`(select ${users.email} from ${users} where ${users.id} = ${row.actorUserId} and ${users.deletedAt} is null)`;
  await db.insert(auditEvents).values({
    ...(row.at ? { at: row.at } : {}),
    actorUserId: row.actorUserId,
    actorEmail,
    action: row.action,
    objectType: row.objectType ?? null,
    objectId: row.objectId ?? null,
    before: row.before ?? null,
    after: row.after ?? null,
    details: row.details ?? null,
    ip: row.ip ?? null,
    requestId: row.requestId ?? null,
  });
}

/** The action of a change that moved a price: the one an operator searches for. */
const PRICE_CHANGED = "catalogue.price_changed";

/**
 * A row changed by the current action: its fields that differ, before and after (dates as ISO
 * strings). A changed `priceMinor` makes the action a price change.
 */
export function auditUpdate(
  object: { type: string; id: number },
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): void {
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (key === "updatedAt") continue;
    const a = JSON.stringify(before[key] ?? null);
    const b = JSON.stringify(after[key] ?? null);
    if (a !== b) {
      was[key] = before[key] ?? null;
      is[key] = after[key] ?? null;
    }
  }
  auditChange({
    object,
    before: was,
    after: is,
    ...("priceMinor" in is ? { action: PRICE_CHANGED } : {}),
  });
}

import type { AuditEventRow, AuditQuery, OwnSecurityEventRow } from "@skillshelf/shared/audit.ts";
import type { PageRequest } from "@skillshelf/shared/paging.ts";
import { and, asc, eq, inArray, lt, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client.ts";
import { auditEvents } from "../db/schema/index.ts";
import { OWN_SECURITY_EVENTS } from "../lib/security-events.ts";
import { builtEachTime, keyColumns, keysetPage, type Part } from "../paging/keyset-page.ts";
import type { PageCursors } from "../paging/page-cursors.ts";

type AuditRecord = typeof auditEvents.$inferSelect;

const toRow = (r: AuditRecord): AuditEventRow => ({
  id: r.id,
  at: r.at.toISOString(),
  actor: r.actorUserId === null && r.actorEmail === null ? null : { id: r.actorUserId, email: r.actorEmail },
  action: r.action,
  object_type: r.objectType,
  object_id: r.objectId,
  before: r.before ?? null,
  after: r.after ?? null,
  details: (r.details as Record<string, unknown> | null) ?? null,
  ip: r.ip,
  request_id: r.requestId,
});

/**
 * The filters of /admin/audit, each a range of one index in (at, id) order: the actor by user id
 * (audit_events_actor_idx) or e-mail (audit_events_actor_email_idx), the action
 * (audit_events_action_idx), the object (audit_events_object_idx).
 */
function filtersOf(query: AuditQuery): SQL | undefined {
  const actor = query.actor?.trim();
  return and(
    actor
      ? /^\d+$/.test(actor)
        ? eq(auditEvents.actorUserId, Number(actor))
        : eq(auditEvents.actorEmail, actor.toLowerCase())
      : undefined,
    query.action ? eq(auditEvents.action, query.action) : undefined,
    query.object_type ? eq(auditEvents.objectType, query.object_type) : undefined,
    query.object_type && query.object_id ? eq(auditEvents.objectId, query.object_id) : undefined,
  );
}

function selectEvents(db: DbOrTx, filters: SQL | undefined) {
  return (where: SQL | undefined, orderBy: SQL[], limit: number, part?: Part) =>
    db
      .select({ event: auditEvents, ...keyColumns(auditEvents.at, auditEvents.id, part) })
      .from(auditEvents)
      .where(and(filters, where))
      .orderBy(...orderBy)
      .limit(limit);
}

/** The audit trail, newest first, filtered by actor, action and object, a page at a time. */
export function listAuditEvents(db: Db, options: { cursors: PageCursors; query: AuditQuery; page: PageRequest }) {
  const { query } = options;
  const fetch = builtEachTime(auditEvents.at, auditEvents.id, selectEvents(db, filtersOf(query)));
  return keysetPage({
    cursors: options.cursors,
    list: "admin-audit",
    // A cursor pages only through the filters it came from.
    scope: JSON.stringify([query.actor ?? "", query.action ?? "", query.object_type ?? "", query.object_id ?? ""]),
    request: options.page,
    fetch,
    toRows: (records) => records.map((r) => toRow(r.event)),
  });
}

/** A learner's own security events (sign-ins, password and e-mail changes…): their rows as the object "user". */
export const ownEventsOf = (userId: number) =>
  and(
    eq(auditEvents.objectType, "user"),
    eq(auditEvents.objectId, String(userId)),
    inArray(auditEvents.action, [...OWN_SECURITY_EVENTS]),
  );

/** The learner's own security events, newest first, a page at a time (Settings). */
export function listOwnSecurityEvents(db: Db, options: { cursors: PageCursors; userId: number; page: PageRequest }) {
  const fetch = builtEachTime(auditEvents.at, auditEvents.id, selectEvents(db, ownEventsOf(options.userId)));
  return keysetPage({
    cursors: options.cursors,
    list: "own-security-events",
    scope: String(options.userId),
    request: options.page,
    fetch,
    toRows: (records) =>
      records.map(({ event }): OwnSecurityEventRow => {
        const reason = (event.details as { reason?: unknown } | null)?.reason;
        return {
          id: event.id,
          at: event.at.toISOString(),
          action: event.action,
          reason: typeof reason === "string" ? reason : null,
          ip: event.ip,
        };
      }),
  });
}

/** How many rows one pruning statement removes at most: a short transaction, however long the backlog. */
const PRUNE_BATCH = 1000;

/**
 * Removes the rows older than `retentionDays`, a batch at a time. Several instances may prune at
 * once: each batch skips the rows another is deleting (SKIP LOCKED). Answers how many went.
 */
export async function pruneAuditEvents(db: Db, options: { now: Date; retentionDays: number }): Promise<number> {
  const cutoff = new Date(options.now.getTime() - options.retentionDays * 24 * 3600_000);
  let removed = 0;
  for (;;) {
    const batch = db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(lt(auditEvents.at, cutoff))
      .orderBy(asc(auditEvents.at))
      .limit(PRUNE_BATCH)
      .for("update", { skipLocked: true });
    const gone = await db.delete(auditEvents).where(inArray(auditEvents.id, batch)).returning({ id: auditEvents.id });
    const count = gone.length;
    removed += count;
    if (count < PRUNE_BATCH) return removed;
  }
}

/** The background job that prunes the trail: at start-up, then every `everyMs` (an hour). */
export class AuditPruneWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = false;

  constructor(
    private readonly options: {
      db: Db;
      retentionDays: number;
      everyMs: number;
      now: () => Date;
      log: { info(o: object, m: string): void; error(o: object, m: string): void };
    },
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(1_000);
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    this.timer = setTimeout(async () => {
      const { db, retentionDays, now, log } = this.options;
      this.running = pruneAuditEvents(db, { now: now(), retentionDays })
        .then((removed) => {
          if (removed) log.info({ removed, retentionDays }, "audit events pruned");
        })
        .catch((error) => log.error({ err: error }, "audit events could not be pruned"));
      await this.running;
      this.running = null;
      this.schedule(this.options.everyMs);
    }, delayMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}

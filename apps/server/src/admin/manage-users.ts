import type { AdminUserRow } from "@skillshelf/shared/admin-forms.ts";
import type { PageRequest } from "@skillshelf/shared/paging.ts";
import { and, eq, ilike, or, type SQL } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { revokeUserSessions } from "../accounts/sessions.ts";
import { auditUpdate } from "../audit/audit-trail.ts";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import { containsPattern, searchTerm, WHOLE_EMAIL } from "../lib/like-pattern.ts";
import { SECURITY_EVENTS, securityEvent } from "../lib/security-events.ts";
import { builtEachTime, keyColumns, keysetPage, type Part } from "../paging/keyset-page.ts";
import type { PageCursors } from "../paging/page-cursors.ts";

/** The learners a search term finds: by name or e-mail containing it, or the one whose whole address it is. */
export function usersMatching(term: string): SQL | undefined {
  if (WHOLE_EMAIL.test(term)) return eq(users.email, term);
  const like = containsPattern(term);
  return or(ilike(users.name, like), ilike(users.email, like));
}

/**
 * The query of the learner list: users whose name or e-mail contains the
 * term (the trigram indexes users_name_trgm_idx and users_email_trgm_idx
 * find them), or whose address a whole address is (users_email_key), plus
 * the page's `where`, in `orderBy` order.
 */
export function selectUsers(db: Db, term: string | undefined) {
  const matches = term === undefined ? undefined : usersMatching(term);
  return (where: SQL | undefined, orderBy: SQL[], limit: number, part?: Part) =>
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        emailVerifiedAt: users.emailVerifiedAt,
        blockedAt: users.blockedAt,
        deletedAt: users.deletedAt,
        createdAt: users.createdAt,
        ...keyColumns(users.createdAt, users.id, part),
      })
      .from(users)
      .where(and(matches, where))
      .orderBy(...orderBy)
      .limit(limit);
}

/** Learners and admins, newest first, searched by name or e-mail, a page at a time. */
export function listUsers(db: Db, options: { cursors: PageCursors; search?: string | undefined; page: PageRequest }) {
  const term = searchTerm(options.search);
  const fetch = builtEachTime(users.createdAt, users.id, selectUsers(db, term));
  return keysetPage({
    cursors: options.cursors,
    list: "admin-users",
    scope: term ?? "",
    request: options.page,
    fetch,
    toRows: (records) =>
      records.map(
        (r): AdminUserRow => ({
          id: r.id,
          name: r.name,
          email: r.email,
          role: r.role,
          email_verified: r.emailVerifiedAt !== null,
          blocked: r.blockedAt !== null,
          deleted: r.deletedAt !== null,
          created_at: r.createdAt.toISOString(),
        }),
      ),
  });
}

/** An account its owner deleted: anonymised, kept for its orders, and no longer anyone's to verify or block. */
const ACCOUNT_DELETED = "This account was deleted by its owner.";

export type UserAction = "verify-email" | "block" | "unblock" | "make-admin" | "remove-admin";

/** The actions that change who may sign in or operate the store, and the event each logs. */
const ACTION_EVENTS: Partial<Record<UserAction, string>> = {
  block: SECURITY_EVENTS.userBlocked,
  unblock: SECURITY_EVENTS.userUnblocked,
  "make-admin": SECURITY_EVENTS.adminRoleGranted,
  "remove-admin": SECURITY_EVENTS.adminRoleRemoved,
};

/**
 * Applies one admin action to a user. Blocking ends their sessions at once;
 * an admin cannot block or demote themselves (the store would lose its last
 * operator by a slip of the mouse).
 */
export async function applyUserAction(
  db: Db,
  options: { actorId: number; userId: number; action: UserAction; now: Date; log: FastifyBaseLogger },
): Promise<void> {
  const { actorId, userId, action, now } = options;
  if (actorId === userId && (action === "block" || action === "remove-admin")) {
    throw new AppError("conflict", "You cannot block yourself or remove your own admin role.");
  }
  const email = await db.transaction(async (tx) => {
    const [user] = await tx
      .select({
        id: users.id,
        email: users.email,
        emailVerifiedAt: users.emailVerifiedAt,
        blockedAt: users.blockedAt,
        role: users.role,
        deletedAt: users.deletedAt,
      })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!user) throw new AppError("not_found", "User not found");
    if (user.deletedAt) throw new AppError("conflict", ACCOUNT_DELETED);
    const set: Partial<typeof users.$inferInsert> = { updatedAt: now };
    if (action === "verify-email") set.emailVerifiedAt = user.emailVerifiedAt ?? now;
    if (action === "block") set.blockedAt = now;
    if (action === "unblock") set.blockedAt = null;
    if (action === "make-admin") set.role = "admin";
    if (action === "remove-admin") set.role = "learner";
    await tx.update(users).set(set).where(eq(users.id, userId));
    const was = { role: user.role, blockedAt: user.blockedAt, emailVerifiedAt: user.emailVerifiedAt };
    auditUpdate({ type: "user", id: userId }, was, { ...was, ...set });
    if (action === "block") await revokeUserSessions(tx, userId, now);
    return user.email;
  });
  const event = ACTION_EVENTS[action];
  if (event) await securityEvent(options.log, event, { userId, email, actorId });
}

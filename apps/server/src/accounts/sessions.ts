import type { Viewer } from "@skillshelf/shared/api.ts";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { cartLineKeysOf } from "../cart/cart-lines.ts";
import type { DbOrTx } from "../db/client.ts";
import { preparedPerDb } from "../db/prepared.ts";
import { readCache } from "../db/read-cache.ts";
import { sessions, users } from "../db/schema/index.ts";
import { hashToken, newToken } from "../lib/tokens.ts";
import { unreadCountOf } from "../notifications/notifications.ts";
import { secondStepOn } from "./second-step.ts";
import { toUserRecord, userRecordColumns } from "./user-record.ts";

/** 'Remember me': thirty days. Otherwise twelve hours. Neither is ever extended. */
export const SESSION_TTL_MS = { remembered: 30 * 24 * 3600_000, short: 12 * 3600_000 } as const;

export async function createSession(options: {
  db: DbOrTx;
  userId: number;
  rememberMe: boolean;
  now: Date;
  /** Whether the sign-in did its second step (a passkey; a code after the password). */
  secondStep?: boolean;
}): Promise<{ id: number; token: string; expiresAt: Date }> {
  const { token, hash } = newToken();
  const ttl = options.rememberMe ? SESSION_TTL_MS.remembered : SESSION_TTL_MS.short;
  const expiresAt = new Date(options.now.getTime() + ttl);
  const [session] = await options.db
    .insert(sessions)
    .values({
      userId: options.userId,
      tokenHash: hash,
      rememberMe: options.rememberMe,
      createdAt: options.now,
      expiresAt,
      secondStepAt: options.secondStep ? options.now : null,
    })
    .returning({ id: sessions.id });
  if (!session) throw new Error("session insert returned nothing");
  return { id: session.id, token, expiresAt };
}

/** How recent a sign-in an account's deletion needs (decision 0055). */
const RECENT_SIGN_IN_MS = 10 * 60_000;

/**
 * The session's holder has just proved who they are: a password sign-in (with its second step when
 * the account has one), a passkey sign-in, a password given again. What `signedInRecently` reads.
 */
export async function markAuthenticated(db: DbOrTx, sessionId: number, now: Date): Promise<void> {
  await db.update(sessions).set({ authenticatedAt: now }).where(eq(sessions.id, sessionId));
}

/** Whether the session's holder proved who they are within RECENT_SIGN_IN_MS. */
export async function signedInRecently(db: DbOrTx, sessionId: number, now: Date): Promise<boolean> {
  const [session] = await db
    .select({ authenticatedAt: sessions.authenticatedAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  const at = session?.authenticatedAt;
  return at != null && now.getTime() - at.getTime() <= RECENT_SIGN_IN_MS;
}

/** The viewer of a live session: not revoked, not expired, user not blocked. */
export interface SessionViewer extends Viewer {
  sessionId: number;
  /** The keys of the viewer's cart lines, read with the session: the header's badge counts those for sale. */
  cartLines: number[];
  /** The viewer's unread notifications, read with the session too: the header's bell. */
  unreadNotifications: number;
}

const viewerQuery = preparedPerDb((db) =>
  db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      blockedAt: users.blockedAt,
      secondStepAt: sessions.secondStepAt,
      secondStepOn: secondStepOn(users.id),
      cartLines: cartLineKeysOf(db, users.id),
      unreadNotifications: unreadCountOf(db, users.id),
      ...userRecordColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder("tokenHash")), isNull(sessions.revokedAt)))
    .prepare("find_viewer"),
);

/** The session behind each token, kept until the next write on the embedded database (read-cache.ts). */
const sessionsByToken = readCache<{ viewer: SessionViewer; expiresAt: Date; blocked: boolean } | null>(10_000);

export async function findViewer(db: DbOrTx, token: string, now: Date): Promise<SessionViewer | null> {
  if (token.length < 20 || token.length > 100) return null;
  const tokenHash = hashToken(token);
  const session = await sessionsByToken(db, tokenHash, async () => {
    const [row] = await viewerQuery(db).execute({ tokenHash });
    if (!row) return null;
    const viewer: SessionViewer = {
      sessionId: row.sessionId,
      cartLines: row.cartLines,
      unreadNotifications: row.unreadNotifications,
      userId: row.id,
      role: row.role,
      user: toUserRecord(row),
      secondStep: { on: row.secondStepOn, done: row.secondStepAt !== null },
    };
    return { viewer, expiresAt: row.expiresAt, blocked: row.blockedAt !== null };
  });
  // Expiry is read here, against the clock: a kept session ends on time.
  if (!session || session.blocked || session.expiresAt <= now) return null;
  return session.viewer;
}

export async function revokeSession(db: DbOrTx, sessionId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user, but the one given (the browser that made the change). */
export async function revokeUserSessions(
  db: DbOrTx,
  userId: number,
  now: Date,
  exceptSessionId?: number,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId),
      ),
    );
}

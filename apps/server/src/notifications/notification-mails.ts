import { setImmediate as nextTurn } from "node:timers/promises";
import type { NotificationKind } from "@skillshelf/shared/notification-texts.ts";
import { and, asc, eq, inArray, isNull, lt, or } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import { notifications, users } from "../db/schema/index.ts";
import type { Clock } from "../lib/clock.ts";
import { enqueueMails, type OutgoingMail } from "../mail/outbox.ts";
import { notificationMail } from "../mail/templates.ts";
import type { UnsubscribeLinks } from "./unsubscribe.ts";

/**
 * Which kinds of notification are mailed too, to learners whose "Email
 * notifications" are on. An order completed or refunded already has its own
 * mail, sent whatever the setting (the confirmation the payment page promises,
 * the refund's notice): a second mail would say the same thing twice.
 */
export const MAILED_KINDS: Record<NotificationKind, boolean> = {
  new_article: true,
  order_completed: false,
  order_refunded: false,
};

/** Notifications turned into mails per batch: one claim, one transaction, whatever the number waiting. */
const BATCH = 50;
/** A claimed notification is taken by anyone after this, should its instance die while rendering. */
const LEASE_MS = 2 * 60_000;

/**
 * Turns a batch of pending notifications into mails of the outbox, in each
 * learner's language, for those whose e-mail notifications are (still) on and
 * who are not blocked. The request that made the notifications only marked
 * them pending; this runs in the mail worker (MailDelivery's `prepare`).
 *
 * A batch is claimed with SKIP LOCKED and a lease (mail_claimed_until), then
 * rendered outside any transaction, then, in one transaction, the claim is
 * settled (no longer pending) and its mails are queued: both or neither, and
 * only while the lease is still this run's. So a restart or a second instance
 * never loses a mail nor queues one twice. A notification whose mail fails to
 * render keeps its claim and is tried again when the lease ends. True when a
 * whole batch was claimed: more may wait.
 */
export async function mailPendingNotifications(options: {
  db: Db;
  links: UnsubscribeLinks;
  publicUrl: string;
  now: Clock;
  log: FastifyBaseLogger;
}): Promise<boolean> {
  const { db, links, log } = options;
  const now = options.now();
  const lease = new Date(now.getTime() + LEASE_MS);
  const waiting = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.mailPending, true),
        or(isNull(notifications.mailClaimedUntil), lt(notifications.mailClaimedUntil, now)),
      ),
    )
    .orderBy(asc(notifications.id))
    .limit(BATCH)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(notifications)
    .set({ mailClaimedUntil: lease })
    .where(inArray(notifications.id, waiting))
    .returning({
      id: notifications.id,
      userId: notifications.userId,
      params: notifications.params,
      link: notifications.link,
    });
  if (claimed.length === 0) return false;

  const readers = new Map(
    (
      await db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          language: users.language,
          on: users.emailNotifications,
          blockedAt: users.blockedAt,
        })
        .from(users)
        .where(
          inArray(
            users.id,
            claimed.map((n) => n.userId),
          ),
        )
    ).map((user) => [user.id, user]),
  );
  const mails = new Map<number, OutgoingMail>();
  const failed = new Set<number>();
  for (const notification of claimed) {
    const reader = readers.get(notification.userId);
    // Off since, blocked, or from before notifications kept their params: settled without a mail.
    if (!reader?.on || reader.blockedAt || !notification.params) continue;
    try {
      mails.set(
        notification.id,
        await notificationMail(
          reader,
          { params: notification.params, link: notification.link },
          { storeUrl: options.publicUrl, unsubscribeUrl: links.url(reader.id) },
        ),
      );
    } catch (error) {
      failed.add(notification.id);
      log.error({ err: error, notification: notification.id }, "notification mail not rendered; will retry");
    }
    // Requests waiting for this process go first: a batch of renders never holds them up.
    await nextTurn();
  }
  const settled = claimed.map((n) => n.id).filter((id) => !failed.has(id));
  if (settled.length > 0) {
    await db.transaction(async (tx) => {
      const ours = await tx
        .update(notifications)
        .set({ mailPending: false, mailClaimedUntil: null })
        .where(and(inArray(notifications.id, settled), eq(notifications.mailClaimedUntil, lease)))
        .returning({ id: notifications.id });
      const queued = ours.flatMap(({ id }) => mails.get(id) ?? []);
      await enqueueMails(tx, queued, options.now());
    });
  }
  return claimed.length === BATCH;
}

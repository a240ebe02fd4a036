import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { rateLimits } from "../db/schema/index.ts";
import type { Clock } from "../lib/clock.ts";

/**
 * A store for @fastify/rate-limit that keeps fixed-window counters in the
 * database, so a limit holds across every instance behind a load balancer and
 * follows the store's clock.
 */
export function databaseRateLimitStore(db: Db, now: Clock): FastifyRateLimitStoreCtor {
  let calls = 0;
  class DatabaseStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const at = now();
      const resetAt = new Date(at.getTime() + timeWindow);
      db.insert(rateLimits)
        .values({ key, count: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.resetAt} <= ${at.toISOString()} then 1 else ${rateLimits.count} + 1 end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= ${at.toISOString()} then excluded.reset_at else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt })
        .then(([row]) => {
          if (++calls % 500 === 0)
            void db
              .delete(rateLimits)
              .where(lt(rateLimits.resetAt, at))
              .catch(() => {});
          callback(null, {
            current: row?.count ?? 1,
            ttl: Math.max(0, (row?.resetAt ?? resetAt).getTime() - at.getTime()),
          });
        }, callback);
    }

    child(): FastifyRateLimitStore {
      return new DatabaseStore();
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}

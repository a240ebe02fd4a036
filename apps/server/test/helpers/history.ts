import { sql } from "drizzle-orm";
import type { Db } from "../../src/db/client.ts";
import { rowsOf } from "./database.ts";

/**
 * Long histories in one statement each (generate_series), for the paging
 * tests, the search-plan tests and the bench: learners, and paid orders with
 * their payments (and a line each when a category is given). Row n is
 * created at `start` + n × `stepMicros`, so a step of 0 gives every row the
 * same timestamp and a step of 1 rows a microsecond apart. Names, e-mails,
 * order numbers and transaction ids vary as real ones do (a search for one
 * of them is selective), each learner's name and e-mail carrying the tag:
 * learner n of tag "Plan" is "Plan <Word> <Word>", <word>.plan<n>@example.com.
 */
export async function insertLearners(
  db: Db,
  options: { count: number; tag: string; start: Date; stepMicros?: number },
): Promise<{ firstId: number; lastId: number }> {
  const result = await db.execute(sql`
    with made as (
      insert into users (name, email, password_hash, created_at)
      select ${options.tag} || ' ' || initcap(substr(md5(g || 'a'), 1, 7)) || ' ' || initcap(substr(md5(g || 'b'), 1, 9)),
        substr(md5(g || 'c'), 1, 6) || '.' || lower(${options.tag}) || g || '@example.com', 'not-a-hash',
        ${options.start.toISOString()}::timestamptz + g * ${options.stepMicros ?? 1_000_000}::bigint * interval '1 microsecond'
      from generate_series(1, ${options.count}::int) g
      returning id
    )
    select min(id)::int as first, max(id)::int as last from made`);
  const [row] = rowsOf<{ first: number; last: number }>(result);
  if (!row) throw new Error("no learners inserted");
  return { firstId: row.first, lastId: row.last };
}

export async function insertOrders(
  db: Db,
  options: {
    /** Each learner of this id range gets `perUser` orders. */
    users: { firstId: number; lastId: number };
    perUser: number;
    tag: string;
    start: Date;
    stepMicros?: number;
    /** Gives each order one line of this category. */
    categoryId?: number;
  },
): Promise<number[]> {
  const { users, perUser, tag } = options;
  const result = await db.execute(sql`
    with source as (
      select u as user_id, k, row_number() over (order by u, k) as n
      from generate_series(${users.firstId}::int, ${users.lastId}::int) u, generate_series(1, ${perUser}::int) k
    ),
    paid as (
      insert into payments (user_id, provider, provider_ref, amount_minor, currency, lines, success_url, cancel_url,
        status, transaction_id, created_at, completed_at)
      select user_id, 'stripe', 'cs_' || ${tag} || '_' || n, 1999, 'GBP', '[]'::jsonb, 'http://x/ok', 'http://x/no',
        'paid', 'pi_' || substr(md5(${tag} || n), 1, 24),
        ${options.start.toISOString()}::timestamptz + n * ${options.stepMicros ?? 1_000_000}::bigint * interval '1 microsecond',
        now()
      from source
      returning id, user_id, transaction_id, created_at
    ),
    made as (
      insert into orders (order_number, user_id, payment_id, payment_method, transaction_id, payment_status, currency,
        amount_minor, created_at)
      select 'SS-' || to_char(created_at, 'YYYYMMDD') || '-' || upper(substr(md5(transaction_id), 1, 8)), user_id, id,
        'card', transaction_id, 'paid', 'GBP', 1999, created_at
      from paid
      returning id
    ),
    lines as (
      insert into order_lines (order_id, category_id, name, price_minor, currency)
      select made.id, c.id, c.name, 1999, 'GBP' from made join categories c on c.id = ${options.categoryId ?? null}::int
      returning 1
    )
    select id from made`);
  const ids = rowsOf<{ id: number }>(result).map((r) => Number(r.id));
  return ids;
}

const TRIGRAM_INDEXES = [
  "users_name_trgm_idx",
  "users_email_trgm_idx",
  "orders_number_trgm_idx",
  "orders_transaction_trgm_idx",
];

/**
 * Runs a bulk load the way a restore would: the trigram indexes take the
 * rows through GIN's pending list (several times faster than one by one),
 * then VACUUM moves them into the index, ANALYZE gives the planner fresh
 * statistics, and the indexes go back to fastupdate off, as migrated.
 */
export async function bulkLoad<T>(db: Db, load: () => Promise<T>): Promise<T> {
  const setFastUpdate = async (on: boolean) => {
    for (const name of TRIGRAM_INDEXES) {
      await db.execute(sql.raw(`alter index ${name} set (fastupdate = ${on ? "on" : "off"})`));
    }
  };
  await setFastUpdate(true);
  try {
    return await load();
  } finally {
    await db.execute(sql`vacuum analyze users, orders, payments, order_lines`);
    await setFastUpdate(false);
  }
}

import { sql } from "drizzle-orm";
import type { Db } from "../../src/db/client.ts";
import { rowsOf } from "./database.ts";

/**
 * Long histories in one statement each (generate_series), for the paging
 * tests, the search-plan tests and the bench: learners, and paid orders with
 * their payments (and a line each when a category is given). Row n is
 * created at `start` + n × `stepMicros`, so a step of 0 gives every row the
 * same timestamp and a step of 1 rows a microsecond apart.
 */
export async function insertLearners(
  db: Db,
  options: { count: number; tag: string; start: Date; stepMicros?: number },
): Promise<{ firstId: number; lastId: number }> {
  const result = await db.execute(sql`
    with made as (
      insert into users (name, email, password_hash, created_at)
      select 'Learner ' || ${options.tag} || ' ' || g, lower(${options.tag}) || '.' || g || '@example.com', 'not-a-hash',
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
        'paid', 'pi_' || ${tag} || '_' || n,
        ${options.start.toISOString()}::timestamptz + n * ${options.stepMicros ?? 1_000_000}::bigint * interval '1 microsecond',
        now()
      from source
      returning id, user_id, transaction_id, created_at
    ),
    made as (
      insert into orders (order_number, user_id, payment_id, payment_method, transaction_id, payment_status, currency,
        amount_minor, created_at)
      select 'SS-' || upper(${tag}) || '-' || lpad(id::text, 8, '0'), user_id, id, 'card', transaction_id, 'paid', 'GBP',
        1999, created_at
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

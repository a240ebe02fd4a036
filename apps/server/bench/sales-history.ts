import { sql } from "drizzle-orm";
import type { Db } from "../src/db/client.ts";
import { bulkLoad, insertLearners } from "../test/helpers/history.ts";

/** The buyers' countries, each as often as it is listed; the oldest orders have none (placed before VAT). */
const COUNTRIES = ["GB", "GB", "GB", "GB", "GB", "US", "US", "DE", "FR", "ES", "IE", "NL", "IN", "CA", "AU", "IT"];

/**
 * A store's sales history in a few statements (generate_series, explicit ids), for the sales
 * bench: `orders` paid orders over the `days` before `end`, a line or two each (a whole artefact
 * or a priced group of the imported catalogue), some with upgrade credit or a coupon's
 * discount, most billed to a country with the VAT inside (the first sixth none: orders from
 * before VAT), about 3 % refunded, most of those within the money-back guarantee. The same
 * rows each run (setseed).
 */
export async function insertSalesHistory(
  db: Db,
  options: { orders: number; learners: number; end: Date; days: number },
) {
  return bulkLoad(db, async () => {
    const learners = await insertLearners(db, { count: options.learners, tag: "Sales", start: new Date("2024-01-01") });
    const start = new Date(options.end.getTime() - options.days * 86_400_000);
    const stepMicros = Math.floor((options.days * 86_400_000_000) / options.orders);
    await db.execute(sql`select setseed(0.39)`);
    // What can be sold: each priced artefact whole, and each priced group of one.
    await db.execute(sql`
      create temporary table bench_products as
      select row_number() over (order by category_id, group_id nulls first)::int as k, * from (
        select c.id as category_id, null::int as group_id, c.name, null::text as group_name, c.price_minor
        from categories c where c.parent_id is not null and c.price_minor is not null
        union all
        select g.category_id, g.id, c.name, g.name, g.price_minor
        from content_groups g join categories c on c.id = g.category_id where g.price_minor is not null
      ) sold`);
    await db.execute(sql`
      create temporary table bench_orders as
      with picked as (
        select n,
          ${learners.firstId}::int + (n % ${options.learners}::int) as user_id,
          ${start.toISOString()}::timestamptz + (n * ${stepMicros}::bigint + floor(random() * ${stepMicros}::bigint)::bigint)
            * interval '1 microsecond' as created_at,
          1 + floor(random() * (select count(*) from bench_products))::int as k1,
          case when random() < 0.15 then 1 + floor(random() * (select count(*) from bench_products))::int end as k2,
          random() as credit_dice, random() as coupon_dice, random() as refund_dice, random() as late_dice,
          random() as country_dice, random() as method_dice
        from generate_series(1, ${options.orders}::int) n
      ),
      priced as (
        select picked.*, p1.price_minor as price1, p1.group_id is null and credit_dice < 0.05 as credited,
          p2.price_minor as price2
        from picked
        join bench_products p1 on p1.k = picked.k1
        left join bench_products p2 on p2.k = picked.k2 and p2.k <> picked.k1
      ),
      shares as (
        select priced.*,
          case when credited then price1 / 4 else 0 end as credit1,
          case when coupon_dice < 0.1 then price1 / 10 else 0 end as discount1,
          case when coupon_dice < 0.1 and price2 is not null then price2 / 10 else 0 end as discount2
        from priced
      )
      select shares.*,
        price1 - credit1 - discount1 + coalesce(price2 - discount2, 0) as amount,
        case when n > ${options.orders}::int / 6 then
          (array[${sql.raw(COUNTRIES.map((c) => `'${c}'`).join(","))}])[1 + floor(country_dice * ${COUNTRIES.length})::int]
        end as country,
        case when refund_dice < 0.03 then
          created_at + case when late_dice < 0.1 then interval '7 days' + late_dice * interval '100 days'
            else interval '1 hour' + late_dice * interval '50 days' end
        end as refund_at
      from shares`);
    await db.execute(sql`
      update bench_orders set refund_at = null where refund_at > ${options.end.toISOString()}::timestamptz`);
    const [ids] = (
      (await db.execute(sql`
        select coalesce((select max(id) from payments), 0)::int as payment, coalesce((select max(id) from orders), 0)::int as "order"`)) as unknown as {
        rows: { payment: number; order: number }[];
      }
    ).rows;
    const payment = ids?.payment ?? 0;
    const order = ids?.order ?? 0;
    await db.execute(sql`
      insert into payments (id, user_id, provider, provider_ref, amount_minor, currency, lines, success_url, cancel_url,
        status, transaction_id, created_at, completed_at)
      select ${payment}::int + n, user_id, case when method_dice < 0.7 then 'stripe' when method_dice < 0.9 then 'paypal' else 'payu' end,
        'cs_sales_' || n, amount, 'GBP', '[]'::jsonb, 'http://x/ok', 'http://x/no', 'paid', 'pi_sales_' || n, created_at, created_at
      from bench_orders`);
    await db.execute(sql`
      insert into orders (id, order_number, user_id, payment_id, payment_method, transaction_id, payment_status, currency,
        amount_minor, credit_minor, discount_minor, created_at, refund_state, refunded_at, refund_ref,
        billing_country, tax_scheme, vat_minor)
      select ${order}::int + n, 'SB-' || to_char(created_at, 'YYYYMMDD') || '-' || n, user_id, ${payment}::int + n,
        case when method_dice < 0.7 then 'Card' when method_dice < 0.9 then 'PayPal' else 'PayU' end,
        'pi_sales_' || n, case when refund_at is null then 'Paid' else 'Refunded' end, 'GBP',
        amount, credit1, discount1 + discount2, created_at,
        case when refund_at is not null then 'refunded' end, refund_at,
        case when refund_at is not null then 're_sales_' || n end,
        country,
        case when country is null then null when country = 'GB' then 'domestic'
          when country in ('DE', 'FR', 'ES', 'IE', 'NL', 'IT') then 'oss' else 'outside_scope' end,
        case when country is null then null when country in ('GB', 'DE', 'FR', 'ES', 'IE', 'NL', 'IT')
          then round(amount / 6.0)::int else 0 end
      from bench_orders`);
    await db.execute(sql`
      insert into order_lines (order_id, category_id, group_id, name, group_name, price_minor, credit_minor, discount_minor, currency)
      select ${order}::int + n, p.category_id, p.group_id, p.name, p.group_name, p.price_minor, o.credit1, o.discount1, 'GBP'
      from bench_orders o join bench_products p on p.k = o.k1
      union all
      select ${order}::int + n, p.category_id, p.group_id, p.name, p.group_name, p.price_minor, 0, o.discount2, 'GBP'
      from bench_orders o join bench_products p on p.k = o.k2 where o.price2 is not null`);
    await db.execute(sql`select setval(pg_get_serial_sequence('payments', 'id'), (select max(id) from payments))`);
    await db.execute(sql`select setval(pg_get_serial_sequence('orders', 'id'), (select max(id) from orders))`);
    await db.execute(sql`drop table bench_orders, bench_products`);
    return { start };
  });
}

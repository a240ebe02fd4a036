import { desc, eq, Placeholder, type SQLWrapper, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectAllOrders } from "../src/admin/manage-orders.ts";
import { selectUsers } from "../src/admin/manage-users.ts";
import { orders, users } from "../src/db/schema/index.ts";
import { searchTerm } from "../src/lib/like-pattern.ts";
import { selectOrderPage } from "../src/orders/read-orders.ts";
import { beyondKey, keyColumns, preparedShape, SIDE_SHAPES } from "../src/paging/keyset-page.ts";
import { createTestStore, type TestStore } from "./helpers/app.ts";
import { bulkLoad, insertLearners, insertOrders } from "./helpers/history.ts";
import { nodesOf, type PlanNode, planOf as planIn } from "./helpers/plans.ts";

/**
 * The admin searches and the keyset pages are index scans, not sequential
 * scans: with enough rows for the planner to care, and fresh statistics, the
 * plan of each query the lists run names the index that serves it. Runs on
 * PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const LEARNERS = 20_000;
let store: TestStore;

beforeAll(async () => {
  store = await createTestStore();
  const db = store.database.db;
  await bulkLoad(db, async () => {
    const learners = await insertLearners(db, {
      count: LEARNERS,
      tag: "Plan",
      start: new Date("2025-01-01T00:00:00Z"),
    });
    await insertOrders(db, { users: learners, perUser: 2, tag: "plan", start: new Date("2025-06-01T00:00:00Z") });
  });
}, 120_000);
afterAll(() => store.close());

const planOf = (query: SQLWrapper) => planIn(store.database.db, query);

/**
 * Every node of the generic plan of a prepared query: the plan PostgreSQL keeps for it
 * and reuses for every learner, whatever the values. `values` names its placeholders'.
 */
async function genericPlanOf(
  query: { toSQL(): { sql: string; params: unknown[] } },
  values: Record<string, number | string>,
): Promise<PlanNode[]> {
  const { sql: text, params } = query.toSQL();
  const args = params.map((param) => {
    const value = param instanceof Placeholder ? values[param.name] : undefined;
    if (value === undefined) throw new Error(`no value for ${String(param)}`);
    return typeof value === "number" ? String(value) : `'${value}'`;
  });
  return store.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare generic_plan as ${text}`));
    try {
      return nodesOf(await tx.execute(sql.raw(`explain (format json) execute generic_plan(${args.join(", ")})`)));
    } finally {
      await tx.execute(sql`deallocate generic_plan`);
    }
  });
}

/** The e-mail of learner n of the batch (insertLearners: <word>.plan<n>@example.com). */
async function emailOf(n: number): Promise<string | undefined> {
  const [row] = await store.database.db
    .select({ email: users.email })
    .from(users)
    .where(sql`${users.email} like ${`%.plan${n}@example.com`}`);
  return row?.email;
}

const newestFirst = (at: PgColumn, id: PgColumn) => [desc(at), desc(id)];

function expectIndexed(nodes: PlanNode[], indexes: string[]) {
  const summary = nodes.map((n) => `${n["Node Type"]} ${n["Relation Name"] ?? ""} ${n["Index Name"] ?? ""}`);
  const seqScans = nodes.filter(
    (n) => n["Node Type"] === "Seq Scan" && ["users", "orders"].includes(n["Relation Name"] ?? ""),
  );
  expect(seqScans, summary.join("\n")).toEqual([]);
  expect(nodes.map((n) => n["Index Name"]).filter(Boolean), summary.join("\n")).toEqual(
    expect.arrayContaining(indexes),
  );
}

describe(`with ${LEARNERS} learners and ${LEARNERS * 2} orders`, () => {
  it("finds learners by a part of the name or e-mail through the trigram indexes", async () => {
    const [sample] = await store.database.db
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(eq(users.email, (await emailOf(12345)) ?? ""));
    const [, first = "", last = ""] = (sample?.name ?? "").split(" ");
    for (const term of [first, `${first} ${last}`, ".plan777@"]) {
      const query = selectUsers(store.database.db, searchTerm(term))(
        undefined,
        newestFirst(users.createdAt, users.id),
        21,
      );
      expectIndexed(await planOf(query), ["users_name_trgm_idx", "users_email_trgm_idx"]);
    }
  });

  it("finds a learner by a whole e-mail address, in any case, through its unique key", async () => {
    const email = (await emailOf(12345)) ?? "";
    const query = selectUsers(store.database.db, searchTerm(` ${email.toUpperCase()} `))(
      undefined,
      newestFirst(users.createdAt, users.id),
      21,
    );
    expectIndexed(await planOf(query), ["users_email_key"]);
    expect((await query).map((r) => r.email)).toEqual([email]);
  });

  it("finds orders by number, transaction id or the learner's e-mail through the trigram indexes", async () => {
    const [sample] = await store.database.db
      .select({ number: orders.orderNumber, transaction: orders.transactionId })
      .from(orders)
      .limit(1);
    // A part of a number (a whole one is looked up by its unique key, below).
    const partOfNumber = sample?.number.slice(3) ?? "";
    for (const term of [partOfNumber, sample?.transaction ?? "", "plan4242"]) {
      const query = selectAllOrders(store.database.db, searchTerm(term))(
        undefined,
        newestFirst(orders.createdAt, orders.id),
        21,
      );
      expectIndexed(await planOf(query), [
        "orders_number_trgm_idx",
        "orders_transaction_trgm_idx",
        "users_email_trgm_idx",
        "users_name_trgm_idx",
      ]);
    }
  });

  it("finds orders by a part of the learner's e-mail through the learner indexes alone", async () => {
    const query = selectAllOrders(store.database.db, searchTerm(".plan4242@"))(
      undefined,
      newestFirst(orders.createdAt, orders.id),
      21,
    );
    expectIndexed(await planOf(query), ["users_email_trgm_idx", "users_name_trgm_idx"]);
    expect(await query).toHaveLength(2);
  });

  it("finds the orders of a whole e-mail address through the learner's unique key", async () => {
    const email = (await emailOf(4242)) ?? "";
    const query = selectAllOrders(store.database.db, searchTerm(email))(
      undefined,
      newestFirst(orders.createdAt, orders.id),
      21,
    );
    expectIndexed(await planOf(query), ["users_email_key"]);
    expect((await query).map((r) => r.email)).toEqual([email, email]);
  });

  it("finds an order by its whole number, in any case, through its unique key", async () => {
    const [sample] = await store.database.db.select({ number: orders.orderNumber }).from(orders).limit(1);
    const query = selectAllOrders(store.database.db, searchTerm(sample?.number.toLowerCase()))(
      undefined,
      newestFirst(orders.createdAt, orders.id),
      21,
    );
    expectIndexed(await planOf(query), ["orders_number_key"]);
    expect((await query).map((r) => r.orderNumber)).toEqual([sample?.number]);
  });

  it("reads a learner's orders a page at a time from orders_user_created_idx, not a sort of all of them", async () => {
    // The newest learner's newest order: the rows older than it are nearly all the orders.
    const [learner] = await store.database.db.select({ id: users.id }).from(users).orderBy(desc(users.id)).limit(1);
    const [order] = await store.database.db
      .select({ id: orders.id, ...keyColumns(orders.createdAt, orders.id) })
      .from(orders)
      .where(eq(orders.userId, learner?.id ?? 0))
      .orderBy(desc(orders.id))
      .limit(1);
    const pageOf = selectOrderPage(store.database.db, learner?.id ?? 0);
    const newest = newestFirst(orders.createdAt, orders.id);
    expectIndexed(await planOf(pageOf(undefined, newest, 21)), ["orders_user_created_idx"]);
    const past = beyondKey(orders.createdAt, orders.id, "<", { atMicros: order?.keyAt ?? "0", id: order?.id ?? 0 });
    expectIndexed(await planOf(pageOf(past, newest, 21)), ["orders_user_created_idx"]);
    // The unsearched admin lists walk the (created_at, id) indexes.
    const olderUsers = beyondKey(users.createdAt, users.id, "<", { atMicros: "1750000000000000", id: 1_000_000 });
    expectIndexed(
      await planOf(selectUsers(store.database.db, undefined)(olderUsers, newestFirst(users.createdAt, users.id), 21)),
      ["users_created_idx"],
    );
    expectIndexed(
      await planOf(selectUsers(store.database.db, undefined)(undefined, newestFirst(users.createdAt, users.id), 21)),
      ["users_created_idx"],
    );
    expectIndexed(
      await planOf(
        selectAllOrders(store.database.db, undefined)(undefined, newestFirst(orders.createdAt, orders.id), 21),
      ),
      ["orders_created_idx"],
    );
  });

  it("keeps one plan for every learner's order pages, each page from orders_user_created_idx", async () => {
    const [learner] = await store.database.db.select({ id: users.id }).from(users).orderBy(desc(users.id)).limit(1);
    const values = {
      userId: learner?.id ?? 0,
      keyAt: "2025-06-01T00:00:10.000000Z",
      keyId: 1_000,
      limit: 21,
      pastLimit: 1,
    };
    const select = selectOrderPage(store.database.db, sql.placeholder("userId"));
    for (const shape of Object.keys(SIDE_SHAPES) as (keyof typeof SIDE_SHAPES)[]) {
      const statement = preparedShape(orders.createdAt, orders.id, select, shape);
      const plan = await genericPlanOf(statement, values);
      expectIndexed(plan, ["orders_user_created_idx"]);
      // From a cursor, both parts of the statement (the page, the row past it) are index ranges.
      const ranges = plan.filter((node) => node["Index Name"] === "orders_user_created_idx");
      expect(ranges).toHaveLength(shape === "first" ? 1 : 2);
    }
  });
});

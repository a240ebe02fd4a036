import { eq, type SQLWrapper, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaleCatalogue } from "../bench/generate-catalogue.ts";
import { selectParents } from "../src/admin/catalogue/read-admin-catalogue.ts";
import { selectCoupons, selectFoundArtefacts } from "../src/admin/manage-coupons.ts";
import { categories, coupons } from "../src/db/schema/index.ts";
import { searchTerm } from "../src/lib/like-pattern.ts";
import { builtEachTime, PAGE, PAST } from "../src/paging/keyset-page.ts";
import { createTestStore, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { type PlanNode, planOf as planIn } from "./helpers/plans.ts";

/**
 * The catalogue editor's page of parents is a range of their own index and
 * its search goes through trigram indexes, not a read of every category: with
 * 3,000 parents (1,000 copies of the small catalogue) and fresh statistics, the
 * plan names the indexes. So do the coupons screen's list of codes and its
 * artefact picker. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let store: TestStore;

beforeAll(async () => {
  store = await createTestStore();
  await store.importCatalogue(scaleCatalogue(smallCatalogue(), 1000, { shortArticles: true }).file);
  await store.database.db.execute(sql`analyze`);
}, 120_000);
afterAll(() => store.close());

const planOf = (query: SQLWrapper) => planIn(store.database.db, query);

const summary = (nodes: PlanNode[]) =>
  nodes.map((n) => `${n["Node Type"]} ${n["Relation Name"] ?? ""} ${n["Index Name"] ?? ""}`).join("\n");
const indexesOf = (nodes: PlanNode[]) => nodes.map((n) => n["Index Name"]).filter(Boolean);
const seqScansOf = (nodes: PlanNode[], tables: string[]) =>
  nodes.filter((n) => n["Node Type"] === "Seq Scan" && tables.includes(n["Relation Name"] ?? ""));

describe("the catalogue editor's reads, with 3,000 parent categories", () => {
  it("reads a page of parents as a range of categories_parents_order_idx, first page or further in", async () => {
    const parents = selectParents(store.database.db, undefined);
    // Half way down: the page after the 1,500th parent (a cursor holds the sort order shifted by 2^31).
    const halfWay = { op: "<" as const, key: { atMicros: String(2 ** 31 + 1_499), id: 0 } };
    for (const side of [null, halfWay]) {
      const nodes = await planOf(parents(side, 21));
      expect(seqScansOf(nodes, ["categories"]), summary(nodes)).toEqual([]);
      expect(indexesOf(nodes), summary(nodes)).toContain("categories_parents_order_idx");
    }
    // From a cursor, the statement also reads the parent just before it: there is a page back.
    const rows = await parents(halfWay, 21);
    expect(rows.filter((row) => row.part === PAGE)).toHaveLength(21);
    const [first] = rows;
    const past = rows.filter((row) => row.part === PAST);
    expect(past).toHaveLength(1);
    expect(past[0]?.row.sortOrder).toBeLessThanOrEqual(first?.row.sortOrder ?? 0);
    expect(past[0]?.row.sortOrder).toBeLessThanOrEqual(1_499);
  });

  it("finds parents by a part of a name, slug or title through the trigram indexes", async () => {
    // One copy's artefact: a selective search, as an operator's usually is (a title every copy shares is
    // in a sixth of the articles, which PostgreSQL rightly reads whole).
    const query = selectParents(store.database.db, searchTerm("Docker-777"));
    const nodes = await planOf(query(null, 21));
    expect(seqScansOf(nodes, ["contents", "content_groups"]), summary(nodes)).toEqual([]);
    expect(indexesOf(nodes), summary(nodes)).toEqual(
      expect.arrayContaining([
        "categories_name_trgm_idx",
        "categories_slug_trgm_idx",
        "content_groups_name_trgm_idx",
        "contents_title_trgm_idx",
      ]),
    );
    expect((await query(null, 21)).map((p) => p.row.slug)).toEqual(["tech-cards-777"]);
  });
});

describe("the coupons screen's reads, with 20,000 codes and 6,000 artefacts", () => {
  beforeAll(async () => {
    await store.database.db.execute(sql`
      insert into coupons (code, kind, value, created_at)
      select 'CODE-' || g, 'percent', 5, timestamptz '2026-01-01' + g * interval '1 minute'
      from generate_series(1, 20000) g`);
    const [parent] = await store.database.db.select().from(categories).where(eq(categories.slug, "tech-cards-777"));
    await store.database.db
      .insert(categories)
      .values({ parentId: parent?.id ?? 0, slug: "zeta", name: "Kubernetes Zeta" });
    await store.database.db.execute(sql`analyze`);
  }, 60_000);

  const codes = (term: string | undefined) =>
    builtEachTime(coupons.createdAt, coupons.id, selectCoupons(store.database.db, term));

  it("reads a page of codes as a range of coupons_created_idx, and finds codes through coupons_code_trgm_idx", async () => {
    const older = { op: "<" as const, key: { atMicros: String(Date.UTC(2026, 0, 5) * 1000), id: 0 } };
    for (const side of [null, older]) {
      const nodes = await planOf(codes(undefined)(side, 21));
      expect(seqScansOf(nodes, ["coupons"]), summary(nodes)).toEqual([]);
      expect(indexesOf(nodes), summary(nodes)).toContain("coupons_created_idx");
    }
    const search = codes(searchTerm("code-1234"))(null, 21);
    const nodes = await planOf(search);
    expect(seqScansOf(nodes, ["coupons"]), summary(nodes)).toEqual([]);
    expect(indexesOf(nodes), summary(nodes)).toContain("coupons_code_trgm_idx");
    expect((await search).map((r) => r.coupon.code)).toEqual(
      ["CODE-12349", "CODE-12348", "CODE-12347", "CODE-12346", "CODE-12345", "CODE-12344", "CODE-12343"].concat([
        "CODE-12342",
        "CODE-12341",
        "CODE-12340",
        "CODE-1234",
      ]),
    );
  });

  it("offers the first artefacts by name from categories_artefacts_name_idx, and searched ones by trigram", async () => {
    const first = selectFoundArtefacts(store.database.db, { chosen: [], term: undefined });
    const firstNodes = await planOf(first);
    expect(seqScansOf(firstNodes, ["categories"]), summary(firstNodes)).toEqual([]);
    expect(indexesOf(firstNodes), summary(firstNodes)).toContain("categories_artefacts_name_idx");
    expect(await first).toHaveLength(50);
    const found = selectFoundArtefacts(store.database.db, { chosen: [], term: searchTerm("zeta") });
    const foundNodes = await planOf(found);
    expect(indexesOf(foundNodes), summary(foundNodes)).toContain("categories_name_trgm_idx");
    expect(await found).toEqual([{ id: expect.any(Number), name: "Kubernetes Zeta", parent: "Tech Cards" }]);
  });
});

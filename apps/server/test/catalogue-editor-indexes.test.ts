import { type SQLWrapper, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaleCatalogue } from "../bench/generate-catalogue.ts";
import { selectParents } from "../src/admin/catalogue/read-admin-catalogue.ts";
import { searchTerm } from "../src/lib/like-pattern.ts";
import { createTestStore, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { type PlanNode, planOf as planIn } from "./helpers/plans.ts";

/**
 * The catalogue editor's page of parents is a range of their own index and
 * its search goes through trigram indexes, not a read of every category: with
 * 3,000 parents (1,000 copies of the small catalogue) and fresh statistics, the
 * plan names the indexes. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
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
    expect(await parents(halfWay, 21)).toHaveLength(21);
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

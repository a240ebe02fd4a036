import { type SQLWrapper, sql } from "drizzle-orm";
import type { DbOrTx } from "../../src/db/client.ts";
import { rowsOf } from "./database.ts";

/** One node of a query plan, as EXPLAIN (FORMAT JSON) gives it. */
export interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}

/** Every node of the plan PostgreSQL chooses for the query. */
export async function planOf(db: DbOrTx, query: SQLWrapper): Promise<PlanNode[]> {
  return nodesOf(await db.execute(sql`explain (format json) ${query}`));
}

/** Every node of an EXPLAIN (FORMAT JSON) result, depth first. */
export function nodesOf(result: unknown): PlanNode[] {
  const [row] = rowsOf<{ "QUERY PLAN": unknown }>(result);
  const raw = row?.["QUERY PLAN"];
  const doc = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  const nodes: PlanNode[] = [];
  const visit = (node: PlanNode) => {
    nodes.push(node);
    for (const child of node.Plans ?? []) visit(child);
  };
  for (const entry of doc) visit(entry.Plan);
  return nodes;
}

import type { DbOrTx } from "../db/client.ts";
import { entitlements } from "../db/schema/index.ts";

/** One learner's access to a whole artefact (groupId null) or one group, granted by an order (and a team seat). */
export interface Grant {
  userId: number;
  categoryId: number;
  groupId: number | null;
  orderId: number;
  /** The team seat it was claimed with; absent for what the learner bought. */
  seatId?: number;
  createdAt: Date;
}

/**
 * Grants access, inside the transaction that decides it: the fulfilment of a paid order and the
 * claim of a team seat both give access here, so what a learner can read never depends on how
 * they came by it. A refund of the order (or the seat's release) revokes it.
 */
export async function grantAccess(tx: DbOrTx, grants: Grant[]): Promise<void> {
  if (grants.length === 0) return;
  await tx.insert(entitlements).values(grants.map((grant) => ({ ...grant, seatId: grant.seatId ?? null })));
}

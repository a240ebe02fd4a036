import { and, asc, eq, inArray, lte, notInArray, or } from "drizzle-orm";
import { payments } from "../db/schema/index.ts";
import { closeUnpaidPayment } from "./fulfil-payment.ts";
import { ProviderUnavailableError } from "./gateway.ts";
import type { Payments } from "./gateways.ts";
import { applyOutcome, type PaymentRow, type Settlement, sendRefund } from "./settle-payment.ts";
import { RECHECK_MS } from "./start-payment.ts";

const BATCH = 20;
/** A claimed payment is taken by anyone after this, should its reconciler die mid-way. */
const LEASE_MS = 2 * 60_000;

export interface ReconcileTally {
  checked: number;
  fulfilled: number;
  refunded: number;
  closed: number;
  stillOpen: number;
  /** Provider calls that failed; those payments are asked again later. */
  unreachable: number;
}

/**
 * Settles what nobody confirmed: a learner who paid and closed the tab while
 * the webhook never came still gets the order. Due payments (pending ones a
 * few minutes after they started, then every few minutes) are asked of their
 * provider: paid runs the same idempotent fulfilment, failed closes; one past
 * its provider's expiry is closed at the provider and here. Unfinished
 * automatic refunds are sent again, and starts that died mid-way closed.
 *
 * Rows are claimed with SKIP LOCKED and a lease, so instances running this at
 * once never handle the same payment; a webhook racing it still makes one
 * order, because the fulfilment locks the payment.
 */
export async function reconcilePayments(
  p: Payments,
  options: {
    limit?: number;
    signal?: AbortSignal;
    /**
     * Run by hand (`npm run admin -- reconcile`): every unconfirmed payment
     * now, not only those due; a start still opening its checkout is left to finish.
     */
    everyUnconfirmed?: boolean;
  } = {},
): Promise<ReconcileTally> {
  const tally: ReconcileTally = { checked: 0, fulfilled: 0, refunded: 0, closed: 0, stillOpen: 0, unreachable: 0 };
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  // By hand, each payment once per run: what was asked is not due again for a while, but not asked again either.
  const asked = options.everyUnconfirmed ? new Set<number>() : null;
  while (tally.checked < limit && !options.signal?.aborted) {
    const due = await claimDue(p, Math.min(BATCH, limit - tally.checked), asked);
    for (const payment of due) {
      asked?.add(payment.id);
      // Stopping between payments: the ones claimed but not reached are taken again when their lease ends.
      if (options.signal?.aborted) break;
      tally.checked++;
      try {
        const result = await reconcileOne(p, payment);
        if (result === "open") tally.stillOpen++;
        else if (result === "order") tally.fulfilled++;
        else if (result === "refunded") tally.refunded++;
        else if (result === "closed") tally.closed++;
        else tally.unreachable++;
      } catch (error) {
        tally.unreachable++;
        if (!(error instanceof ProviderUnavailableError)) throw error;
        p.log.warn({ err: error, payment: payment.id }, "reconciler: provider unreachable; asking again later");
      }
    }
    if (due.length < BATCH) break;
  }
  return tally;
}

/** Claims the payments due (or, with `asked`, every unconfirmed one not asked in this run yet). */
async function claimDue(p: Payments, count: number, asked: Set<number> | null): Promise<PaymentRow[]> {
  const now = p.clock();
  const due = and(inArray(payments.status, ["opening", "pending", "refunding"]), lte(payments.nextCheckAt, now));
  const unconfirmed = inArray(payments.status, ["pending", "refunding"]);
  const notAsked = asked?.size ? notInArray(payments.id, [...asked]) : undefined;
  return p.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(payments)
      .where(asked ? and(or(due, unconfirmed), notAsked) : due)
      .orderBy(asc(payments.nextCheckAt))
      .limit(count)
      .for("update", { skipLocked: true });
    if (rows.length) {
      await tx
        .update(payments)
        .set({ nextCheckAt: new Date(now.getTime() + LEASE_MS) })
        .where(
          inArray(
            payments.id,
            rows.map((r) => r.id),
          ),
        );
    }
    return rows;
  });
}

async function reconcileOne(p: Payments, payment: PaymentRow): Promise<Settlement["kind"] | "unreachable"> {
  const now = p.clock();
  if (payment.status === "refunding") return (await sendRefund(p, payment)) ? "refunded" : "unreachable";
  if (payment.status === "opening" || !payment.providerRef) {
    // A start that died between claiming and recording the provider's checkout: nobody was sent to pay it.
    await closeUnpaidPayment(p.db, { paymentId: payment.id, status: "failed", now });
    return "closed";
  }
  const gateway = p.gateways[payment.provider];
  let outcome = await gateway.fetchOutcome(payment.providerRef);
  const expired = now.getTime() - payment.createdAt.getTime() > gateway.checkoutLifetimeMs;
  // Abandoned past the provider's expiry: closed there too, so it can never be paid later.
  if (outcome.state === "open" && expired) {
    outcome = await gateway.cancel(payment.providerRef);
    if (outcome.state !== "paid") outcome = { state: "expired" };
  }
  const settled = await applyOutcome(p, payment, outcome);
  if (settled.kind === "open") {
    await p.db
      .update(payments)
      .set({ nextCheckAt: new Date(now.getTime() + RECHECK_MS) })
      .where(and(eq(payments.id, payment.id), eq(payments.status, "pending")));
  }
  return settled.kind;
}

/**
 * Runs the reconciler in the background every `everyMs`. stop() lets a run in
 * progress finish the payment it is on, so shutdown never cuts one in half.
 */
export class ReconcileWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = false;
  private abort = new AbortController();

  constructor(
    private readonly p: Payments,
    private readonly everyMs: number,
  ) {}

  start(): void {
    this.stopped = false;
    this.abort = new AbortController();
    this.schedule();
  }

  private schedule() {
    if (this.stopped) return;
    this.timer = setTimeout(async () => {
      this.running = reconcilePayments(this.p, { limit: 200, signal: this.abort.signal })
        .then((tally) => {
          if (tally.checked) this.p.log.info({ tally }, "payments reconciled");
        })
        .catch((error) => this.p.log.error({ err: error }, "payment reconciliation failed"));
      await this.running;
      this.running = null;
      this.schedule();
    }, this.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}

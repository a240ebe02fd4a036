// Run by global-setup.ts before the store starts (the embedded database serves one process): the shared
// purchase learner of e2e/support/purchase.ts, with their session and an order paid 8 days ago, past the
// 6-day money-back guarantee. An e2e test cannot wait 6 days and the store has no clock to turn: the order is
// made here, by the store's own pricing and fulfilment, at a moment in the past. The demo catalogue it buys
// from is seeded here too, as the store seeds it at start (SEED=demo then finds it there and leaves it).
import { and, eq } from "drizzle-orm";
import { hashPassword } from "../../apps/server/src/accounts/password-hash.ts";
import { SESSION_TTL_MS } from "../../apps/server/src/accounts/sessions.ts";
import { saleAt } from "../../apps/server/src/cart/pricing.ts";
import { seedDemoIfEmpty } from "../../apps/server/src/catalogue/seed-demo.ts";
import { openDatabase } from "../../apps/server/src/db/client.ts";
import {
  cartItems,
  categories,
  contentGroups,
  payments,
  sessions,
  users,
} from "../../apps/server/src/db/schema/index.ts";
import { loadConfig } from "../../apps/server/src/env.ts";
import { hashToken } from "../../apps/server/src/lib/tokens.ts";
import { MediaStore } from "../../apps/server/src/media/media-store.ts";
import { fulfilPayment } from "../../apps/server/src/payments/fulfil-payment.ts";
import { quoteCart } from "../../apps/server/src/payments/quote.ts";
import { COMMITTED_RATES } from "../../apps/server/src/tax/vat.ts";
import { LEARNER, OLD_ORDER, TAX_BUYERS, TEAM } from "./learner.ts";

const config = loadConfig();
const database = await openDatabase({ dataDir: config.dataDir });
try {
  await seedDemoIfEmpty(database, config.storeCurrency, MediaStore.fromConfig(database.db, config.media));
  const { db } = database;
  const [learner] = await db
    .insert(users)
    .values({ name: LEARNER.name, email: LEARNER.email, passwordHash: await hashPassword(LEARNER.password) })
    .returning({ id: users.id });
  const [group] = await db
    .select({ id: contentGroups.id, categoryId: contentGroups.categoryId })
    .from(contentGroups)
    .innerJoin(categories, eq(categories.id, contentGroups.categoryId))
    .where(and(eq(categories.slug, OLD_ORDER.slug), eq(contentGroups.name, OLD_ORDER.group)));
  if (!learner || !group) throw new Error(`The demo catalogue has no ${OLD_ORDER.artefact}: ${OLD_ORDER.group}`);
  const now = new Date();
  await db.insert(sessions).values({
    userId: learner.id,
    tokenHash: hashToken(LEARNER.sessionToken),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS.short),
  });

  const paidAt = new Date(Date.now() - OLD_ORDER.daysAgo * 24 * 3600_000);
  await db.insert(cartItems).values({ userId: learner.id, categoryId: group.categoryId, groupId: group.id });
  const quote = await quoteCart(db, learner.id, saleAt({ config, vatRates: COMMITTED_RATES, clock: () => paidAt }));
  const [payment] = await db
    .insert(payments)
    .values({
      userId: learner.id,
      provider: "stripe",
      providerRef: "cs_e2e_old_order",
      amountMinor: quote.amountMinor,
      currency: quote.currency,
      lines: quote.lines,
      successUrl: `${config.publicUrl}/payment-confirmation`,
      cancelUrl: `${config.publicUrl}/payment-cancelled`,
      createdAt: paidAt,
    })
    .returning({ id: payments.id });
  if (!payment) throw new Error("no payment");
  const fulfilment = await fulfilPayment(db, {
    paymentId: payment.id,
    amountMinor: quote.amountMinor,
    currency: quote.currency,
    transactionId: "pi_e2e_old_order",
    now: paidAt,
  });
  if (fulfilment.kind !== "order") throw new Error("the old payment made no order");

  for (const buyer of [...Object.values(TAX_BUYERS), ...Object.values(TEAM)]) {
    const [row] = await db
      .insert(users)
      .values({ name: buyer.name, email: buyer.email, passwordHash: await hashPassword(LEARNER.password) })
      .returning({ id: users.id });
    if (!row) throw new Error(`no user ${buyer.email}`);
    await db.insert(sessions).values({
      userId: row.id,
      tokenHash: hashToken(buyer.sessionToken),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS.short),
    });
  }
} finally {
  await database.close();
}

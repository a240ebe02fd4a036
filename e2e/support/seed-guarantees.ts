// Run by global-setup.ts before the store starts: priced artefacts of their own, last in Interview Kits (the
// demo's last parent, so the public tests' first-match picks never land on them), for the e2e tests of issue
// 12's guarantees. They are made by the admin area's own steps (createCategory, createContent, createCoupon and
// the upload's storeUpload, which types a file by its first bytes), so what is stored is what an operator
// would store. REFUND_DRILL is refunded twice at once (account-refund-once.test.ts); STAMP_FALLBACK's article
// carries a PDF the stamper can read and one it cannot (purchase-stamp-fallback.test.ts); COUPON_RACE is paid
// for at once by the shared purchase learner and RACER with a code that has one use (purchase-coupon-race).
// The constants are read by the tests too; the store's modules are loaded only when the seed runs.

/** Bought and refunded by account-refund-once.test.ts only. */
export const REFUND_DRILL = {
  slug: "refund-drill",
  name: "Refund Drill",
  price: "£6.00",
  article: { slug: "two-tabs-one-refund", title: "Two tabs, one refund" },
} as const;

/** Bought by purchase-stamp-fallback.test.ts only. */
export const STAMP_FALLBACK = {
  slug: "stamp-fallback",
  name: "Stamp Fallback Handouts",
  price: "£7.00",
  article: { slug: "handouts", title: "Handouts" },
  /** A PDF the store stamps: the demo's own cheat sheet. */
  readable: "handout.pdf",
  /** Starts with the PDF signature, so it is stored and served as a PDF, but pdf-lib cannot parse it. */
  unreadable: "unreadable.pdf",
} as const;

/** The unreadable PDF's bytes, as stored and as they must come back. */
export const UNREADABLE_PDF = Buffer.from(
  "%PDF-1.7\n% Skillshelf e2e: a handout whose body is not a PDF document\n%%EOF\n",
  "latin1",
);

/** Bought at once by two learners with CODE, which one order only may use (purchase-coupon-race.test.ts). */
export const COUPON_RACE = {
  slug: "coupon-race",
  name: "Coupon Race",
  price: "£8.00",
  article: { slug: "one-use-left", title: "One use left" },
  code: "LAST-USE-E2E",
  discount: "-£3.00",
  total: "£5.00",
} as const;

/**
 * The second learner of the coupon race, signed in by a session made here (STYLE.md: fixtures sign in by
 * creating a session directly): an API sign-in would spend one of the run's 30 per address.
 */
export const RACER = {
  name: "Rita Racer",
  email: "rita.racer@example.test",
  password: "Racer#2026x",
  /** The access-token cookie of RACER's session; a throwaway store's, valid 12 hours from the seed. */
  sessionToken: "e2e-coupon-racer-session-token-not-a-secret",
} as const;

if (process.argv[1] === import.meta.filename) {
  const { Readable } = await import("node:stream");
  const { categoryCreateSchema, contentCreateSchema } = await import("@skillshelf/shared/admin-forms.ts");
  const { createCouponSchema } = await import("@skillshelf/shared/coupons.ts");
  const { eq } = await import("drizzle-orm");
  const { hashPassword } = await import("../../apps/server/src/accounts/password-hash.ts");
  const { SESSION_TTL_MS } = await import("../../apps/server/src/accounts/sessions.ts");
  const { createCategory } = await import("../../apps/server/src/admin/catalogue/manage-categories.ts");
  const { createContent } = await import("../../apps/server/src/admin/catalogue/manage-contents.ts");
  const { addMedia, storeUpload } = await import("../../apps/server/src/admin/catalogue/manage-media.ts");
  const { createCoupon } = await import("../../apps/server/src/admin/manage-coupons.ts");
  const { openDatabase } = await import("../../apps/server/src/db/client.ts");
  const { categories, sessions, users } = await import("../../apps/server/src/db/schema/index.ts");
  const { loadConfig } = await import("../../apps/server/src/env.ts");
  const { hashToken } = await import("../../apps/server/src/lib/tokens.ts");
  const { MediaStore } = await import("../../apps/server/src/media/media-store.ts");
  const { renderCheatSheet } = await import("../../apps/server/src/seed/demo-media.ts");

  const config = loadConfig();
  const currency = config.storeCurrency;
  const database = await openDatabase({ dataDir: config.dataDir });
  try {
    const { db } = database;
    const media = MediaStore.fromConfig(db, config.media);
    // seed-learner.ts seeded the demo catalogue before this runs.
    const [parent] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.slug, "interview-kits"));
    if (!parent) throw new Error("The demo catalogue has no Interview Kits");

    const artefact = async (
      item: typeof REFUND_DRILL | typeof STAMP_FALLBACK | typeof COUPON_RACE,
      price: number,
      files: { name: string; bytes: Buffer }[],
    ) => {
      const category = await createCategory(
        db,
        categoryCreateSchema(currency).parse({
          parent_id: parent.id,
          slug: item.slug,
          name: item.name,
          price,
          single_line: `For the end-to-end tests of ${item.name.toLowerCase()}.`,
        }),
        currency,
      );
      const content = await createContent(
        db,
        category.id,
        contentCreateSchema.parse({
          slug: item.article.slug,
          title: item.article.title,
          short_description: "An article of the e2e tests.",
          description: `<p>${item.article.title}.</p>`,
        }),
      );
      if (files.length === 0) return category;
      const uploads = [];
      for (const file of files) {
        const upload = await storeUpload(media, file.name, Readable.from([file.bytes], { objectMode: false }));
        if (upload?.mimetype !== "application/pdf") throw new Error(`${file.name} was not stored as a PDF`);
        uploads.push(upload);
      }
      await addMedia(db, media, content.id, uploads);
      return category;
    };

    await artefact(REFUND_DRILL, 6, []);
    const handout = await renderCheatSheet({
      title: STAMP_FALLBACK.article.title,
      summary: "A handout the store stamps for its buyer.",
      artefact: STAMP_FALLBACK.name,
      parent: "Interview Kits",
      html: "<p>Stamped with the buyer's e-mail and order number.</p>",
    });
    await artefact(STAMP_FALLBACK, 7, [
      { name: STAMP_FALLBACK.readable, bytes: handout },
      { name: STAMP_FALLBACK.unreadable, bytes: UNREADABLE_PDF },
    ]);

    const race = await artefact(COUPON_RACE, 8, []);
    const now = new Date();
    await createCoupon(db, {
      input: createCouponSchema(currency).parse({
        code: COUPON_RACE.code,
        kind: "amount",
        value: 3,
        max_uses: 1,
        artefact_ids: [race.id],
      }),
      currency,
      now,
    });
    const [racer] = await db
      .insert(users)
      .values({ name: RACER.name, email: RACER.email, passwordHash: await hashPassword(RACER.password) })
      .returning({ id: users.id });
    if (!racer) throw new Error("no racer");
    await db.insert(sessions).values({
      userId: racer.id,
      tokenHash: hashToken(RACER.sessionToken),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS.short),
    });
  } finally {
    await database.close();
  }
}

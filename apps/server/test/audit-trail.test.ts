import type { AddressInfo } from "node:net";
import type { ListingResponse } from "@skillshelf/shared/api.ts";
import type { AuditEventRow } from "@skillshelf/shared/audit.ts";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pruneAuditEvents } from "../src/audit/audit-list.ts";
import { recordAudit } from "../src/audit/audit-trail.ts";
import { auditEvents } from "../src/db/schema/index.ts";
import { bearer, createUser, login, signIn } from "./helpers/accounts.ts";
import { createTestStore, TestClock, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { buyByCard, payForCart } from "./helpers/orders.ts";

let store: TestStore;
let adminId: number;
let adminEmail: string;
let adminToken: string;
let docker: ListingResponse;
let base: string;
const clock = new TestClock();
const ADDRESS = "203.0.113.77";

beforeAll(async () => {
  store = await createTestStore({ clock });
  await store.importCatalogue(smallCatalogue());
  docker = (await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })).json();
  await store.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(store.app.server.address() as AddressInfo).port}`;
  const admin = await createUser(store, { role: "admin" });
  adminId = admin.id;
  adminEmail = admin.email;
  adminToken = await signIn(store, admin.id, true);
});
afterAll(() => store.close());

const admin = (method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", url: string, payload?: unknown) =>
  store.app.inject({
    method,
    url,
    headers: bearer(adminToken),
    remoteAddress: ADDRESS,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const rowsOf = (action: string) =>
  store.database.db.select().from(auditEvents).where(eq(auditEvents.action, action)).orderBy(auditEvents.id);
const countAll = async () =>
  (await store.database.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents))[0]?.n;

describe("the audit trail of operator actions", () => {
  it("writes a row for each kind of operator action, with who, what, which object and from where", async () => {
    // A catalogue change.
    const created = await admin("POST", "/api/admin/categories", { slug: "audit-parent", name: "Audit parent" });
    expect(created.statusCode).toBe(201);
    const parentId = created.json().data.id as number;
    const [createdRow] = await rowsOf("catalogue.category_created");
    expect(createdRow).toMatchObject({
      actorUserId: adminId,
      actorEmail: adminEmail,
      objectType: "category",
      objectId: String(parentId),
      ip: ADDRESS,
      requestId: expect.any(String),
    });

    // A price change: the group's price before and after.
    const artefactId = docker.seo_data.id;
    const group = await admin("POST", `/api/admin/categories/${artefactId}/groups`, { name: "Audit group", price: 5 });
    expect(group.statusCode).toBe(201);
    const groupId = group.json().data.id as number;
    expect(await rowsOf("catalogue.group_created")).toHaveLength(1);
    expect((await admin("PATCH", `/api/admin/groups/${groupId}`, { price: 7.5 })).statusCode).toBe(200);
    const [price] = await rowsOf("catalogue.price_changed");
    expect(price).toMatchObject({
      objectType: "group",
      objectId: String(groupId),
      before: { priceMinor: 500 },
      after: { priceMinor: 750 },
    });

    // Translations and an import are catalogue changes too.
    const translated = await admin("PUT", "/api/admin/catalogue/translations", {
      kind: "group",
      id: groupId,
      translations: { es: { name: "Grupo" }, fr: { name: "Groupe" } },
    });
    expect(translated.statusCode).toBe(200);
    expect(await rowsOf("catalogue.translations_saved")).toHaveLength(1);

    // A whole catalogue imported (the file the export gives).
    const file = await admin("GET", "/api/admin/catalogue/export");
    expect(file.statusCode).toBe(200);
    const imported = await store.app.inject({
      method: "POST",
      url: "/api/admin/catalogue/import",
      headers: { ...bearer(adminToken), "content-type": "application/json" },
      remoteAddress: ADDRESS,
      payload: file.body,
    });
    expect(imported.statusCode).toBe(200);
    expect(await rowsOf("catalogue.imported")).toEqual([
      expect.objectContaining({ actorUserId: adminId, ip: ADDRESS }),
    ]);

    // Coupons: create, update, delete.
    const coupon = await admin("POST", "/api/admin/coupons", { code: "AUDIT10", kind: "percent", value: 10 });
    expect(coupon.statusCode).toBe(201);
    const couponId = coupon.json().data.id as number;
    expect(
      (await admin("PATCH", `/api/admin/coupons/${couponId}`, { code: "AUDIT10", kind: "percent", value: 15 }))
        .statusCode,
    ).toBe(200);
    expect((await admin("DELETE", `/api/admin/coupons/${couponId}`)).statusCode).toBe(200);
    expect((await rowsOf("coupon.created"))[0]).toMatchObject({ objectId: String(couponId), after: { value: 10 } });
    expect((await rowsOf("coupon.updated"))[0]).toMatchObject({ before: { value: 10 }, after: { value: 15 } });
    expect((await rowsOf("coupon.deleted"))[0]).toMatchObject({ objectType: "coupon", before: { code: "AUDIT10" } });

    // Learner actions: verify, block, unblock, role change; once each (the security event is that row).
    const learner = await createUser(store);
    for (const action of ["verify-email", "block", "unblock", "make-admin", "remove-admin"]) {
      expect((await admin("POST", `/api/admin/users/${learner.id}/${action}`)).statusCode).toBe(200);
    }
    for (const action of [
      "admin.user_email_verified",
      "admin.user_blocked",
      "admin.user_unblocked",
      "admin.admin_role_granted",
      "admin.admin_role_removed",
    ]) {
      const rows = await rowsOf(action);
      expect(rows, action).toHaveLength(1);
      expect(rows[0]).toMatchObject({ actorUserId: adminId, objectType: "user", objectId: String(learner.id) });
    }
    expect((await rowsOf("admin.user_blocked"))[0]).toMatchObject({
      before: { blockedAt: null },
      after: { blockedAt: expect.any(String) },
    });

    // A refund, through the Stripe emulator.
    const { order } = await buyByCard(store, { base, artefactId, price: 19.99 });
    const orderId = order.id;
    const refunded = await admin("POST", `/api/admin/orders/${orderId}/refund`);
    expect(refunded.statusCode).toBe(200);
    const refunds = await rowsOf("order.refunded");
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      actorUserId: adminId,
      objectType: "order",
      objectId: String(orderId),
      after: { refundState: "refunded" },
    });
  });

  it("a refused or failed action leaves no row", async () => {
    const before = await countAll();
    // The slug is taken: refused inside the transaction.
    expect((await admin("POST", "/api/admin/categories", { slug: "audit-parent", name: "Again" })).statusCode).toBe(
      422,
    );
    // An unknown code, a group that is not there, a learner who is not there.
    expect(
      (await admin("PATCH", "/api/admin/coupons/999999", { code: "NOPE1", kind: "percent", value: 5 })).statusCode,
    ).toBe(404);
    expect((await admin("PATCH", "/api/admin/groups/999999", { price: 3 })).statusCode).toBe(404);
    expect((await admin("POST", "/api/admin/users/999999/block")).statusCode).toBe(404);
    expect(await countAll()).toBe(before);
    // A refund the provider refuses (it never took this payment): no refund row, only the failure's security event.
    const buyer = await createUser(store);
    const token = await signIn(store, buyer.id);
    await store.app.inject({
      method: "POST",
      url: "/api/cart/add",
      headers: bearer(token),
      payload: { sub_category_id: docker.seo_data.id },
    });
    const { orderId } = await (await payForCart(store, buyer.id)).confirm();
    const refunds = (await rowsOf("order.refunded")).length;
    expect((await admin("POST", `/api/admin/orders/${orderId}/refund`)).statusCode).toBe(502);
    expect(await rowsOf("order.refunded")).toHaveLength(refunds);
    expect(await rowsOf("order.refund_failed")).toEqual([
      expect.objectContaining({ actorUserId: adminId, objectType: "order", objectId: String(orderId) }),
    ]);
  });

  it("rolls the row back with the action when the action's transaction fails after writing", async () => {
    const before = await countAll();
    // A unique violation at the very end of the write: the group's name is taken in its artefact.
    await admin("POST", `/api/admin/categories/${docker.seo_data.id}/groups`, { name: "Twin", price: 1 });
    const after = await countAll();
    expect(after).toBe((before ?? 0) + 1);
    const twin = await admin("POST", `/api/admin/categories/${docker.seo_data.id}/groups`, { name: "Twin", price: 1 });
    expect(twin.statusCode).toBeGreaterThanOrEqual(400);
    expect(await countAll()).toBe(after);
  });

  it("stores the security events too, and lists and filters them at /api/admin/audit a page at a time", async () => {
    const learner = await createUser(store);
    expect((await login(store, learner.email, "Wrong#pass1")).res.statusCode).toBe(401);
    expect((await login(store, learner.email, learner.password)).res.statusCode).toBe(200);
    const [failed] = await rowsOf("auth.login_failed");
    expect(failed).toMatchObject({ actorUserId: null, objectType: "user", objectId: String(learner.id) });
    expect(failed?.details).toMatchObject({ reason: "wrong_password" });
    const signedIn = await store.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "auth.login_succeeded"), eq(auditEvents.actorUserId, learner.id)));
    expect(signedIn).toHaveLength(1);
    expect(signedIn[0]?.actorEmail).toBe(learner.email);

    const page = await admin("GET", "/api/admin/audit?limit=2");
    expect(page.statusCode).toBe(200);
    const first = page.json().data as { rows: AuditEventRow[]; next_cursor: string | null };
    expect(first.rows).toHaveLength(2);
    expect(first.next_cursor).toEqual(expect.any(String));
    const next = await admin("GET", `/api/admin/audit?limit=2&cursor=${encodeURIComponent(first.next_cursor ?? "")}`);
    const second = next.json().data as { rows: AuditEventRow[] };
    expect(second.rows[0]?.id).toBeLessThan(first.rows[1]?.id ?? 0);

    const byActor = await admin(
      "GET",
      `/api/admin/audit?actor=${encodeURIComponent(adminEmail)}&action=coupon.created`,
    );
    expect(byActor.json().data.rows).toEqual([expect.objectContaining({ action: "coupon.created" })]);
    const byObject = await admin("GET", `/api/admin/audit?object_type=user&object_id=${learner.id}`);
    expect(byObject.json().data.rows.map((r: AuditEventRow) => r.action)).toEqual([
      "auth.login_succeeded",
      "auth.login_failed",
    ]);
    // Not for learners.
    const learnerToken = await signIn(store, learner.id);
    const refused = await store.app.inject({ method: "GET", url: "/api/admin/audit", headers: bearer(learnerToken) });
    expect(refused.statusCode).toBe(403);
  });

  it("a learner sees their own security events, a page at a time", async () => {
    const learner = await createUser(store);
    await login(store, learner.email, "Wrong#pass1");
    const { body } = await login(store, learner.email, learner.password);
    const res = await store.app.inject({
      method: "GET",
      url: "/api/my-security-events?limit=1",
      headers: bearer(body.session_token),
    });
    expect(res.statusCode).toBe(200);
    const { rows, next_cursor } = res.json().data;
    expect(rows).toEqual([expect.objectContaining({ action: "auth.login_succeeded", reason: null })]);
    const older = await store.app.inject({
      method: "GET",
      url: `/api/my-security-events?limit=1&cursor=${encodeURIComponent(next_cursor)}`,
      headers: bearer(body.session_token),
    });
    expect(older.json().data.rows).toEqual([
      expect.objectContaining({ action: "auth.login_failed", reason: "wrong_password" }),
    ]);
  });

  it("pruning removes the rows older than the retention, and only those", async () => {
    const now = clock.now();
    const day = 24 * 3600_000;
    await recordAudit(store.database.db, {
      action: "test.old",
      actorUserId: null,
      at: new Date(now.getTime() - 401 * day),
    });
    await recordAudit(store.database.db, {
      action: "test.recent",
      actorUserId: null,
      at: new Date(now.getTime() - 399 * day),
    });
    const before = await countAll();
    expect(await pruneAuditEvents(store.database.db, { now, retentionDays: 400 })).toBe(1);
    expect(await rowsOf("test.old")).toHaveLength(0);
    expect(await rowsOf("test.recent")).toHaveLength(1);
    expect(await countAll()).toBe((before ?? 0) - 1);
  });
});

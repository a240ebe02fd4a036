import type { AddressInfo } from "node:net";
import type { ListingResponse, OrderDetail } from "@skillshelf/shared/api.ts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../src/db/schema/index.ts";
import { nextDocumentNumber } from "../src/orders/document-numbers.ts";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, TestClock, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { addToCart, buyByCard, payForCart } from "./helpers/orders.ts";
import { pdfText } from "./helpers/pdf.ts";

let store: TestStore;
let docker: ListingResponse;
let base: string;
let adminToken: string;
const clock = new TestClock();

beforeAll(async () => {
  store = await createTestStore({ clock, pages: true });
  await store.importCatalogue(smallCatalogue());
  docker = (await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })).json();
  await store.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(store.app.server.address() as AddressInfo).port}`;
  const admin = await createUser(store, { role: "admin" });
  adminToken = await signIn(store, admin.id, true);
});
afterAll(() => store.close());

/** A new learner with Docker in the cart: its payment, not yet confirmed, and their token. */
async function learnerPaying() {
  const user = await createUser(store);
  const token = await signIn(store, user.id);
  await addToCart(store, token, docker);
  return { token, payment: await payForCart(store, user.id) };
}

async function detailOf(token: string, orderId: number): Promise<OrderDetail> {
  const res = await store.app.inject({
    method: "POST",
    url: "/api/order-details",
    headers: bearer(token),
    payload: { detail_id: orderId },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: OrderDetail }>().data;
}

/** The invoice numbers given so far in `year`, in the order they were given. */
async function invoiceNumbers(year: number): Promise<string[]> {
  const rows = await store.database.db
    .select({ number: orders.invoiceNumber })
    .from(orders)
    .where(sql`${orders.invoiceNumber} like ${`INV-${year}-%`}`)
    .orderBy(orders.invoiceNumber);
  return rows.map((row) => row.number ?? "");
}

const consecutive = (year: number, from: number, count: number) =>
  Array.from({ length: count }, (_, i) => `INV-${year}-${String(from + i).padStart(6, "0")}`);

describe("invoice and credit note numbers", () => {
  it("gives every order the next invoice number of its year, with no gap and no duplicate when orders are made at once", async () => {
    const before = (await invoiceNumbers(2026)).length;
    const paying = await Promise.all(Array.from({ length: 8 }, () => learnerPaying()));
    const made = await Promise.all(paying.map(({ payment }) => payment.confirm()));
    expect(await invoiceNumbers(2026)).toEqual(consecutive(2026, 1, before + 8));
    // Each learner's order details name its own number.
    const shown = await Promise.all(made.map((order, i) => detailOf(paying[i]?.token ?? "", order.orderId)));
    expect(new Set(shown.map((detail) => detail.invoice_number)).size).toBe(8);
    for (const detail of shown) {
      expect(detail.invoice_number).toMatch(/^INV-2026-\d{6}$/);
      expect(detail.credit_notes).toEqual([]);
    }
  });

  it("gives a number back when the transaction that took it rolls back, and starts again at 1 each year", async () => {
    const given = (await invoiceNumbers(2026)).length;
    await expect(
      store.database.db.transaction(async (tx) => {
        await nextDocumentNumber(tx, "invoice", clock.now());
        throw new Error("the order could not be written");
      }),
    ).rejects.toThrow("the order could not be written");
    await (await learnerPaying()).payment.confirm();
    expect(await invoiceNumbers(2026)).toEqual(consecutive(2026, 1, given + 1));

    const newYear = new Date("2027-01-01T00:00:05Z");
    const year = await store.database.db.transaction((tx) => nextDocumentNumber(tx, "invoice", newYear));
    expect(year).toBe("INV-2027-000001");
  });

  it("gives a refunded order's credit note a number of its own series, shown with the order", async () => {
    const first = await buyByCard(store, { base, artefactId: docker.seo_data.id, price: 19.99 });
    const second = await buyByCard(store, { base, artefactId: docker.seo_data.id, price: 19.99 });
    const refunds = [first, second].map(({ order }) =>
      store.app.inject({ method: "POST", url: `/api/admin/orders/${order.id}/refund`, headers: bearer(adminToken) }),
    );
    for (const res of await Promise.all(refunds)) expect(res.statusCode).toBe(200);
    const details = [await detailOf(first.token, first.order.id), await detailOf(second.token, second.order.id)];
    expect(details.flatMap((detail) => detail.credit_notes).sort()).toEqual(["CN-2026-000001", "CN-2026-000002"]);
    for (const detail of details) expect(detail.invoice_number).toMatch(/^INV-2026-\d{6}$/);
  });

  it("leaves an order placed before invoices with its receipt: no invoice number, and no credit note when refunded", async () => {
    const bought = await buyByCard(store, { base, artefactId: docker.seo_data.id, price: 19.99 });
    // As the migration leaves an older order.
    await store.database.db.update(orders).set({ invoiceNumber: null }).where(eq(orders.id, bought.order.id));
    const res = await store.app.inject({
      method: "POST",
      url: `/api/admin/orders/${bought.order.id}/refund`,
      headers: bearer(adminToken),
    });
    expect(res.statusCode).toBe(200);
    const detail = await detailOf(bought.token, bought.order.id);
    expect(detail.invoice_number).toBeNull();
    expect(detail.credit_notes).toEqual([]);
  });

  it("serves a credit note as a PDF that refers to the invoice, linked from the order's page with the invoice", async () => {
    const bought = await buyByCard(store, { base, artefactId: docker.seo_data.id, price: 19.99 });
    // Refunded a day later: the credit note is dated with the refund.
    clock.advance(24 * 3600_000);
    const refunded = await store.app.inject({
      method: "POST",
      url: `/api/admin/orders/${bought.order.id}/refund`,
      headers: bearer(adminToken),
    });
    expect(refunded.statusCode).toBe(200);
    const { invoice_number: invoice, credit_notes: [creditNote] = [] } = await detailOf(bought.token, bought.order.id);
    const res = await bought.call("GET", `/api/orders/${bought.order.id}/credit-notes/${creditNote}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="credit-note-${creditNote}.pdf"`);
    const lines = (await pdfText(res.rawPayload)).split("\n");
    expect(lines.slice(0, 11)).toEqual([
      "Skillshelf",
      "Not VAT registered",
      "Credit note",
      "Credit note number",
      creditNote,
      "Refers to invoice",
      invoice,
      "Order number",
      bought.order.order_id,
      "Date",
      "22 November 2026 at 10:00 UTC",
    ]);
    expect(lines.slice(-2)).toEqual(["Total refunded", "£19.99"]);
    // Not this order's credit note, or an order with none: 404.
    expect((await bought.call("GET", `/api/orders/${bought.order.id}/credit-notes/CN-2026-999999`)).statusCode).toBe(
      404,
    );
    const unrefunded = await buyByCard(store, { base, artefactId: docker.seo_data.id, price: 19.99 });
    const none = await unrefunded.call("GET", `/api/orders/${unrefunded.order.id}/credit-notes/${creditNote}`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ status: false, message: "Credit note not found" });
    // The order's page links both documents.
    const page = await store.app.inject({
      url: `/order-details/${bought.order.id}`,
      headers: { cookie: `access-token=${bought.token}` },
    });
    expect(page.body).toContain(`href="/order-details/${bought.order.id}/invoice"`);
    expect(page.body).toContain(`href="/order-details/${bought.order.id}/credit-notes/${creditNote}"`);
    expect(page.body).toContain(`Download credit note ${creditNote} (PDF)`);
    expect(page.body).toContain(`<dt>Invoice number</dt><dd class="order-facts__code">${invoice}</dd>`);
    expect(page.body).toContain(`<dt>Credit note number</dt><dd class="order-facts__code">${creditNote}</dd>`);
    // My Orders links each invoice from the order's card.
    const orders = await store.app.inject({ url: "/my-orders", headers: { cookie: `access-token=${bought.token}` } });
    expect(orders.body).toContain(`href="/order-details/${bought.order.id}/invoice"`);
    expect(orders.body).toContain(`Invoice (PDF)<span class="sr-only"> of order ${bought.order.order_id}</span>`);
    // The operator sees both numbers on the order.
    const operator = await store.app.inject({
      url: `/admin/orders/${bought.order.id}`,
      headers: { cookie: `access-token=${adminToken}` },
    });
    expect(operator.statusCode).toBe(200);
    expect(operator.body).toContain(`<dt>Invoice number</dt><dd class="admin-mono">${invoice}</dd>`);
    expect(operator.body).toContain(`<dt>Credit note number</dt><dd class="admin-mono">${creditNote}</dd>`);
  });
});

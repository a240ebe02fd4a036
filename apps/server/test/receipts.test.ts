import type { ListingResponse } from "@skillshelf/shared/api.ts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, users } from "../src/db/schema/index.ts";
import { parseConfig } from "../src/env.ts";
import { bearer, createUser, lastMailOf, signIn } from "./helpers/accounts.ts";
import { createTestStore, PUBLIC_URL, TestClock, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { englishLeftAmong, englishPieces } from "./helpers/languages.ts";
import { buyFromListing } from "./helpers/orders.ts";
import { pdfFacts, pdfText } from "./helpers/pdf.ts";

let store: TestStore;
let docker: ListingResponse;
const clock = new TestClock();

beforeAll(async () => {
  store = await createTestStore({
    clock,
    env: { STORE_NAME: "Skillshelf Ltd", STORE_ADDRESS: "1 Example Street | London EC1A 1AA|United Kingdom" },
  });
  await store.importCatalogue(smallCatalogue());
  docker = (await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })).json();
});
afterAll(() => store?.close());

/** A learner who bought Docker (or one of its groups): one order of one line. */
async function buyer(groupName?: string, language = "English") {
  const user = await createUser(store, { name: "Ada Lovelace", language });
  const token = await signIn(store, user.id);
  const { transactionId, ...order } = await buyFromListing(store, { id: user.id, token }, docker, groupName);
  return { user, token, order, transactionId };
}

const STORE = ["Skillshelf Ltd", "1 Example Street", "London EC1A 1AA", "United Kingdom"];

/** What an invoice or a receipt says of Ada's order of Docker: Basics, after its heading and number. */
const orderFacts = (orderNumber: string, email: string, transactionId: string) => [
  "Order number",
  orderNumber,
  "Date",
  "21 November 2026 at 10:00 UTC",
  "Billed to",
  `Ada Lovelace <${email}>`,
  "Payment method",
  "Card",
  "Transaction ID",
  transactionId,
  "Item",
  "Price",
  "Docker: Basics",
  "£5.00",
  "Subtotal",
  "£5.00",
  "Discount",
  "£0.00",
  "Total paid",
  "£5.00",
];

describe("invoices and receipts", () => {
  it("are invoices: store, not VAT registered, invoice and order numbers, date, lines, discount, total, payment method and transaction", async () => {
    const { token, order, transactionId, user } = await buyer("Basics");
    const res = await store.app.inject({ url: `/api/orders/${order.orderId}/invoice`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const [invoice] = await store.database.db
      .select({ number: orders.invoiceNumber })
      .from(orders)
      .where(eq(orders.id, order.orderId));
    expect(invoice?.number).toMatch(/^INV-2026-\d{6}$/);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="invoice-${invoice?.number}.pdf"`);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const lines = (await pdfText(res.rawPayload)).split("\n");
    expect(lines).toEqual([
      ...STORE,
      "Not VAT registered",
      "Invoice",
      "Invoice number",
      invoice?.number,
      ...orderFacts(order.orderNumber, user.email, transactionId),
    ]);
    // The receipt's address, kept for links already sent, serves the same document.
    const old = await store.app.inject({ url: `/api/orders/${order.orderId}/receipt`, headers: bearer(token) });
    expect(await pdfText(old.rawPayload)).toBe(lines.join("\n"));
  });

  it("stay receipts for an order placed before invoices: no number, no VAT statement", async () => {
    const { token, order, transactionId, user } = await buyer("Basics");
    // As the migration leaves an older order.
    await store.database.db.update(orders).set({ invoiceNumber: null }).where(eq(orders.id, order.orderId));
    const res = await store.app.inject({ url: `/api/orders/${order.orderId}/receipt`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="receipt-${order.orderNumber}.pdf"`);
    const lines = (await pdfText(res.rawPayload)).split("\n");
    expect(lines).toEqual([...STORE, "Receipt", ...orderFacts(order.orderNumber, user.email, transactionId)]);
  });

  it("are written in the buyer's language: labels, date, payment method and amounts", async () => {
    for (const [language, code] of [
      ["Spanish", "es"],
      ["French", "fr"],
    ] as const) {
      const { token, order } = await buyer("Basics", language);
      const res = await store.app.inject({ url: `/api/orders/${order.orderId}/invoice`, headers: bearer(token) });
      const lines = (await pdfText(res.rawPayload)).split("\n");
      expect(englishLeftAmong(lines, englishPieces(code)), code).toEqual([]);
      expect(lines, code).toEqual(
        expect.arrayContaining(
          code === "es"
            ? [
                "No registrado a efectos del IVA",
                "Factura",
                "Número de factura",
                "Número de pedido",
                "21 de noviembre de 2026 a las 10:00 UTC",
                "Tarjeta",
                "Total pagado",
              ]
            : [
                "Non assujetti à la TVA",
                "Facture",
                "Numéro de facture",
                "Numéro de commande",
                "21 novembre 2026 à 10:00 UTC",
                "Carte",
                "Total payé",
              ],
        ),
      );
      // Amounts in the language's format, as its mails write them: "5,00".
      expect(lines.at(-1), code).toMatch(/^5,00\s/);
    }
  });

  it("print the buyer's name and e-mail as written, in any script, and tell readers their title and language", async () => {
    for (const { name, email, language, code, title, fonts } of [
      { name: "Łukasz Wiśniewski", email: "łukasz@wiśniewski.pl", language: "Spanish", code: "es", title: "Factura" },
      { name: "Γιώργος Παπαδόπουλος", email: "giorgos@example.gr", language: "French", code: "fr", title: "Facture" },
      { name: "Дмитрий Иванов", email: "дмитрий@пример.рф", language: "English", code: "en", title: "Invoice" },
      {
        name: "王小明",
        email: "王小明@例子.中国",
        language: "English",
        code: "en",
        title: "Invoice",
        fonts: ["NotoSansSC-Regular"],
      },
      {
        name: "김민준",
        email: "minjun@example.kr",
        language: "English",
        code: "en",
        title: "Invoice",
        fonts: ["NotoSansKR-Regular"],
      },
    ]) {
      const registered = await store.app.inject({
        method: "POST",
        url: "/api/register",
        payload: { name, email, password: "analytic1!", confirm_password: "analytic1!" },
      });
      expect(registered.statusCode, name).toBe(201);
      const [user] = await store.database.db
        .update(users)
        .set({ language })
        .where(eq(users.email, email))
        .returning({ id: users.id });
      if (!user) throw new Error(`${name} was not registered`);
      const token = await signIn(store, user.id);
      const order = await buyFromListing(store, { id: user.id, token }, docker, "Basics");
      const res = await store.app.inject({ url: `/api/orders/${order.orderId}/invoice`, headers: bearer(token) });
      expect(res.statusCode, name).toBe(200);
      const lines = (await pdfText(res.rawPayload)).split("\n");
      expect(lines, name).toContain(`${name} <${email}>`);
      const facts = await pdfFacts(res.rawPayload);
      expect(facts.title, name).toMatch(new RegExp(`^${title} INV-2026-\\d{6}$`));
      expect(facts, name).toMatchObject({ language: code, displayDocTitle: true });
      // DejaVu for every script but Chinese and Korean, which Noto Sans SC and KR draw; subsets keep the file small.
      expect(facts.fonts, name).toEqual(["DejaVuSans", "DejaVuSans-Bold", ...(fonts ?? [])].sort());
      expect(res.rawPayload.length, name).toBeLessThan(40_000);
    }
  });

  it("are linked from the order's mail, and the link sends a visitor to sign in, then back to the order", async () => {
    const { token, order, user } = await buyer();
    const mail = await lastMailOf(store, user.email);
    const link = `${PUBLIC_URL}/order-details/${order.orderId}/invoice`;
    expect(mail?.text).toContain(`Your invoice (PDF): ${link}`);
    expect(mail?.html).toContain(`href="${link}"`);
    const path = new URL(link).pathname;
    const visitor = await store.app.inject({ url: path });
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toBe(`/login?redirectTo=${encodeURIComponent(`/order-details/${order.orderId}`)}`);
    const signedIn = await store.app.inject({ url: path, headers: { cookie: `access-token=${token}` } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers["content-type"]).toBe("application/pdf");
    expect(await pdfText(signedIn.rawPayload)).toContain("Docker\n£19.99");
  });

  it("are the buyer's own: another learner gets 404, a visitor 401, a bad id 422", async () => {
    const { order } = await buyer("Basics");
    const other = await signIn(store, (await createUser(store)).id);
    const foreign = await store.app.inject({ url: `/api/orders/${order.orderId}/receipt`, headers: bearer(other) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ status: false, message: "Order not found" });
    const page = await store.app.inject({
      url: `/order-details/${order.orderId}/receipt`,
      headers: { cookie: `access-token=${other}` },
    });
    expect(page.statusCode).toBe(404);
    expect((await store.app.inject({ url: `/api/orders/${order.orderId}/receipt` })).statusCode).toBe(401);
    expect((await store.app.inject({ url: "/api/orders/x/receipt", headers: bearer(other) })).statusCode).toBe(422);
  });

  it("take the store's name and address from STORE_NAME and STORE_ADDRESS", () => {
    expect(parseConfig({}).store).toEqual({ name: "Skillshelf", address: [] });
    expect(parseConfig({ STORE_ADDRESS: "a|b\nc" }).store.address).toEqual(["a", "b", "c"]);
    expect(() => parseConfig({ STORE_NAME: "x".repeat(101) })).toThrow(
      /^Invalid STORE_NAME .*: must be at most 100 characters$/,
    );
  });
});

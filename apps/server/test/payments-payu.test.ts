import { createHash, randomBytes } from "node:crypto";
import type { ListingResponse, OrderDetail, OrderRow } from "@skillshelf/shared/api.ts";
import { CART_CHANGED } from "@skillshelf/shared/constants.ts";
import { payuCommandHash, payuHashMatches, payuRequestHash, payuResponseHash } from "@skillshelf/shared/payu-hash.ts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, entitlements, orders, payments, users } from "../src/db/schema/index.ts";
import { ProviderUnavailableError } from "../src/payments/gateway.ts";
import { newTxnid } from "../src/payments/payu/payu-gateway.ts";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, PUBLIC_URL, TestClock, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { formPost, formsOf } from "./helpers/payu-forms.ts";

let store: TestStore;
let docker: ListingResponse;
let git: ListingResponse;
const clock = new TestClock();
const SALT = "emulator-salt";
const SUCCESS_URL = `${PUBLIC_URL}/payment-confirmation`;
const CANCEL_URL = `${PUBLIC_URL}/payment-cancelled`;

beforeAll(async () => {
  store = await createTestStore({ clock });
  const catalogue = smallCatalogue();
  // A second priced artefact, so that a cart can hold two lines.
  const gitArtefact = catalogue.categories[0]?.artefacts?.[1];
  if (gitArtefact) gitArtefact.price = 4.5;
  await store.importCatalogue(catalogue);
  // Refunds are server-to-server calls to the emulator.
  await store.app.listen({ port: 0, host: "127.0.0.1" });
  const listing = (slug: string) => store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug } });
  docker = (await listing("docker")).json();
  git = (await listing("git")).json();
});
afterAll(() => store.close());

async function learner(options: { withGit?: boolean } = {}) {
  const user = await createUser(store, { name: "Ada Lovelace", mobileNumber: "9876543210" });
  const token = await signIn(store, user.id);
  const call = (method: "GET" | "POST", url: string, payload?: Record<string, unknown>) =>
    store.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const add = (id: number) => call("POST", "/api/cart/add", { sub_category_id: id, group_id: null });
  expect((await add(docker.seo_data.id)).statusCode).toBe(201);
  if (options.withGit) expect((await add(git.seo_data.id)).statusCode).toBe(201);
  const db = store.database.db;
  return {
    user,
    call,
    pay: (overrides: Record<string, unknown> = {}) =>
      call("POST", "/api/payu/payment", {
        txnid: "TXN1",
        amount: options.withGit ? 24.49 : 19.99,
        currency: "GBP",
        success_url: SUCCESS_URL,
        cancel_url: CANCEL_URL,
        productinfo: "whatever the client says",
        ...overrides,
      }),
    orders: () => db.select().from(orders).where(eq(orders.userId, user.id)),
    entitlements: () => db.select().from(entitlements).where(eq(entitlements.userId, user.id)),
    cart: () => db.select().from(cartItems).where(eq(cartItems.userId, user.id)),
    payments: () => db.select().from(payments).where(eq(payments.userId, user.id)),
    listedOrders: async () => (await call("GET", "/api/get-orders")).json<{ data: { rows: OrderRow[] } }>().data.rows,
  };
}
type Learner = Awaited<ReturnType<typeof learner>>;

/** The form from the API, posted by the browser to PayU, and the payer's choice: returns the POST-back PayU would send. */
async function checkout(me: Learner, outcome: "success" | "cancel" | "failure") {
  const res = await me.pay();
  expect(res.statusCode).toBe(200);
  const { action, params } = res.json<{ action: string; params: Record<string, string> }>();
  const hosted = await store.emulators.app.inject(formPost(new URL(action).pathname, params));
  expect(hosted.statusCode).toBe(200);
  const decided = await store.emulators.app.inject(
    formPost("/emulator/payu/complete", { txnid: params.txnid ?? "", outcome }),
  );
  const [form] = formsOf(decided.body);
  const postback: Record<string, string> = form?.fields ?? {};
  return { params, decided, postback, target: form?.action ?? "" };
}

const postBack = (fields: Record<string, string>) => store.app.inject(formPost("/api/payu/return", fields));

describe("PayU hashes", () => {
  it("matches PayU's published request-hash example", () => {
    // key C0Dr8m, txnid 12345, amount 10, productinfo Shopping, firstname Test, udf2 abc, udf4 15, salt 3sf0jURk.
    const fields = { key: "C0Dr8m", txnid: "12345", amount: "10", productinfo: "Shopping", firstname: "Test" };
    expect(payuRequestHash({ ...fields, email: "test@test.com", udf2: "abc", udf4: "15" }, "3sf0jURk")).toBe(
      "ffcdbf04fa5beefdcc2dd476c18bc410f02b3968e7f4f54e8f43f1e1a310bb32e3b4dec9305232bb89db5b1d0c009a53bcace6f4bd8ec2f695baf3d43ba730ce",
    );
  });

  it("lays out every hash as documented, for many generated inputs", () => {
    const sha = (s: string) => createHash("sha512").update(s).digest("hex");
    const text = () => randomBytes(1 + ((randomBytes(1)[0] ?? 0) % 12)).toString("base64url");
    for (let i = 0; i < 200; i++) {
      const f = {
        key: text(),
        txnid: text(),
        amount: `${i}.${String(i % 100).padStart(2, "0")}`,
        productinfo: `${text()} AND ${text()}`,
        firstname: text(),
        email: `${text()}@example.com`,
        udf1: text(),
        udf2: i % 2 ? text() : "",
        udf3: text(),
        udf4: "",
        udf5: text(),
      };
      const salt = text();
      const { key, txnid, amount, productinfo, firstname, email, udf1, udf2, udf3, udf4, udf5 } = f;
      expect(payuRequestHash(f, salt)).toBe(
        sha(
          `${key}|${txnid}|${amount}|${productinfo}|${firstname}|${email}|${udf1}|${udf2}|${udf3}|${udf4}|${udf5}||||||${salt}`,
        ),
      );
      const tail = `${udf5}|${udf4}|${udf3}|${udf2}|${udf1}|${email}|${firstname}|${productinfo}|${amount}|${txnid}|${key}`;
      expect(payuResponseHash({ ...f, status: "success" }, salt)).toBe(sha(`${salt}|success||||||${tail}`));
      expect(payuResponseHash({ ...f, status: "success", additionalCharges: "1.50" }, salt)).toBe(
        sha(`1.50|${salt}|success||||||${tail}`),
      );
      expect(payuCommandHash({ key, command: "cancel_refund_transaction", var1: txnid }, salt)).toBe(
        sha(`${key}|cancel_refund_transaction|${txnid}|${salt}`),
      );
      // The reverse hash binds every field: change any one and it no longer matches.
      const reverse = payuResponseHash({ ...f, status: "success" }, salt);
      for (const name of Object.keys(f) as (keyof typeof f)[]) {
        expect(
          payuHashMatches(reverse, payuResponseHash({ ...f, [name]: `${f[name]}x`, status: "success" }, salt)),
        ).toBe(false);
      }
      expect(payuHashMatches(reverse, reverse.toUpperCase())).toBe(true);
      expect(payuHashMatches(reverse, reverse.slice(1))).toBe(false);
      expect(payuHashMatches(reverse, undefined)).toBe(false);
    }
  });
});

describe("PayU checkout", () => {
  it("needs a session", async () => {
    expect((await store.app.inject({ method: "POST", url: "/api/payu/payment", payload: {} })).statusCode).toBe(401);
  });

  it("builds the form on the server: TXN+timestamp, lines joined with ' AND ', the account's payer, a correct hash", async () => {
    const me = await learner({ withGit: true });
    const res = await me.pay();
    expect(res.statusCode).toBe(200);
    const body = res.json<{ status: boolean; message: string; action: string; params: Record<string, string> }>();
    expect(body).toMatchObject({
      status: true,
      message: "success",
      action: `${store.emulators.origin}/emulator/payu/_payment`,
    });
    const { params } = body;
    expect(params.txnid).toMatch(/^TXN\d+$/);
    expect(params.txnid?.startsWith(`TXN${clock.now().getTime()}`)).toBe(true);
    expect(params).toMatchObject({
      key: "emulator-key",
      amount: "24.49",
      productinfo: "Docker AND Git",
      firstname: "Ada Lovelace",
      email: me.user.email,
      phone: "9876543210",
      surl: `${PUBLIC_URL}/api/payu/return`,
      furl: `${PUBLIC_URL}/api/payu/return`,
    });
    expect(params.hash).toBe(payuRequestHash(params as never, SALT));
    expect((await me.payments())[0]).toMatchObject({ provider: "payu", providerRef: params.txnid, amountMinor: 2449 });
    // Two checkouts in the same millisecond still get their own txnid.
    expect(newTxnid(clock.now())).not.toBe(newTxnid(clock.now()));
  });

  it("pays: hosted page, POST-back with a good reverse hash, one order", async () => {
    const me = await learner();
    const { params, decided, postback, target } = await checkout(me, "success");
    expect(decided.body).toContain("Payments are emulated");
    expect(target).toBe(`${PUBLIC_URL}/api/payu/return`);
    // The page submits itself under the store's CSP, with this reply's nonce.
    const nonce = /<script nonce="([^"]+)">document\.forms\[0\]\.submit\(\)<\/script>/.exec(decided.body)?.[1];
    expect(decided.headers["content-security-policy"]).toContain(`'nonce-${nonce}'`);
    expect(postback).toMatchObject({ status: "success", txnid: params.txnid, amount: "19.99", productinfo: "Docker" });

    const back = await postBack(postback);
    expect(back.statusCode).toBe(303);
    const [order] = await me.orders();
    expect(back.headers.location).toBe(`${SUCCESS_URL}?order=${order?.id}`);
    expect(order).toMatchObject({ paymentMethod: "PayU", transactionId: postback.mihpayid, amountMinor: 1999 });
    expect(await me.entitlements()).toHaveLength(1);
    expect(await me.cart()).toHaveLength(0);
    expect((await me.payments())[0]?.status).toBe("paid");
    const rows = await me.listedOrders();
    expect(rows).toEqual([expect.objectContaining({ amount: 19.99, status: "Completed" })]);
    const detail = (await me.call("POST", "/api/order-details", { detail_id: order?.id })).json<{
      data: OrderDetail;
    }>();
    expect(detail.data).toMatchObject({ payment_method: "PayU", transaction_id: postback.mihpayid });

    // The same POST-back again (a reload) lands on the same order.
    expect((await postBack(postback)).headers.location).toBe(back.headers.location);
    expect(await me.orders()).toHaveLength(1);
  });

  it.each([
    ["cancel", "cancelled"],
    ["failure", "failed"],
  ] as const)("%s: no order, the cart stays, the payment is %s", async (outcome, status) => {
    const me = await learner();
    const { postback } = await checkout(me, outcome);
    expect(postback.status).toBe("failure");
    const back = await postBack(postback);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(CANCEL_URL);
    expect(await me.orders()).toHaveLength(0);
    expect(await me.entitlements()).toHaveLength(0);
    expect(await me.cart()).toHaveLength(1);
    expect((await me.payments())[0]?.status).toBe(status);
    expect(await me.listedOrders()).toEqual([]);
  });

  it("refuses a tampered POST-back with 400 and writes nothing", async () => {
    const me = await learner();
    const other = await learner();
    const { postback } = await checkout(me, "failure");
    const { params: otherParams } = await checkout(other, "success");
    const tampered = [
      { ...postback, amount: "0.01" },
      { ...postback, status: "success" },
      { ...postback, txnid: otherParams.txnid ?? "" },
      { ...postback, hash: "0".repeat(128) },
      { ...postback, hash: "" },
      { ...postback, key: "another-key" },
    ];
    for (const fields of tampered) {
      const res = await postBack(fields);
      expect(res.statusCode).toBe(400);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.body).toContain(`${PUBLIC_URL}/payment-cancelled`);
    }
    for (const who of [me, other]) {
      expect(await who.orders()).toHaveLength(0);
      expect(await who.cart()).toHaveLength(1);
      expect((await who.payments())[0]?.status).toBe("pending");
    }
  });

  it("accepts the reverse hash of a POST-back that carries additionalCharges", async () => {
    const me = await learner();
    const { postback } = await checkout(me, "success");
    const withCharges: Record<string, string> = { ...postback, additionalCharges: "0.40" };
    withCharges.hash = payuResponseHash(withCharges as never, SALT);
    expect(withCharges.hash).not.toBe(postback.hash);
    // The plain hash no longer fits once additionalCharges is posted.
    expect((await postBack({ ...withCharges, hash: postback.hash ?? "" })).statusCode).toBe(400);
    const back = await postBack(withCharges);
    expect(back.headers.location).toMatch(/\?order=\d+$/);
    expect(await me.orders()).toHaveLength(1);
  });

  it("20 concurrent POST-backs make one order", async () => {
    const me = await learner();
    const { postback } = await checkout(me, "success");
    const results = await Promise.all(Array.from({ length: 20 }, () => postBack(postback)));
    const [order] = await me.orders();
    for (const res of results) expect(res.headers.location).toBe(`${SUCCESS_URL}?order=${order?.id}`);
    expect(await me.orders()).toHaveLength(1);
    expect(await me.entitlements()).toHaveLength(1);
    expect(await me.cart()).toHaveLength(0);
  });

  it("the emulator refuses a form whose request hash is wrong", async () => {
    const me = await learner();
    const { params } = (await me.pay()).json<{ params: Record<string, string> }>();
    const res = await store.emulators.app.inject(formPost("/emulator/payu/_payment", { ...params, amount: "0.01" }));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("incorrectly calculated hash");
  });
});

describe("PayU checkout refusals", () => {
  it.each([19.98, "20.00"])("an amount of %s is a changed cart: 409 and no payment", async (amount) => {
    const me = await learner();
    const res = await me.pay({ amount });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: false, message: CART_CHANGED });
    expect(await me.payments()).toHaveLength(0);
  });

  it("a return URL on another origin answers 422", async () => {
    const me = await learner();
    const res = await me.pay({ cancel_url: "https://evil.example/payment-cancelled" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty("cancel_url");
    expect(await me.payments()).toHaveLength(0);
  });

  it("the payer's details are the account's, not the client's", async () => {
    const me = await learner();
    await store.database.db.update(users).set({ mobileNumber: "" }).where(eq(users.id, me.user.id));
    const { params } = (await me.pay({ firstname: "Mallory", email: "m@evil.example" })).json();
    expect(params).toMatchObject({ firstname: "Ada Lovelace", email: me.user.email, phone: "" });
  });
});

describe("PayU refunds", () => {
  it("refunds a paid transaction once per refund key", async () => {
    const me = await learner();
    const { postback } = await checkout(me, "success");
    await postBack(postback);
    const refund = (key: string, amountMinor = 1999) =>
      store.app.payments.gateways.payu.refund({
        transactionId: postback.mihpayid ?? "",
        amountMinor,
        currency: "GBP",
        key,
      });
    expect(await refund("refund-1")).toMatch(/^\d+$/);
    await expect(refund("refund-1")).rejects.toBeInstanceOf(ProviderUnavailableError);
    await expect(refund("refund-2", 1)).rejects.toThrow(/greater than/);
  });
});

import type { ListingResponse } from "@skillshelf/shared/api.ts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentGroups, coupons } from "../src/db/schema/index.ts";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, ensureWebBuild, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { formPost, pageHtml } from "./helpers/pages.ts";

/**
 * The pages of a store selling in yen (STORE_CURRENCY=JPY): prices read
 * JP¥1,200, and the admin forms refuse a fraction of a yen with the message
 * under the field, as plain form posts (the browser checks the same schema).
 */

let store: TestStore;
let admin: string;
let docker: ListingResponse;

beforeAll(async () => {
  ensureWebBuild();
  store = await createTestStore({ pages: true, env: { STORE_CURRENCY: "JPY" } });
  const catalogue = smallCatalogue();
  const dockerFile = catalogue.categories[0]?.artefacts?.[0];
  if (!dockerFile?.groups?.[0]) throw new Error("the small catalogue changed");
  dockerFile.price = 1200;
  dockerFile.groups[0].price = 500;
  await store.importCatalogue(catalogue);
  admin = await signIn(store, (await createUser(store, { role: "admin" })).id);
  docker = (await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })).json();
}, 180_000);
afterAll(() => store?.close());

const post = (url: string, fields: Record<string, string>) =>
  formPost(store, url, fields, { cookie: `access-token=${admin}` });
const textOf = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("pages of a store in yen", () => {
  it("show prices in whole yen, and JSON-LD offers without decimals", async () => {
    const html = await pageHtml(store, "/docker");
    expect(textOf(html)).toContain("JP¥1,200");
    expect(textOf(html)).toContain("JP¥500");
    expect(html).not.toMatch(/JP¥1,200\.00|1200\.00/);
    expect(html).toMatch(/"price":"1200","priceCurrency":"JPY"/);
  });

  it("refuse a fraction of a yen in the group form with the message under the field, and save whole yen", async () => {
    const group = docker.groups.find((g) => g.name === "Basics");
    const fields = { intent: "group-update", id: String(group?.id), name: "Basics", payment_note: "" };
    const bad = await post(`/admin/catalogue/groups/${group?.id}`, { ...fields, price: "450.5" });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toMatch(/value="450.5"/);
    expect(bad.body).toContain('class="admin-error">Price must be a whole number: JPY has no decimals</p>');

    const saved = await post(`/admin/catalogue/groups/${group?.id}`, { ...fields, price: "450" });
    expect(saved.statusCode).toBe(303);
    const [row] = await store.database.db
      .select()
      .from(contentGroups)
      .where(eq(contentGroups.id, group?.id ?? 0));
    expect(row?.priceMinor).toBe(450);
    // The edit form shows the stored price as typed, without decimals.
    const form = await pageHtml(store, `/admin/catalogue/groups/${group?.id}`, admin);
    expect(form).toMatch(/name="price"[^>]*value="450"|value="450"[^>]*name="price"/);
  });

  it("refuse a fraction of a yen in the coupon form", async () => {
    const refused = await post("/admin/coupons", { code: "YEN-OFF", kind: "amount", value: "99.5" });
    expect(refused.statusCode).toBe(422);
    expect(textOf(refused.body)).toContain("An amount must be a whole number: JPY has no decimals");
    const created = await post("/admin/coupons", { code: "YEN-OFF", kind: "amount", value: "100" });
    expect(created.statusCode).toBe(303);
    const [row] = await store.database.db.select().from(coupons).where(eq(coupons.code, "YEN-OFF"));
    expect(row).toMatchObject({ kind: "amount", value: 100 });
    expect(textOf(await pageHtml(store, "/admin/coupons", admin))).toContain("JP¥100");
  });

  it("refuse it in a Spanish operator's language, from the schema's key and values, and in English to the API", async () => {
    const spanish = await signIn(store, (await createUser(store, { role: "admin", language: "Spanish" })).id);
    const refused = await formPost(
      store,
      "/admin/coupons",
      { code: "YEN-ES", kind: "amount", value: "99.5" },
      { cookie: `access-token=${spanish}` },
    );
    expect(refused.statusCode).toBe(422);
    expect(textOf(refused.body)).toContain("Un importe debe ser un número entero: JPY no tiene decimales");
    expect(refused.body).not.toContain('{"key"');

    const api = await store.app.inject({
      method: "POST",
      url: "/api/admin/coupons",
      headers: bearer(spanish),
      payload: { code: "YEN-ES", kind: "amount", value: 99.5 },
    });
    expect(api.statusCode).toBe(422);
    expect(api.json()).toMatchObject({
      status: false,
      message: "An amount must be a whole number: JPY has no decimals",
      errors: { value: "An amount must be a whole number: JPY has no decimals" },
    });
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema/index.ts";
import { createUser, lastMailOf, login, signIn } from "./helpers/accounts.ts";
import { createTestStore, ensureWebBuild, type TestStore } from "./helpers/app.ts";
import { formPost, pageHtml } from "./helpers/pages.ts";

let store: TestStore;

beforeAll(async () => {
  ensureWebBuild();
  store = await createTestStore({ pages: true });
}, 180_000);
afterAll(() => store?.close());

const cookie = (token: string) => ({ cookie: `access-token=${token}` });
const textOf = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("the learner's data without JavaScript", () => {
  it("Settings shows the security events, the download and the deletion, which asks for the password when stale", async () => {
    const learner = await createUser(store);
    const fresh = (await login(store, learner.email, learner.password)).body.session_token;
    const html = textOf(await pageHtml(store, "/settings", fresh));
    expect(html).toContain("Recent security events");
    expect(html).toContain("Signed in");
    expect(html).toContain("Download my data");
    expect(html).toContain("Are you sure you want to remove profile?");
    expect(html).not.toContain("enter your password again");
    // A session without a recent sign-in is asked for the password.
    const stale = await signIn(store, learner.id);
    expect(textOf(await pageHtml(store, "/settings", stale))).toContain("enter your password again");
    const refused = await formPost(store, "/settings", { intent: "delete" }, cookie(stale));
    expect(refused.statusCode).toBe(401);
    expect(textOf(refused.body)).toContain("For your safety, enter your password again to continue.");
  });

  it("deletes the account through the mailed link's page, and signs the learner out", async () => {
    const learner = await createUser(store, { name: "Nadia Pageform" });
    const token = (await login(store, learner.email, learner.password)).body.session_token;
    const asked = await formPost(store, "/settings", { intent: "delete" }, cookie(token));
    expect(asked.statusCode).toBe(303);
    expect(asked.headers.location).toBe("/settings");
    const link = (await lastMailOf(store, learner.email))?.text.match(/\/delete-account\/[A-Za-z0-9_-]+/)?.[0];
    expect(link).toBeTruthy();
    const page = textOf(await pageHtml(store, link ?? "", token));
    expect(page).toContain("Are you sure you want to remove profile?");
    const done = await formPost(store, link ?? "", {}, cookie(token));
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe("/account-deleted");
    expect(done.cookies.find((c) => c.name === "access-token")?.value).toBe("");
    expect(textOf(await pageHtml(store, "/account-deleted"))).toContain("Your account is deleted.");
    const [row] = await store.database.db.select().from(users).where(eq(users.id, learner.id));
    expect(row).toMatchObject({ name: "Deleted account", email: `deleted-${learner.id}@deleted.invalid` });
    expect(row?.deletedAt).toBeInstanceOf(Date);
  });

  it("/admin/audit lists the operator's action", async () => {
    const operator = await createUser(store, { role: "admin" });
    const token = await signIn(store, operator.id);
    const learner = await createUser(store);
    const blocked = await formPost(
      store,
      "/admin/users",
      { id: String(learner.id), user_action: "block" },
      cookie(token),
    );
    expect(blocked.statusCode).toBe(303);
    const html = textOf(await pageHtml(store, `/admin/audit?object_type=user&object_id=${learner.id}`, token));
    expect(html).toContain("admin.user_blocked");
    expect(html).toContain(operator.email);
  });
});

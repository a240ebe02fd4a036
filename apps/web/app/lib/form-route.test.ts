import {
  changePasswordSchema,
  loginSchema,
  profileSchema,
  profileSchemaFor,
  resetPasswordSchema,
  settingsSchema,
} from "@skillshelf/shared/account-forms.ts";
import type { ActionResult, Viewer } from "@skillshelf/shared/api.ts";
import { plain } from "@skillshelf/shared/i18n/message.ts";
import { type ActionFunctionArgs, RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { type PageContext, storeContext } from "../load-context";
import { formRoute } from "./form-route";
import { formAction } from "./form-route.server";

const done: ActionResult<null> = { ok: true, message: plain("Done."), data: null };

/** A store whose every page action answers `done`, as a plain form post (or the page's script) reaches it. */
function storeOf({ viewer = null, dataRequest = false }: { viewer?: Viewer | null; dataRequest?: boolean } = {}) {
  const accounts = { login: vi.fn(async () => done), resetPassword: vi.fn(async () => done) };
  const profile = {
    saveSettings: vi.fn(async () => done),
    update: vi.fn(async () => done),
    changePassword: vi.fn(async () => done),
  };
  const store = { viewer, dataRequest, i18n: { language: "en" }, accounts, profile } as unknown as PageContext;
  return { store, accounts, profile };
}

/** A post of `fields` to `path`, as React Router hands it to an action. */
function post(store: PageContext, path: string, fields: Record<string, string>, params: Record<string, string> = {}) {
  const url = new URL(path, "http://store.test");
  const context = new RouterContextProvider();
  context.set(storeContext, store);
  const request = new Request(url, { method: "POST", body: new URLSearchParams(fields) });
  return { request, url, params, context, pattern: url.pathname } as unknown as ActionFunctionArgs;
}

/** The meta of these definitions: no action reads it. */
const META = { title: "A page", description: "What it is for." };

const login = formRoute({
  operation: "accounts.login",
  schema: loginSchema,
  who: "guest",
  successTo: (url) => url.searchParams.get("redirectTo") ?? "/dashboard",
  checkboxes: ["remember_me"],
  ...META,
});

describe("a form route's action, made from its definition", () => {
  it("runs the named page action with the checked fields, and sends a plain post on with a 303", async () => {
    const { store, accounts } = storeOf();
    const answer = await formAction(login)(
      post(store, "/login?redirectTo=%2Fmy-orders", { email: "ada@example.com", password: "Secret#2026" }),
    );
    expect(accounts.login).toHaveBeenCalledWith({
      email: "ada@example.com",
      password: "Secret#2026",
      user_type: "Manual",
      remember_me: false,
    });
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(303);
    expect((answer as Response).headers.get("Location")).toBe("/my-orders");
  });

  it("answers a refused form with its messages (422) and runs nothing", async () => {
    const { store, accounts } = storeOf({ dataRequest: true });
    const answer = await formAction(login)(post(store, "/login", { email: "not-an-email", password: "" }));
    expect(accounts.login).not.toHaveBeenCalled();
    expect(answer).toMatchObject({
      init: { status: 422 },
      data: { ok: false, errors: { email: "Invalid email address", password: "Password is required" } },
    });
  });

  it("checks the address parameters it names with the fields (the reset token)", async () => {
    const { store, accounts } = storeOf();
    const reset = formRoute({
      operation: "accounts.resetPassword",
      schema: resetPasswordSchema,
      who: "guest",
      successTo: "/login?notice=password-reset",
      params: ["token"],
      ...META,
    });
    const password = "Newer@2026pass";
    await formAction(reset)(
      post(store, "/reset-password/abc", { password, confirm_password: password }, { token: "abc" }),
    );
    expect(accounts.resetPassword).toHaveBeenCalledWith({ token: "abc", password, confirm_password: password });
  });

  it("sends a signed-in learner away from a guest form, and a visitor from a learner's", async () => {
    const { store } = storeOf({ viewer: { user: {} } as Viewer });
    const away = await formAction(login)(post(store, "/login", {})).catch((error: unknown) => error);
    expect((away as Response).headers.get("Location")).toBe("/dashboard");
    const settings = formRoute({
      operation: "profile.saveSettings",
      schema: settingsSchema,
      who: "learner",
      successTo: "/settings",
      ...META,
    });
    const visitor = storeOf();
    const refused = await formAction(settings)(post(visitor.store, "/settings", {})).catch((error: unknown) => error);
    expect((refused as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fsettings");
    expect(visitor.profile.saveSettings).not.toHaveBeenCalled();
  });

  it("runs the form of a page of several that its intent names, checked against the learner's own record", async () => {
    const ada = { user: { email: "ada@example.com" } } as Viewer;
    const page = { who: "learner", successTo: "/dashboard", ...META } as const;
    const profileForm = formRoute({
      ...page,
      operation: "profile.update",
      schema: profileSchema,
      schemaFor: (user) => profileSchemaFor(user.email),
      intent: "profile",
    });
    const passwordForm = formRoute({
      ...page,
      operation: "profile.changePassword",
      schema: changePasswordSchema,
      intent: "password",
    });
    const action = formAction(profileForm, passwordForm);
    const { store, profile } = storeOf({ viewer: ada, dataRequest: true });
    const password = "Newer@2026pass";
    const changed = await action(
      post(store, "/dashboard", {
        intent: "password",
        old_password: "Old@2026pass",
        password,
        confirm_password: password,
      }),
    );
    expect(changed).toMatchObject({ data: { ok: true } });
    expect(profile.changePassword).toHaveBeenCalledWith({
      old_password: "Old@2026pass",
      password,
      confirm_password: password,
    });
    const fields = { name: "Ada Lovelace", phone: "+44 20 7946 0000", bio: "" };
    // A new sign-in e-mail without the current password: refused by the record's own rule, nothing run.
    const refused = await action(post(store, "/dashboard", { intent: "profile", ...fields, email: "ada@new.example" }));
    expect(refused).toMatchObject({ init: { status: 422 }, data: { ok: false } });
    expect(Object.keys((refused as { data: { errors: object } }).data.errors)).toEqual(["current_password"]);
    expect(profile.update).not.toHaveBeenCalled();
    // The same e-mail needs none; a post that names no form is the first one's.
    await action(post(store, "/dashboard", { ...fields, email: "ada@example.com" }));
    expect(profile.update).toHaveBeenCalledWith(
      expect.objectContaining({ name: "Ada Lovelace", email: "ada@example.com" }),
    );
  });
});

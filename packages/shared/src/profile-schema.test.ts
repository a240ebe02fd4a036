import { describe, expect, it } from "vitest";
import { changesEmail, profileSchemaFor, validateForm } from "./account-forms.ts";

const STORED = "ada@example.com";
const profile = { name: "Ada", phone: "0123456789", bio: "" };

describe("the profile form's current password", () => {
  it("is not needed while the e-mail stays the same, whatever its case or spaces", () => {
    expect(changesEmail(STORED, "  ADA@Example.com ")).toBe(false);
    const result = validateForm(profileSchemaFor(STORED), { ...profile, email: " Ada@EXAMPLE.com" });
    expect(result).toEqual({ ok: true, data: { ...profile, email: STORED, current_password: undefined } });
  });

  it("is required, under its own field, when the e-mail changes", () => {
    expect(changesEmail(STORED, "ada@example.org")).toBe(true);
    for (const current_password of [undefined, "", null]) {
      const result = validateForm(profileSchemaFor(STORED), { ...profile, email: "ada@example.org", current_password });
      expect(result).toEqual({
        ok: false,
        errors: { current_password: "Enter your current password to change your email." },
      });
    }
    const ok = validateForm(profileSchemaFor(STORED), {
      ...profile,
      email: "ada@example.org",
      current_password: " pw ",
    });
    // Passwords keep their spaces.
    expect(ok).toMatchObject({ ok: true, data: { email: "ada@example.org", current_password: " pw " } });
  });

  it("is asked for together with the other fields' messages", () => {
    const result = validateForm(profileSchemaFor(STORED), { name: "", email: "ada@nasa", phone: "" });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: "Name is required.",
        email: "Invalid email format.",
        phone: "Phone number is required.",
        current_password: "Enter your current password to change your email.",
      },
    });
  });
});

import { describe, expect, it } from "vitest";
import { preferredLanguage, resolveLanguage } from "./languages.ts";

describe("a request's language", () => {
  it("takes the first of ours that Accept-Language asks for, by q-value", () => {
    expect(preferredLanguage("es-ES,es;q=0.9,en;q=0.8")).toBe("es");
    expect(preferredLanguage("de-DE, fr;q=0.5, es;q=0.7")).toBe("es");
    expect(preferredLanguage("FR-ca")).toBe("fr");
    expect(preferredLanguage("de, es;q=0")).toBeNull();
    expect(preferredLanguage("*")).toBeNull();
    expect(preferredLanguage(undefined)).toBeNull();
  });

  it("is the learner's setting, then ?lang=, the cookie, Accept-Language, and English", () => {
    const all = { setting: "French", query: "es", cookie: "en", acceptLanguage: "es" };
    expect(resolveLanguage(all)).toBe("fr");
    expect(resolveLanguage({ ...all, setting: null })).toBe("es");
    expect(resolveLanguage({ ...all, setting: null, query: "de" })).toBe("en");
    expect(resolveLanguage({ acceptLanguage: "fr-FR", cookie: "xx" })).toBe("fr");
    expect(resolveLanguage({})).toBe("en");
  });
});

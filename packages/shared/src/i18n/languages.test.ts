import { describe, expect, it } from "vitest";
import { englishPath, languageOfPath, languagePath, preferredLanguage, resolveLanguage } from "./languages.ts";

describe("a request's language", () => {
  it("takes the first of ours that Accept-Language asks for, by q-value", () => {
    expect(preferredLanguage("es-ES,es;q=0.9,en;q=0.8")).toBe("es");
    expect(preferredLanguage("de-DE, fr;q=0.5, es;q=0.7")).toBe("es");
    expect(preferredLanguage("FR-ca")).toBe("fr");
    expect(preferredLanguage("de, es;q=0")).toBeNull();
    expect(preferredLanguage("*")).toBeNull();
    expect(preferredLanguage(undefined)).toBeNull();
  });

  it("is, where no URL says it, the learner's setting, then the cookie, Accept-Language, and English", () => {
    const all = { setting: "French", cookie: "es", acceptLanguage: "en" };
    expect(resolveLanguage(all)).toBe("fr");
    expect(resolveLanguage({ ...all, setting: null })).toBe("es");
    expect(resolveLanguage({ ...all, setting: null, cookie: "de" })).toBe("en");
    expect(resolveLanguage({ acceptLanguage: "fr-FR", cookie: "xx" })).toBe("fr");
    expect(resolveLanguage({})).toBe("en");
  });
});

describe("a language's URLs", () => {
  it("are read from the first segment: /es and /fr, with what may follow it", () => {
    for (const path of ["/es", "/es/", "/es/docker/images", "/es?letter=D", "/es#categories"]) {
      expect(languageOfPath(path), path).toBe("es");
    }
    expect(languageOfPath("/fr/search?q=git")).toBe("fr");
    // A slug that merely starts with a code, English's own code, and other paths are English.
    for (const path of ["/", "/docker", "/esoteric", "/es-basics", "/fresh/one", "/en", "/en/docker", "/e", ""]) {
      expect(languageOfPath(path), path).toBe("en");
    }
  });

  it("put a page's English path under its language, and take it back out", () => {
    const pages = ["/", "/docker", "/docker/images", "/?letter=D&page=2", "/search?q=a%20b", "/#categories"];
    for (const path of pages) {
      expect(languagePath("en", path), path).toBe(path);
      for (const code of ["es", "fr"] as const) {
        const url = languagePath(code, path);
        expect(languageOfPath(url), url).toBe(code);
        expect(englishPath(url), url).toBe(path);
      }
    }
    expect(languagePath("es", "/")).toBe("/es");
    expect(languagePath("fr", "/?letter=D")).toBe("/fr?letter=D");
    expect(languagePath("es", "/docker/images")).toBe("/es/docker/images");
    expect(englishPath("/es/")).toBe("/");
    expect(englishPath("/docker")).toBe("/docker");
  });
});

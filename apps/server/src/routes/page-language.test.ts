import { describe, expect, it } from "vitest";
import { chooseLanguage, languageRedirect, pageVary, visitorPageKey } from "./page-language.ts";

const ENGLISH_ONLY = new Set(["dashboard", "cart", "admin"]);

describe("chooseLanguage", () => {
  const guest = { viewer: null, cookie: undefined, acceptLanguage: undefined };

  it("is a Spanish or French URL's language for everyone, its data requests included", () => {
    for (const url of ["/es", "/es/docker", "/es.data", "/es/docker/images.data?_routes=root", "/es?letter=D"]) {
      expect(chooseLanguage({ ...guest, url, acceptLanguage: "fr", cookie: "fr" }), url).toEqual({
        language: "es",
        suggested: null,
      });
    }
    expect(chooseLanguage({ ...guest, url: "/fr/docker", viewer: { setting: "Spanish" } }).language).toBe("fr");
  });

  it("is, at an English URL, a learner's setting and a guest's English, offering a first visit its browser's", () => {
    expect(chooseLanguage({ ...guest, url: "/docker", viewer: { setting: "Spanish" } })).toEqual({
      language: "es",
      suggested: null,
    });
    expect(chooseLanguage({ ...guest, url: "/_.data" })).toEqual({ language: "en", suggested: null });
    expect(chooseLanguage({ ...guest, url: "/docker", acceptLanguage: "fr-CA, es;q=0.5" })).toEqual({
      language: "en",
      suggested: "fr",
    });
    // A choice made (the lang cookie), or nothing to offer.
    for (const sources of [
      { cookie: "es", acceptLanguage: "fr" },
      { acceptLanguage: "en-GB" },
      { acceptLanguage: "de" },
    ]) {
      expect(chooseLanguage({ ...guest, url: "/docker", ...sources }), JSON.stringify(sources)).toEqual({
        language: "en",
        suggested: null,
      });
    }
  });

  it("keys a guest's page by its language, the language it offers and its URL; varies an English URL's on Accept-Language", () => {
    expect(visitorPageKey({ language: "es", suggested: null }, "/es/docker")).toBe("es /es/docker");
    expect(visitorPageKey({ language: "en", suggested: "fr" }, "/docker")).toBe("en>fr /docker");
    expect(pageVary("/docker?x=1")).toBe("Cookie, Authorization, Accept-Language");
    expect(pageVary("/es.data")).toBe("Cookie, Authorization");
  });
});

describe("languageRedirect", () => {
  it("sends ?lang= to the page at that language's URL, with its other parameters", () => {
    expect(languageRedirect("/docker", ENGLISH_ONLY)).toBeNull();
    expect(languageRedirect("/docker?slang=x", ENGLISH_ONLY)).toBeNull();
    expect(languageRedirect("/fr/docker?ref=a&lang=es", ENGLISH_ONLY)).toEqual({
      location: "/es/docker?ref=a",
      language: "es",
    });
    expect(languageRedirect("/es?lang=en", ENGLISH_ONLY)).toEqual({ location: "/", language: "en" });
    expect(languageRedirect("/dashboard?lang=fr", ENGLISH_ONLY)).toEqual({ location: "/dashboard", language: "fr" });
    expect(languageRedirect("/es/docker?lang=xx", ENGLISH_ONLY)).toEqual({ location: "/es/docker", language: null });
  });

  it("never leaves the store, whatever the path looks like", () => {
    for (const url of [
      "/.//evil.example/x?lang=en",
      "/%2e//evil.example?lang=de",
      "/./\\/evil.example?lang=fr",
      "//evil.example?lang=en",
    ]) {
      const location = languageRedirect(url, ENGLISH_ONLY)?.location ?? "";
      expect(location, url).toMatch(/^\/(?![/\\])/);
    }
    expect(languageRedirect("/.//evil.example/x?lang=en", ENGLISH_ONLY)?.location).toBe("/evil.example/x");
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirect } from "./guards";

describe("safeRedirect", () => {
  it("keeps a path of the store, with its query and fragment", () => {
    expect(safeRedirect("/cheat-sheets/git?page=2#top")).toBe("/cheat-sheets/git?page=2#top");
    expect(safeRedirect("/order-details/12", "/cart")).toBe("/order-details/12");
  });

  it("sends anything that a browser would read as another site to the fallback", () => {
    for (const target of [
      "//evil.test",
      "/\\evil.test",
      "/\t/evil.test",
      "/\n/evil.test",
      "/\r\n/evil.test",
      "\\/evil.test",
      "https://evil.test/",
      "javascript:alert(1)",
      "evil.test",
      "",
    ]) {
      expect(safeRedirect(target), JSON.stringify(target)).toBe("/dashboard");
    }
    expect(safeRedirect(null, "/cart")).toBe("/cart");
  });

  it("answers every string with a plain path of this store, fit for a Location header", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string().map((s) => `/${s}`),
        ),
        (target) => {
          const to = safeRedirect(target);
          // Printable ASCII only: no control character can split a header or be dropped by a browser.
          expect(to).toMatch(/^\/[\x21-\x7e]*$/);
          expect(to.startsWith("//") || to.startsWith("/\\")).toBe(false);
          expect(new URL(to, "https://shop.example").origin).toBe("https://shop.example");
        },
      ),
      { numRuns: 2000 },
    );
  });
});

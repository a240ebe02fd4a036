import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findUnsafeText, isUnsafeText } from "./unsafe-text.ts";

describe("findUnsafeText", () => {
  it("finds a NUL and lone surrogates, and lets well-formed text through", () => {
    expect(isUnsafeText("a\u0000b")).toBe(true);
    expect(isUnsafeText("\ud800")).toBe(true);
    expect(isUnsafeText("x\udc00")).toBe(true);
    expect(isUnsafeText("\udc00\ud800")).toBe(true); // halves in the wrong order are no pair
    expect(isUnsafeText("caf\u00e9 \ud83d\ude00 \u202e \u0001 %00")).toBe(false);
  });

  it("names the path of the first offending string", () => {
    expect(findUnsafeText("\u0000")).toEqual([]);
    expect(findUnsafeText({ email: "a\u0000@example.com" })).toEqual(["email"]);
    expect(findUnsafeText({ ok: "fine", line_items: [{ name: "x" }, { name: "\ud800" }] })).toEqual([
      "line_items",
      1,
      "name",
    ]);
    expect(findUnsafeText({ a: ["\u0000"], b: "\u0000" })).toEqual(["a", 0]);
  });

  it("reports an unsafe key at the object holding it, never the key itself", () => {
    expect(findUnsafeText({ "\u0000": 1 })).toEqual([]);
    expect(findUnsafeText({ nested: { "x\ud800": "fine" } })).toEqual(["nested"]);
  });

  it("leaves Buffers, numbers, booleans and null alone", () => {
    expect(findUnsafeText(Buffer.from([0, 0xed, 0xa0, 0x80]))).toBeNull();
    expect(findUnsafeText({ raw: Buffer.from([0]), n: 1, b: true, z: null, u: undefined })).toBeNull();
  });

  it("walks a body nested deeper than the call stack", () => {
    const depth = 200_000;
    const deep = JSON.parse(`${"[".repeat(depth)}"\\u0000"${"]".repeat(depth)}`);
    expect(findUnsafeText(deep)).toHaveLength(depth);
  });

  it("finds any unsafe character wherever it is put, and nothing in well-formed JSON values", () => {
    const unsafe = fc.constantFrom("\u0000", "\ud800", "\udbff", "\udc00", "\udfff");
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        // fast-check's JSON strings are well-formed, without NUL unless asked: the walk must agree.
        const hasNul = JSON.stringify(value).includes("\\u0000");
        expect(findUnsafeText(value) === null).toBe(!hasNul);
      }),
    );
    fc.assert(
      fc.property(fc.string(), unsafe, fc.string(), fc.array(fc.string()), (before, bad, after, keys) => {
        let value: unknown = `${before}${bad}${after}`;
        for (const key of keys) value = key.length % 2 ? [value] : { [key]: value };
        const expected = keys.map((key) => (key.length % 2 ? 0 : key)).reverse();
        if (keys.some(isUnsafeText)) return; // fc.string() is well-formed; keep the property honest anyway
        expect(findUnsafeText(value)).toEqual(expected);
      }),
    );
  });
});

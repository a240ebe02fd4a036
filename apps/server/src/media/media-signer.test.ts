import { describe, expect, it } from "vitest";
import { MediaSigner } from "./media-signer.ts";

const expiresOf = (url: string) => Number(/expires=(\d+)/.exec(url)?.[1]);

describe("MediaSigner", () => {
  const start = Date.parse("2026-11-29T10:00:30Z");
  let now = start;
  const signer = new MediaSigner(Buffer.alloc(32, 7), () => now);

  it("hands out the same URL for a few minutes, each valid for 15 to 20 minutes", () => {
    now = start;
    const first = signer.url(3, 9);
    for (const later of [60_000, 120_000, 240_000]) {
      now = start + later;
      // A page rendered again a minute or a few later: the same bytes.
      expect(signer.url(3, 9)).toBe(first);
    }
    const expires = expiresOf(first) * 1000;
    expect(expires - start).toBeGreaterThanOrEqual(15 * 60_000);
    expect(expires - start).toBeLessThanOrEqual(20 * 60_000);
    // Past its window, a new URL, valid 15 minutes from then at least.
    now = start + 5 * 60_000;
    const next = signer.url(3, 9);
    expect(next).not.toBe(first);
    expect(expiresOf(next) * 1000 - now).toBeGreaterThanOrEqual(15 * 60_000);
  });

  it("accepts its own URLs until they expire, and no other viewer's or file's", () => {
    now = start;
    const url = signer.url(3, 9);
    const expires = expiresOf(url);
    const signature = /signature=([\w-]+)/.exec(url)?.[1] ?? "";
    expect(signer.verify(3, 9, expires, signature)).toBe(true);
    expect(signer.verify(3, 10, expires, signature)).toBe(false);
    expect(signer.verify(4, 9, expires, signature)).toBe(false);
    now = expires * 1000 + 1;
    expect(signer.verify(3, 9, expires, signature)).toBe(false);
  });
});

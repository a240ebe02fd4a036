import { createHash } from "node:crypto";
import { expect } from "vitest";

/** Every inline script the page runs is allowed by the policy's script-src: by its hash, or by the nonce it carries. */
export function expectScriptsAllowed(html: string, policy: string, label = "") {
  const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1] ?? "";
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
    ([, attributes]) => !attributes?.includes('type="application/ld+json"'),
  );
  expect(scripts.length, label).toBeGreaterThan(0);
  for (const [, attributes, text] of scripts) {
    const nonce = / nonce="([^"]+)"/.exec(attributes ?? "")?.[1];
    const source = nonce
      ? `'nonce-${nonce}'`
      : `'sha256-${createHash("sha256")
          .update(text ?? "")
          .digest("base64")}'`;
    expect(scriptSrc.split(" "), `${label} ${(text ?? "").slice(0, 60)}`).toContain(source);
  }
}

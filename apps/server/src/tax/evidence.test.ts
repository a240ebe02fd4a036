import { describe, expect, it } from "vitest";
import { evidenceConflicts, ipCountry, taxEvidence } from "./evidence.ts";

describe("the evidence of where a buyer is", () => {
  it("finds the country of a public address, none for a private or malformed one", async () => {
    expect(await ipCountry("8.8.8.8")).toBe("US");
    expect(await ipCountry("127.0.0.1")).toBeNull();
    expect(await ipCountry("10.1.2.3")).toBeNull();
    expect(await ipCountry("not an address")).toBeNull();
  });

  it("conflicts only when the address's country is known and is not the declared one", async () => {
    expect(evidenceConflicts(await taxEvidence("FR", "8.8.8.8"))).toBe(true);
    expect(evidenceConflicts(await taxEvidence("US", "8.8.8.8"))).toBe(false);
    expect(evidenceConflicts(await taxEvidence("FR", "127.0.0.1"))).toBe(false);
  });

  it("takes the payer's country at the provider as a third piece: one that agrees settles a disagreement", async () => {
    const evidence = await taxEvidence("FR", "8.8.8.8");
    expect(evidenceConflicts({ ...evidence, payerCountry: "FR" })).toBe(false);
    expect(evidenceConflicts({ ...evidence, payerCountry: "DE" })).toBe(true);
    expect(evidenceConflicts({ ...(await taxEvidence("FR", "127.0.0.1")), payerCountry: "DE" })).toBe(true);
  });
});

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { languageOfLocale } from "./page.ts";
import { EmulatorRecords } from "./records.ts";

describe("the emulators' records", () => {
  it("hand out copies, edit in place only what changed, and list a provider's records oldest first", () => {
    const records = new EmulatorRecords();
    records.write("stripe", "cs_1", { status: "open" });
    const copy = records.read<{ status: string }>("stripe", "cs_1");
    if (copy) copy.status = "tampered";
    expect(records.read("stripe", "cs_1")).toEqual({ status: "open" });
    expect(records.change<{ status: string }>("stripe", "cs_1", () => false)?.changed).toBe(false);
    records.change<{ status: string }>("stripe", "cs_1", (r) => {
      r.status = "complete";
      return true;
    });
    expect(records.read("stripe", "cs_1")).toEqual({ status: "complete" });
    expect(records.change("stripe", "cs_nope", () => true)).toBeNull();
    records.write("stripe", "re_1", { amount: 1 });
    records.write("paypal", "re_2", { amount: 2 });
    expect(records.list("stripe", "re_")).toEqual([{ id: "re_1", data: { amount: 1 } }]);
    expect(records.count("stripe")).toBe(2);
    expect(records.insertOnce("paypal", "key", { key: "a" })).toEqual({ key: "a" });
    expect(records.insertOnce("paypal", "key", { key: "b" })).toEqual({ key: "a" });
  });

  it("survive a restart when they are kept in a file", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "emulator-records-"));
    try {
      const file = path.join(dir, "state", "emulators.json");
      const first = new EmulatorRecords(file);
      first.write("payu", "txn:1", { status: "pending" });
      first.write("payu", "txn:1", { status: "success" });
      await first.flush();
      expect(new EmulatorRecords(file).read("payu", "txn:1")).toEqual({ status: "success" });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the language a provider is asked for", () => {
  it("reads Stripe's, PayPal's and PayU's ways of naming it", () => {
    expect(["es", "fr-FR", "en_GB", "Spanish", "FRENCH", "de", "", null].map(languageOfLocale)).toEqual([
      "es",
      "fr",
      "en",
      "es",
      "fr",
      null,
      null,
      null,
    ]);
  });
});

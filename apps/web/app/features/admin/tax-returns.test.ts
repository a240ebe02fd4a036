import { describe, expect, it } from "vitest";
import { recentQuarters } from "./tax-returns";

describe("recentQuarters", () => {
  it("lists the current quarter and those before it, newest first, across years, in UTC", () => {
    expect(recentQuarters(new Date("2027-02-10T12:00:00Z"), 4)).toEqual(["2027-Q1", "2026-Q4", "2026-Q3", "2026-Q2"]);
    // 23:30 on 31 December in UTC is still the fourth quarter, wherever the server is.
    expect(recentQuarters(new Date("2026-12-31T23:30:00Z"), 2)).toEqual(["2026-Q4", "2026-Q3"]);
    expect(recentQuarters(new Date("2026-04-01T00:00:00Z"))).toHaveLength(8);
  });
});

import { describe, expect, it } from "vitest";
import { baseUrl, useBrowser } from "../support/browser.ts";

describe("the store", () => {
  const session = useBrowser();

  it("serves the home page", async () => {
    const response = await session.page.goto("/");
    expect(response?.status()).toBe(200);
    expect(baseUrl).toMatch(/^http:\/\/localhost:\d+$/);
  });
});

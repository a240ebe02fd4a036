import { PREFIXED_LANGUAGES } from "@skillshelf/shared/i18n/languages.ts";
import { describe, expect, it } from "vitest";
import { URL_LANGUAGES } from "./routes";

describe("the route config", () => {
  it("gives pages under a prefix to exactly the languages the store gives their own URLs", () => {
    expect([...URL_LANGUAGES]).toEqual(PREFIXED_LANGUAGES);
  });
});

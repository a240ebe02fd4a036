import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./unavailable.ts";

const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it("knows a server that is stopping, starting, full or gone", () => {
    for (const error of [
      withCode("57P01", "terminating connection due to administrator command"),
      withCode("57P03", "the database system is starting up"),
      withCode("53300", "sorry, too many clients already"),
      withCode("08006", "connection failure"),
      withCode("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432"),
      new Error("Connection terminated unexpectedly"),
      new Error("timeout exceeded when trying to connect"),
    ]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
    }
  });

  it("looks through the query error Drizzle wraps around the driver's", () => {
    const wrapped = new Error("Failed query: select 1", { cause: withCode("57P01") });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it("leaves a wrong query, a broken rule or a bug as it is", () => {
    for (const error of [
      withCode("23505", "duplicate key value violates unique constraint"),
      withCode("42P01", 'relation "nope" does not exist'),
      withCode("40001", "could not serialize access"),
      new TypeError("Cannot read properties of undefined"),
      new Error("Failed query: select nope", { cause: withCode("42703") }),
      "a string",
      null,
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });
});

import type { ActionOutcome } from "@skillshelf/shared/api.ts";
import type { Fetcher } from "react-router";
import { describe, expect, it } from "vitest";
import { answerOf, type Pending } from "./use-action-submit";

type State = Fetcher["state"];
type Outcome = ActionOutcome<{ url: string }> | ActionOutcome<never>;

/** The answers a submission gets from the fetcher's renders, in order, as the hook's effect sees them. */
function answers(before: Outcome | undefined, renders: [State, Outcome | undefined][]) {
  const waiting: Pending<{ url: string }> = { resolve: () => {}, before, busy: false };
  return renders.map(([state, data]) => answerOf(waiting, state, data)?.outcome ?? null);
}

const handoff: Outcome = { ok: true, message: "", data: { url: "/emulator/stripe/checkout/cs_1" } };
const refused: Outcome = { ok: false, status: 502, message: "Stripe is down" };

describe("the answer to a form sent through the page's fetcher", () => {
  it("is the data of the idle fetcher after it was busy", () => {
    expect(
      answers(undefined, [
        ["submitting", undefined],
        ["idle", handoff],
      ]),
    ).toEqual([null, handoff]);
    expect(
      answers(refused, [
        ["submitting", refused],
        ["loading", refused],
        ["idle", refused],
      ]),
    ).toEqual([null, null, refused]);
  });

  it("is not the idle fetcher a render showed before the form was sent", () => {
    // Sent right after hydration, before the page's first effects ran: the first effect sees the fetcher as
    // it was rendered, idle and empty. The provider's page comes with the renders that follow.
    expect(
      answers(undefined, [
        ["idle", undefined],
        ["submitting", undefined],
        ["idle", handoff],
      ]),
    ).toEqual([null, null, handoff]);
    // Sent again after an earlier answer: that answer is not this one's.
    expect(
      answers(refused, [
        ["idle", refused],
        ["submitting", refused],
        ["idle", handoff],
      ]),
    ).toEqual([null, null, handoff]);
  });

  it("is new data even when no render showed the fetcher busy", () => {
    expect(answers(refused, [["idle", handoff]])).toEqual([handoff]);
  });

  it("is an empty failure when the action answered with a redirect the router followed", () => {
    expect(
      answers(undefined, [
        ["submitting", undefined],
        ["loading", undefined],
        ["idle", undefined],
      ]),
    ).toEqual([null, null, { ok: false, status: 0, message: "" }]);
  });
});

import type { ActionOutcome } from "@skillshelf/shared/api.ts";
import { useCallback, useEffect, useRef } from "react";
import { type Fetcher, useFetcher } from "react-router";
import type { Notifier } from "../lib/api-client";

type Outcome<T> = ActionOutcome<T> | ActionOutcome<never>;

/** A submission waiting for its answer. */
export interface Pending<T> {
  resolve: (outcome: Outcome<T>) => void;
  /** The fetcher's data when it was sent: an answer is new data, or an idle fetcher after a busy one. */
  before: Outcome<T> | undefined;
  /** Whether a render has shown the fetcher submitting or loading since it was sent. */
  busy: boolean;
}

/**
 * Submits a form to a route's action through a fetcher and resolves with the
 * action's outcome once the fetcher is idle, after showing it as a toast
 * (SPEC.md section 8: the server's message, success or error).
 * `action` is the route to post to; by default the current one.
 *
 * A submission is answered only by an idle fetcher that was seen busy since,
 * or that holds new data. Right after hydration, a click can come before the
 * page's first effects have run; the idle fetcher of that first render is not
 * an answer (taking it for one resolved a Complete Purchase with nothing, and
 * the provider's answer that followed went nowhere).
 */
export function useActionSubmit<T = null>(notify: Notifier, action?: string) {
  const fetcher = useFetcher<Outcome<T>>();
  const pending = useRef<Pending<T> | null>(null);
  const { state, data } = fetcher;
  // The data as this render shows it, for a submission to compare its answer with.
  const shown = useRef(data);
  shown.current = data;

  useEffect(() => {
    const waiting = pending.current;
    if (!waiting) return;
    const answer = answerOf(waiting, state, data);
    if (!answer) return;
    pending.current = null;
    waiting.resolve(answer.outcome);
  }, [state, data]);

  const { submit } = fetcher;
  return useCallback(
    async (form: HTMLFormElement | FormData): Promise<Outcome<T>> => {
      const outcome = await new Promise<Outcome<T>>((resolve) => {
        pending.current = { resolve, before: shown.current, busy: false };
        void submit(form, { method: "post", ...(action ? { action } : {}) });
      });
      if (outcome.message) (outcome.ok ? notify.success : notify.error)(outcome.message);
      return outcome;
    },
    [submit, notify, action],
  );
}

/**
 * What a render of the fetcher says to a waiting submission: its answer, or
 * nothing yet (marking the submission `busy` when the fetcher is).
 */
export function answerOf<T>(
  waiting: Pending<T>,
  state: Fetcher["state"],
  data: Outcome<T> | undefined,
): { outcome: Outcome<T> } | null {
  if (state !== "idle") {
    waiting.busy = true;
    return null;
  }
  if (!waiting.busy && data === waiting.before) return null;
  // No data: the action answered with something else (a redirect the router followed).
  return { outcome: data ?? { ok: false, status: 0, message: "" } };
}

import type { ActionOutcome } from "@skillshelf/shared/api.ts";
import { useCallback, useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { Notifier } from "../lib/api-client";

type Outcome<T> = ActionOutcome<T> | ActionOutcome<never>;

/**
 * Submits a form to a route's action through a fetcher and resolves with the
 * action's outcome once the fetcher is idle, after showing it as a toast
 * (SPEC.md section 8: the server's message, success or error).
 * `action` is the route to post to; by default the current one.
 */
export function useActionSubmit<T = null>(notify: Notifier, action?: string) {
  const fetcher = useFetcher<Outcome<T>>();
  const pending = useRef<((outcome: Outcome<T>) => void) | null>(null);
  const { state, data } = fetcher;

  useEffect(() => {
    if (state !== "idle" || !pending.current) return;
    const resolve = pending.current;
    pending.current = null;
    // No data: the action answered with something else (a redirect the router followed).
    resolve(data ?? { ok: false, status: 0, message: "" });
  }, [state, data]);

  const { submit } = fetcher;
  return useCallback(
    async (form: HTMLFormElement | FormData): Promise<Outcome<T>> => {
      const outcome = await new Promise<Outcome<T>>((resolve) => {
        pending.current = resolve;
        void submit(form, { method: "post", ...(action ? { action } : {}) });
      });
      if (outcome.message) (outcome.ok ? notify.success : notify.error)(outcome.message);
      return outcome;
    },
    [submit, notify, action],
  );
}

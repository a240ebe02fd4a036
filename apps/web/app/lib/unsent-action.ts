import type { ShouldRevalidateFunctionArgs } from "react-router";

/** The status of a form action that never reached the store (no network): see client-action.ts. */
export const UNSENT_STATUS = 0;

/**
 * A route's shouldRevalidate: after a form action that never reached the
 * store nothing changed, so the page keeps its data (asking the unreachable
 * store again would only replace the page with the error page, when the
 * toast already says 'Something went wrong').
 */
export function revalidateUnlessUnsent({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const outcome = actionResult as { ok?: unknown; status?: unknown } | null | undefined;
  if (outcome?.ok === false && outcome.status === UNSENT_STATUS) return false;
  return defaultShouldRevalidate;
}

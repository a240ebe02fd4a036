import type { ShouldRevalidateFunctionArgs } from "react-router";

/** The status of a form action that never reached the store (no network): see client-action.ts. */
export const UNSENT_STATUS = 0;
const CONFLICT_STATUS = 409;

/**
 * A route's shouldRevalidate: after a form action that never reached the
 * store nothing changed, so the page keeps its data (asking the unreachable
 * store again would only replace the page with the error page, when the
 * toast already says 'Something went wrong'); after one the store refused
 * because its state had changed, the page reads that state.
 */
export function revalidateUnlessUnsent({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const outcome = actionResult as { ok?: unknown; status?: unknown } | null | undefined;
  if (outcome?.ok === false && outcome.status === UNSENT_STATUS) return false;
  // A conflict (409): the store is not as the page shows it (another tab refunded the order, the cart
  // changed), so the page reads it again, where React Router keeps its data after any refusal.
  if (outcome?.ok === false && outcome.status === CONFLICT_STATUS) return true;
  return defaultShouldRevalidate;
}

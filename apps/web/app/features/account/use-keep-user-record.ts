import type { ActionOutcome, UserRecord } from "@skillshelf/shared/api.ts";
import { useRevalidator } from "react-router";
import type { SubmitHelpers } from "../../hooks/use-schema-form";
import { saveUserRecord } from "../../lib/user-storage";

/**
 * What the profile, password and settings forms do with their action's
 * outcome: keep the returned user record (the router has reloaded the header
 * after the action), or show the field messages. The forms stay on the page,
 * so the result is always "not leaving".
 */
export function useKeepUserRecord() {
  const revalidator = useRevalidator();
  return async (
    outcome: ActionOutcome<UserRecord | null> | ActionOutcome<never>,
    { showErrors }: SubmitHelpers,
  ): Promise<false> => {
    if (!outcome.ok) {
      showErrors(outcome.errors);
      // The session ended (expired, or signed out elsewhere): the guard sends the learner to sign in.
      if (outcome.status === 401) await revalidator.revalidate();
      return false;
    }
    if (outcome.data) saveUserRecord(outcome.data);
    return false;
  };
}

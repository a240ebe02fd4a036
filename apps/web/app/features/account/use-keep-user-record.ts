import type { UserRecord } from "@skillshelf/shared/api.ts";
import { useRevalidator } from "react-router";
import type { SubmitHelpers } from "../../hooks/use-schema-form";
import type { ApiResult } from "../../lib/api-client";
import { saveUserRecord } from "../../lib/user-storage";

/**
 * What the profile and settings forms do with the server's answer: keep the
 * returned user record and refresh the header, or show the field messages.
 * Both forms stay on the page, so the result is always "not leaving".
 */
export function useKeepUserRecord() {
  const revalidator = useRevalidator();
  return async (result: ApiResult<{ data: UserRecord }>, { showErrors }: SubmitHelpers): Promise<false> => {
    if (!result.ok || !result.body) {
      showErrors(result.body?.errors);
      // The session ended (expired, or signed out elsewhere): the guard sends the learner to sign in.
      if (result.httpStatus === 401) await revalidator.revalidate();
      return false;
    }
    saveUserRecord(result.body.data);
    await revalidator.revalidate();
    return false;
  };
}

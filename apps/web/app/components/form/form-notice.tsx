import type { ActionOutcome } from "@skillshelf/shared/api.ts";
import { useT } from "../../lib/i18n";

/**
 * The message of a plain form post's failure that belongs to no field
 * ('Invalid email or password.', too many attempts): without JavaScript
 * there is no toast, so the page says it above the form.
 */
export function FormNotice({
  outcome,
  fieldless = false,
}: {
  outcome: ActionOutcome<unknown> | undefined;
  /** The form has no visible fields (hidden inputs only): field messages are said here too. */
  fieldless?: boolean;
}) {
  const t = useT();
  if (!outcome || outcome.ok || (outcome.errors && !fieldless)) return null;
  return (
    <p className="notice notice--error" role="alert">
      {t(outcome.message)}
    </p>
  );
}

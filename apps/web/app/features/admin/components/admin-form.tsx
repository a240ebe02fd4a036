import type { ActionOutcome } from "@skillshelf/shared/api.ts";
import { useActionData, useNavigation } from "react-router";

/**
 * An admin form's state from its route's action: the last answer, whether a
 * submission is under way, each field's error, and the props of a field's
 * control (its id is `${prefix}-${name}`; FieldError names its message so).
 */
export function useAdminForm<T>(prefix: string) {
  const posted = useActionData<ActionOutcome<T>>();
  const sending = useNavigation().state === "submitting";
  const errors: Record<string, string> = posted && !posted.ok ? (posted.errors ?? {}) : {};
  const field = (name: string) => ({
    id: `${prefix}-${name}`,
    name,
    className: "admin-input",
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${prefix}-${name}-error` : undefined,
  });
  return { posted, sending, errors, field };
}

/** What the last answer said: a refusal that names no field, or the success. */
export function AdminFormNotice({ posted }: { posted: ActionOutcome<unknown> | undefined }) {
  if (posted?.ok) return <p role="status">{posted.message}</p>;
  if (posted && !posted.errors) {
    return (
      <p className="notice notice--error" role="alert">
        {posted.message}
      </p>
    );
  }
  return null;
}

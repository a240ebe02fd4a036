import { RESET_PASSWORD_RULES, resetPasswordSchema } from "@skillshelf/shared/account-forms.ts";
import { useState } from "react";
import { Link } from "react-router";
import { ActionForm } from "../components/form/action-form";
import { PasswordField } from "../components/form/password-field";
import { ArrowLeftIcon } from "../components/icons/arrow-left-icon";
import { Trans } from "../components/trans";
import { AuthShell } from "../features/auth/components/auth-shell";
import { PasswordChecklist } from "../features/auth/components/password-checklist";
import { formRoute } from "../lib/form-route";
import { formAction, guestLoader } from "../lib/form-route.server";
import { useLanguagePath } from "../lib/i18n";

/** Sets the new password with the API's own steps; a plain form post then goes to /login, which says so. */
const route = formRoute({
  operation: "accounts.resetPassword",
  schema: resetPasswordSchema,
  who: "guest",
  successTo: "/login?notice=password-reset",
  // The token is the route's own parameter: the action reads it from the address.
  params: ["token"],
  title: "Reset password",
  description: "Choose a new password for your Skillshelf account.",
});

export const { handle, meta, clientAction, shouldRevalidate } = route;
export const loader = guestLoader;
export const action = formAction(route);

const RULE_MESSAGES: readonly string[] = RESET_PASSWORD_RULES.map((rule) => rule.message);

export default function ResetPassword() {
  const [password, setPassword] = useState("");
  const at = useLanguagePath();

  return (
    <AuthShell
      title="Choose a new password"
      lead="Pick a strong password you do not use anywhere else."
      footer={
        <Link to={at("/login")} className="auth__back">
          <ArrowLeftIcon size={16} />
          <Trans i18nKey="Back to sign in" />
        </Link>
      }
    >
      <ActionForm
        route={route}
        mode="live"
        submitLabel="Reset password"
        busyLabel="Saving…"
        onSuccess={() => ({ to: at("/login"), options: { replace: true } })}
        before={({ errors }) =>
          errors.token && (
            // The toast announces the message; this block keeps it on the page with the way out.
            <div className="notice notice--error">
              <p>
                <Trans i18nKey={errors.token} />
              </p>
              <Link to={at("/forgot-password")} className="notice__action">
                <Trans i18nKey="Request a new reset link" />
              </Link>
            </div>
          )
        }
      >
        {({ errors, submitted }) => {
          // An unmet rule is shown by the checklist; only 'New password is required' goes under the field.
          const ruleFailed = errors.password !== undefined && RULE_MESSAGES.includes(errors.password);
          return (
            <>
              <PasswordField
                label="New password"
                name="password"
                autoComplete="new-password"
                error={ruleFailed ? undefined : errors.password}
                aria-invalid={errors.password ? true : undefined}
                onInput={(event) => setPassword(event.currentTarget.value)}
                after={(id) => <PasswordChecklist id={id} password={password} strict={submitted} />}
              />
              <PasswordField
                label="Confirm password"
                name="confirm_password"
                autoComplete="new-password"
                error={errors.confirm_password}
              />
            </>
          );
        }}
      </ActionForm>
    </AuthShell>
  );
}

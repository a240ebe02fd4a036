import { forgotPasswordSchema } from "@skillshelf/shared/account-forms.ts";
import { Link } from "react-router";
import { ActionForm } from "../components/form/action-form";
import { EmailField } from "../components/form/text-field";
import { ArrowLeftIcon } from "../components/icons/arrow-left-icon";
import { Trans } from "../components/trans";
import { AuthShell } from "../features/auth/components/auth-shell";
import { formRoute } from "../lib/form-route";
import { formAction, guestLoader } from "../lib/form-route.server";
import { useLanguagePath } from "../lib/i18n";

/** Sends the reset link with the API's own steps; a plain form post then goes to /login, which says so. */
const route = formRoute({
  operation: "accounts.forgotPassword",
  schema: forgotPasswordSchema,
  who: "guest",
  successTo: "/login?notice=reset-sent",
  title: "Forgot password",
  description: "Ask for a link to choose a new password for your Skillshelf account.",
});

export const { handle, meta, clientAction, shouldRevalidate } = route;
export const loader = guestLoader;
export const action = formAction(route);

export default function ForgotPassword() {
  const at = useLanguagePath();
  return (
    <AuthShell
      title="Forgot your password?"
      lead="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={
        <Link to={at("/login")} className="auth__back">
          <ArrowLeftIcon size={16} />
          <Trans i18nKey="Back to sign in" />
        </Link>
      }
    >
      <ActionForm
        route={route}
        submitLabel="Send reset link"
        busyLabel="Sending…"
        onSuccess={() => ({ to: at("/login") })}
      >
        {({ errors }) => <EmailField error={errors.email} />}
      </ActionForm>
    </AuthShell>
  );
}

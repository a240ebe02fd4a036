import { forgotPasswordSchema } from "@skillshelf/shared/account-forms.ts";
import { Link } from "react-router";
import { SubmitButton } from "../components/form/submit-button";
import { TextField } from "../components/form/text-field";
import { ArrowLeftIcon } from "../components/icons/arrow-left-icon";
import { requestPasswordReset } from "../features/auth/api/forgot-password";
import { AuthShell } from "../features/auth/components/auth-shell";
import { REDIRECT_DELAY_MS, useRedirectAfter } from "../features/auth/use-redirect-after";
import { useToast } from "../features/toast/toast-context";
import { useSchemaForm } from "../hooks/use-schema-form";
import { requireGuest } from "../lib/guards";
import { buildMeta } from "../lib/meta";
import type { RouteHandle } from "../root";
import type { Route } from "./+types/forgot-password";

export const handle: RouteHandle = { toastPosition: "top-center" };

export function loader({ context }: Route.LoaderArgs) {
  requireGuest(context);
  return null;
}

export function meta() {
  return buildMeta({
    title: "Forgot password | Skillshelf",
    description: "Ask for a link to choose a new password for your Skillshelf account.",
  });
}

export default function ForgotPassword() {
  const toast = useToast();
  const redirectAfter = useRedirectAfter();
  const { errors, phase, formProps } = useSchemaForm(forgotPasswordSchema, {
    async onValid(data, { showErrors }) {
      const result = await requestPasswordReset(data, toast);
      if (!result.ok) {
        showErrors(result.body?.errors);
        return false;
      }
      redirectAfter("/login", REDIRECT_DELAY_MS.other);
      return true;
    },
  });

  return (
    <AuthShell
      title="Forgot your password?"
      lead="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={
        <Link to="/login" className="auth__back">
          <ArrowLeftIcon size={16} />
          Back to sign in
        </Link>
      }
    >
      <form className="form" {...formProps}>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email}
        />
        <SubmitButton phase={phase} label="Send reset link" busyLabel="Sending…" />
      </form>
    </AuthShell>
  );
}

import { RESET_PASSWORD_RULES, resetPasswordSchema } from "@skillshelf/shared/account-forms.ts";
import { useState } from "react";
import { Link, useActionData } from "react-router";
import { FormNotice } from "../components/form/form-notice";
import { PasswordField } from "../components/form/password-field";
import { SubmitButton } from "../components/form/submit-button";
import { ArrowLeftIcon } from "../components/icons/arrow-left-icon";
import { Trans } from "../components/trans";
import { AuthShell } from "../features/auth/components/auth-shell";
import { PasswordChecklist } from "../features/auth/components/password-checklist";
import { REDIRECT_DELAY_MS, useRedirectAfter } from "../features/auth/use-redirect-after";
import { useToast } from "../features/toast/toast-context";
import { useActionSubmit } from "../hooks/use-action-submit";
import { useSchemaForm } from "../hooks/use-schema-form";
import { serverActionOrFailure } from "../lib/client-action";
import { answerForm, parseFormPost } from "../lib/form-action";
import { requireGuest } from "../lib/guards";
import { metaT } from "../lib/i18n";
import { buildMeta } from "../lib/meta";
import { revalidateUnlessUnsent } from "../lib/unsent-action";
import { storeContext } from "../load-context";
import type { RouteHandle } from "../root";
import type { Route } from "./+types/reset-password";

export const handle: RouteHandle = { toastPosition: "top-center" };

export function loader({ context }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  requireGuest(store);
  return null;
}

/** Sets the new password with the API's own steps; a plain form post then goes to /login, which says so. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const store = context.get(storeContext);
  requireGuest(store);
  const form = await parseFormPost(request, resetPasswordSchema, { extra: { token: params.token } });
  const outcome = form.ok ? await store.accounts.resetPassword(form.data) : form.outcome;
  return answerForm(store, outcome, "/login?notice=password-reset");
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => serverActionOrFailure(serverAction);

export const shouldRevalidate = revalidateUnlessUnsent;

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return buildMeta({
    t,
    title: t("Reset password | Skillshelf"),
    description: t("Choose a new password for your Skillshelf account."),
  });
}

const RULE_MESSAGES: readonly string[] = RESET_PASSWORD_RULES.map((rule) => rule.message);

export default function ResetPassword({ params }: Route.ComponentProps) {
  const toast = useToast();
  const redirectAfter = useRedirectAfter();
  const [password, setPassword] = useState("");
  const send = useActionSubmit(toast);
  const posted = useActionData<typeof action>();
  const { errors, phase, submitted, formProps } = useSchemaForm(resetPasswordSchema, {
    mode: "live",
    initialErrors: posted?.ok === false ? posted.errors : undefined,
    extra: () => ({ token: params.token }),
    async onValid(_data, { showErrors, form }) {
      // The token is the route's own parameter: the action reads it from the address.
      const result = await send(form);
      if (!result.ok) {
        showErrors(result.errors);
        return false;
      }
      redirectAfter("/login", REDIRECT_DELAY_MS.other, { replace: true });
      return true;
    },
  });
  // An unmet rule is shown by the checklist; only 'New password is required' goes under the field.
  const ruleFailed = errors.password !== undefined && RULE_MESSAGES.includes(errors.password);

  return (
    <AuthShell
      title="Choose a new password"
      lead="Pick a strong password you do not use anywhere else."
      footer={
        <Link to="/login" className="auth__back">
          <ArrowLeftIcon size={16} />
          <Trans i18nKey="Back to sign in" />
        </Link>
      }
    >
      {errors.token && (
        // The toast announces the message; this block keeps it on the page with the way out.
        <div className="notice notice--error">
          <p>
            <Trans i18nKey={errors.token} />
          </p>
          <Link to="/forgot-password" className="notice__action">
            <Trans i18nKey="Request a new reset link" />
          </Link>
        </div>
      )}
      <FormNotice outcome={posted} />
      <form className="form" {...formProps}>
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
        <SubmitButton phase={phase} label="Reset password" busyLabel="Saving…" />
      </form>
    </AuthShell>
  );
}

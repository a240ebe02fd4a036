import { forgotPasswordSchema } from "@skillshelf/shared/account-forms.ts";
import { Link, useActionData } from "react-router";
import { FormNotice } from "../components/form/form-notice";
import { SubmitButton } from "../components/form/submit-button";
import { TextField } from "../components/form/text-field";
import { ArrowLeftIcon } from "../components/icons/arrow-left-icon";
import { Trans } from "../components/trans";
import { AuthShell } from "../features/auth/components/auth-shell";
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
import type { Route } from "./+types/forgot-password";

export const handle: RouteHandle = { toastPosition: "top-center" };

export function loader({ context }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  requireGuest(store);
  return null;
}

/** Sends the reset link with the API's own steps; a plain form post then goes to /login, which says so. */
export async function action({ request, context }: Route.ActionArgs) {
  const store = context.get(storeContext);
  requireGuest(store);
  const form = await parseFormPost(request, forgotPasswordSchema);
  const outcome = form.ok ? await store.accounts.forgotPassword(form.data) : form.outcome;
  return answerForm(store, outcome, "/login?notice=reset-sent");
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => serverActionOrFailure(serverAction);

export const shouldRevalidate = revalidateUnlessUnsent;

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return buildMeta({
    t,
    title: t("Forgot password | Skillshelf"),
    description: t("Ask for a link to choose a new password for your Skillshelf account."),
  });
}

export default function ForgotPassword() {
  const toast = useToast();
  const redirectAfter = useRedirectAfter();
  const send = useActionSubmit(toast);
  const posted = useActionData<typeof action>();
  const { errors, phase, formProps } = useSchemaForm(forgotPasswordSchema, {
    initialErrors: posted?.ok === false ? posted.errors : undefined,
    async onValid(_data, { showErrors, form }) {
      const result = await send(form);
      if (!result.ok) {
        showErrors(result.errors);
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
          <Trans i18nKey="Back to sign in" />
        </Link>
      }
    >
      <FormNotice outcome={posted} />
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

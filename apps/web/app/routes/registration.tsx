import { registerSchema } from "@skillshelf/shared/account-forms.ts";
import { Link, useActionData } from "react-router";
import { FormNotice } from "../components/form/form-notice";
import { PasswordField } from "../components/form/password-field";
import { SubmitButton } from "../components/form/submit-button";
import { TextField } from "../components/form/text-field";
import { Trans } from "../components/trans";
import { AuthBenefits } from "../features/auth/components/auth-benefits";
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
import type { Route } from "./+types/registration";

export const handle: RouteHandle = { toastPosition: "top-center" };

export function loader({ context }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  requireGuest(store);
  return null;
}

/** Creates the account with the API's own steps; a plain form post then goes to /login, which says so. */
export async function action({ request, context }: Route.ActionArgs) {
  const store = context.get(storeContext);
  requireGuest(store);
  const form = await parseFormPost(request, registerSchema);
  const outcome = form.ok ? await store.accounts.register(form.data) : form.outcome;
  return answerForm(store, outcome, "/login?notice=registered");
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => serverActionOrFailure(serverAction);

export const shouldRevalidate = revalidateUnlessUnsent;

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return buildMeta({
    t,
    title: t("Create account | Skillshelf"),
    description: t("Create a free Skillshelf account to keep your tech cards, labs and interview kits in one place."),
  });
}

export default function Registration() {
  const toast = useToast();
  const redirectAfter = useRedirectAfter();
  const send = useActionSubmit(toast);
  const posted = useActionData<typeof action>();
  const { errors, phase, formProps } = useSchemaForm(registerSchema, {
    initialErrors: posted?.ok === false ? posted.errors : undefined,
    async onValid(data, { showErrors, form }) {
      const result = await send(form);
      if (!result.ok) {
        showErrors(result.errors);
        return false;
      }
      redirectAfter("/login", REDIRECT_DELAY_MS.other, { state: { email: data.email } });
      return true;
    },
  });

  return (
    <AuthShell
      title="Create account"
      lead="Join Skillshelf to keep your learning material in one place."
      aside={<AuthBenefits heading="Learn the tech you use at work" />}
      footer={
        <p>
          <Trans
            i18nKey="Already have an account? <anchor>Sign in</anchor>"
            components={{ anchor: <Link to="/login" /> }}
          />
        </p>
      }
    >
      <FormNotice outcome={posted} />
      <form className="form" {...formProps}>
        <TextField label="Full name" name="name" autoComplete="name" error={errors.name} />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          error={errors.password}
          after={(id) => (
            <p id={id} className="field__help">
              <Trans i18nKey="At least 8 characters, with a number and a special character." />
            </p>
          )}
        />
        <PasswordField
          label="Confirm password"
          name="confirm_password"
          autoComplete="new-password"
          error={errors.confirm_password}
        />
        <SubmitButton phase={phase} label="Create account" busyLabel="Creating your account…" />
      </form>
    </AuthShell>
  );
}

import { loginSchema } from "@skillshelf/shared/account-forms.ts";
import { ACCOUNT_MESSAGES } from "@skillshelf/shared/account-messages.ts";
import type { UserRecord } from "@skillshelf/shared/api.ts";
import { Link, useActionData, useLocation } from "react-router";
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
import { requireGuest, safeRedirect } from "../lib/guards";
import { metaT, useT } from "../lib/i18n";
import { buildMeta } from "../lib/meta";
import { saveUserRecord } from "../lib/user-storage";
import { storeContext } from "../load-context";
import type { RouteHandle } from "../root";
import type { Route } from "./+types/login";

export const handle: RouteHandle = { toastPosition: "top-center" };

/** Where a plain form post of the other account forms lands: /login?notice=KEY shows that form's success message. */
export const LOGIN_NOTICES = {
  registered: ACCOUNT_MESSAGES.registered,
  "reset-sent": ACCOUNT_MESSAGES.resetSent,
  "password-reset": ACCOUNT_MESSAGES.passwordReset,
} as const;

export function loader({ context, url }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  requireGuest(store);
  const key = url.searchParams.get("notice");
  return { notice: key && Object.hasOwn(LOGIN_NOTICES, key) ? LOGIN_NOTICES[key as keyof typeof LOGIN_NOTICES] : null };
}

/** Signs in with the API's own steps; a plain form post then goes on to redirectTo (or /dashboard) at once. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const store = context.get(storeContext);
  requireGuest(store);
  const form = await parseFormPost(request, loginSchema, { checkboxes: ["remember_me"] });
  const outcome = form.ok ? await store.accounts.login(form.data) : form.outcome;
  return answerForm(store, outcome, safeRedirect(url.searchParams.get("redirectTo")));
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => serverActionOrFailure(serverAction);

/**
 * After signing in the root revalidates (so the header shows the learner);
 * this guest-only loader must not run then, or it would leave for /dashboard
 * at once instead of after the success message and to the redirectTo page.
 */
export function shouldRevalidate() {
  return false;
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return buildMeta({
    t,
    title: t("Sign in | Skillshelf"),
    description: t("Sign in to Skillshelf to open your purchased tech cards, labs and interview kits."),
  });
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const toast = useToast();
  const location = useLocation();
  const redirectAfter = useRedirectAfter();
  const send = useActionSubmit<UserRecord>(toast);
  // A plain form post's answer (no JavaScript): its messages, rendered by the server.
  const posted = useActionData<typeof action>();
  // Arriving from registration, the e-mail is filled in already.
  const email = (location.state as { email?: unknown } | null)?.email;

  const { errors, phase, formProps } = useSchemaForm(loginSchema, {
    initialErrors: posted?.ok === false ? posted.errors : undefined,
    async onValid(_data, { showErrors, form }) {
      // Posted to this route's action; the root's loader then runs again, so the header shows the learner.
      const result = await send(form);
      if (!result.ok) {
        showErrors(result.errors);
        if (result.status === 401) form.querySelector<HTMLInputElement>("input[name=password]")?.select();
        return false;
      }
      saveUserRecord(result.data);
      // Read from the address rather than with useSearchParams: that hook would add ~0.3 KB to every page's shared router chunk.
      const redirectTo = new URLSearchParams(location.search).get("redirectTo");
      redirectAfter(safeRedirect(redirectTo), REDIRECT_DELAY_MS.login, { replace: true });
      return true;
    },
  });

  return (
    <AuthShell
      title="Sign in"
      lead="Welcome back. Sign in to continue learning."
      aside={<AuthBenefits heading="Pick up where you left off" />}
      footer={
        <p>
          <Trans
            i18nKey="New to Skillshelf? <anchor>Create an account</anchor>"
            components={{ anchor: <Link to="/registration" /> }}
          />
        </p>
      }
    >
      {loaderData.notice && (
        <p className="notice" role="status">
          {t(loaderData.notice)}
        </p>
      )}
      <FormNotice outcome={posted} />
      <form className="form" {...formProps}>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          defaultValue={typeof email === "string" ? email : undefined}
          error={errors.email}
        />
        <PasswordField label="Password" name="password" autoComplete="current-password" error={errors.password} />
        <div className="form__row">
          <label className="checkbox">
            <input type="checkbox" name="remember_me" className="checkbox__input" />
            {t("Remember me")}
          </label>
          <Link to="/forgot-password" className="form__link">
            {t("Forgot Password?")}
          </Link>
        </div>
        <SubmitButton phase={phase} label="Sign in" busyLabel="Signing in…" />
      </form>
    </AuthShell>
  );
}

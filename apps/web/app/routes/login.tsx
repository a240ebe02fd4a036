import { loginSchema } from "@skillshelf/shared/account-forms.ts";
import { ACCOUNT_MESSAGES } from "@skillshelf/shared/account-messages.ts";
import { Link, useLocation } from "react-router";
import { ActionForm } from "../components/form/action-form";
import { PasswordField } from "../components/form/password-field";
import { EmailField } from "../components/form/text-field";
import { Trans } from "../components/trans";
import { AuthBenefits } from "../features/auth/components/auth-benefits";
import { AuthShell } from "../features/auth/components/auth-shell";
import { PasskeySignIn } from "../features/auth/passkey-sign-in";
import { REDIRECT_DELAY_MS } from "../features/auth/use-redirect-after";
import { formRoute } from "../lib/form-route";
import { formAction } from "../lib/form-route.server";
import { redirectQuery, requireGuest, safeRedirect } from "../lib/guards";
import { useLanguagePath, useT } from "../lib/i18n";
import { saveUserRecord } from "../lib/user-storage";
import { storeContext } from "../load-context";
import type { Route } from "./+types/login";

/**
 * Signs in with the API's own steps; a plain form post then goes on to redirectTo, or else the
 * account's home (an operator's /admin, a learner's /dashboard), at once.
 */
const route = formRoute({
  operation: "accounts.login",
  schema: loginSchema,
  who: "guest",
  // An account with a second step goes on to give it (the same language's page, the same redirectTo).
  successTo: (url, data) =>
    "second_step" in data
      ? `${url.pathname.replace(/\/$/, "")}/second-step${url.search}`
      : safeRedirect(url.searchParams.get("redirectTo"), data.home),
  checkboxes: ["remember_me"],
  title: "Sign in",
  description: "Sign in to Skillshelf to open your purchased tech cards, labs and interview kits.",
});

export const { handle, meta, clientAction } = route;
export const action = formAction(route);

/** Where a plain form post of the other account forms lands: /login?notice=KEY shows that form's success message. */
const LOGIN_NOTICES = {
  registered: ACCOUNT_MESSAGES.registered,
  "reset-sent": ACCOUNT_MESSAGES.resetSent,
  "password-reset": ACCOUNT_MESSAGES.passwordReset,
} as const;

export function loader({ context, url }: Route.LoaderArgs) {
  requireGuest(context.get(storeContext));
  const key = url.searchParams.get("notice");
  return { notice: key && Object.hasOwn(LOGIN_NOTICES, key) ? LOGIN_NOTICES[key as keyof typeof LOGIN_NOTICES] : null };
}

/**
 * After signing in the root revalidates (so the header shows the learner);
 * this guest-only loader must not run then, or it would leave for /dashboard
 * at once instead of after the success message and to the redirectTo page.
 */
export function shouldRevalidate() {
  return false;
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const at = useLanguagePath();
  const location = useLocation();
  // Registering first keeps where to go after signing in.
  const back = redirectQuery(location.search);
  // Arriving from registration, the e-mail is filled in already.
  const email = (location.state as { email?: unknown } | null)?.email;

  return (
    <AuthShell
      title="Sign in"
      lead="Welcome back. Sign in to continue learning."
      aside={<AuthBenefits heading="Pick up where you left off" />}
      footer={
        <p>
          <Trans
            i18nKey="New to Skillshelf? <anchor>Create an account</anchor>"
            components={{ anchor: <Link to={at(back ? `/registration?${back}` : "/registration")} /> }}
          />
        </p>
      }
    >
      {loaderData.notice && (
        <p className="notice" role="status">
          {t(loaderData.notice)}
        </p>
      )}
      <ActionForm
        route={route}
        submitLabel="Sign in"
        busyLabel="Signing in…"
        onRefused={(outcome, form) => {
          if (outcome.status === 401) form.querySelector<HTMLInputElement>("input[name=password]")?.select();
        }}
        onSuccess={(data) => {
          if ("second_step" in data) {
            return { to: `${at("/login/second-step")}${location.search}`, delayMs: 0, options: { replace: true } };
          }
          const { user, home } = data;
          // The root's loader has run again since the action, so the header shows the learner.
          saveUserRecord(user);
          // Read from the address rather than with useSearchParams: that hook would add ~0.3 KB to every page's shared router chunk.
          const redirectTo = new URLSearchParams(location.search).get("redirectTo");
          return { to: safeRedirect(redirectTo, home), delayMs: REDIRECT_DELAY_MS.login, options: { replace: true } };
        }}
      >
        {({ errors }) => (
          <>
            <EmailField
              defaultValue={typeof email === "string" ? email : undefined}
              error={errors.email}
              // The browser offers its passkeys for this store here too (conditional mediation).
              autoComplete="username webauthn"
            />
            <PasswordField label="Password" name="password" autoComplete="current-password" error={errors.password} />
            <div className="form__row">
              <label className="checkbox">
                <input type="checkbox" name="remember_me" className="checkbox__input" />
                {t("Remember me")}
              </label>
              <Link to={at("/forgot-password")} className="form__link">
                {t("Forgot Password?")}
              </Link>
            </div>
          </>
        )}
      </ActionForm>
      <PasskeySignIn autofill />
    </AuthShell>
  );
}

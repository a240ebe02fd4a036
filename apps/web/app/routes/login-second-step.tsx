import { secondStepCodeSchema } from "@skillshelf/shared/second-step-forms.ts";
import { Link, useLocation } from "react-router";
import { ActionForm } from "../components/form/action-form";
import { TextField } from "../components/form/text-field";
import { AuthShell } from "../features/auth/components/auth-shell";
import { PasskeySignIn } from "../features/auth/passkey-sign-in";
import { REDIRECT_DELAY_MS } from "../features/auth/use-redirect-after";
import { formRoute } from "../lib/form-route";
import { formAction, guestLoader } from "../lib/form-route.server";
import { safeRedirect } from "../lib/guards";
import { useLanguagePath, useT } from "../lib/i18n";
import { saveUserRecord } from "../lib/user-storage";

/**
 * A password sign-in's second step (docs/decisions/0054): a code of the
 * account's authenticator app or one of its recovery codes, for the wait the
 * browser's cookie holds; or a passkey, which signs in by itself. Works
 * without JavaScript but for the passkey.
 */
const route = formRoute({
  operation: "accounts.secondStep",
  schema: secondStepCodeSchema,
  who: "guest",
  successTo: (url, { home }) => safeRedirect(url.searchParams.get("redirectTo"), home),
  title: "Two-step sign-in",
  description: "Finish signing in to Skillshelf with a code from your authenticator app, a recovery code or a passkey.",
});

export const { handle, meta, clientAction } = route;
export const action = formAction(route);
export const loader = guestLoader;

/** As the sign-in page's: this guest-only loader must not send the learner on before the success message. */
export function shouldRevalidate() {
  return false;
}

export default function LoginSecondStep() {
  const t = useT();
  const at = useLanguagePath();
  const location = useLocation();
  return (
    <AuthShell
      title="Two-step sign-in"
      lead="Enter the 6-digit code your authenticator app shows, or one of your recovery codes."
      footer={
        <p>
          <Link to={at("/login")}>{t("Back to sign in")}</Link>
        </p>
      }
    >
      <ActionForm
        route={route}
        submitLabel="Verify"
        busyLabel="Verifying…"
        onRefused={(_outcome, form) => form.querySelector<HTMLInputElement>("input[name=code]")?.select()}
        onSuccess={({ user, home }) => {
          saveUserRecord(user);
          const redirectTo = new URLSearchParams(location.search).get("redirectTo");
          return { to: safeRedirect(redirectTo, home), delayMs: REDIRECT_DELAY_MS.login, options: { replace: true } };
        }}
      >
        {({ errors }) => (
          <TextField
            label="Authentication code"
            name="code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            required
            error={errors.code}
          />
        )}
      </ActionForm>
      <PasskeySignIn />
    </AuthShell>
  );
}

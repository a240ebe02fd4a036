import { registerSchema } from "@skillshelf/shared/account-forms.ts";
import { Link, useLocation } from "react-router";
import { ActionForm } from "../components/form/action-form";
import { PasswordField } from "../components/form/password-field";
import { EmailField, TextField } from "../components/form/text-field";
import { Trans } from "../components/trans";
import { AuthBenefits } from "../features/auth/components/auth-benefits";
import { AuthShell } from "../features/auth/components/auth-shell";
import { formRoute } from "../lib/form-route";
import { formAction, guestLoader } from "../lib/form-route.server";
import { redirectQuery } from "../lib/guards";
import { useLanguagePath } from "../lib/i18n";

/**
 * Creates the account with the API's own steps; a plain form post then goes to /login (of the page's
 * language), which says so, keeping where to go after signing in (an invitation's page).
 */
const route = formRoute({
  operation: "accounts.register",
  schema: registerSchema,
  who: "guest",
  successTo: (url) => {
    const back = redirectQuery(url.search);
    return `${url.pathname.replace(/registration\/?$/, "login")}?notice=registered${back ? `&${back}` : ""}`;
  },
  title: "Create account",
  description: "Create a free Skillshelf account to keep your tech cards, labs and interview kits in one place.",
});

export const { handle, meta, clientAction, shouldRevalidate } = route;
export const loader = guestLoader;
export const action = formAction(route);

export default function Registration() {
  const at = useLanguagePath();
  const back = redirectQuery(useLocation().search);
  const login = at(back ? `/login?${back}` : "/login");
  return (
    <AuthShell
      title="Create account"
      lead="Join Skillshelf to keep your learning material in one place."
      aside={<AuthBenefits heading="Learn the tech you use at work" />}
      footer={
        <p>
          <Trans
            i18nKey="Already have an account? <anchor>Sign in</anchor>"
            components={{ anchor: <Link to={login} /> }}
          />
        </p>
      }
    >
      <ActionForm
        route={route}
        submitLabel="Create account"
        busyLabel="Creating your account…"
        // Sign in then has the e-mail filled in.
        onSuccess={(_data, { email }) => ({ to: login, options: { state: { email } } })}
      >
        {({ errors }) => (
          <>
            <TextField label="Full name" name="name" autoComplete="name" error={errors.name} />
            <EmailField error={errors.email} />
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
          </>
        )}
      </ActionForm>
    </AuthShell>
  );
}

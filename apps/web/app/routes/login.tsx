import { loginSchema } from "@skillshelf/shared/account-forms.ts";
import { Link, useLocation, useRevalidator } from "react-router";
import { PasswordField } from "../components/form/password-field";
import { SubmitButton } from "../components/form/submit-button";
import { TextField } from "../components/form/text-field";
import { login } from "../features/auth/api/login";
import { AuthBenefits } from "../features/auth/components/auth-benefits";
import { AuthShell } from "../features/auth/components/auth-shell";
import { REDIRECT_DELAY_MS, useRedirectAfter } from "../features/auth/use-redirect-after";
import { useToast } from "../features/toast/toast-context";
import { useSchemaForm } from "../hooks/use-schema-form";
import { requireGuest, safeRedirect } from "../lib/guards";
import { buildMeta } from "../lib/meta";
import { saveUserRecord } from "../lib/user-storage";
import type { RouteHandle } from "../root";
import type { Route } from "./+types/login";

export const handle: RouteHandle = { toastPosition: "top-center" };

export function loader({ context }: Route.LoaderArgs) {
  requireGuest(context);
  return null;
}

/**
 * After signing in the root revalidates (so the header shows the learner);
 * this guest-only loader must not run then, or it would leave for /dashboard
 * at once instead of after the success message and to the redirectTo page.
 */
export function shouldRevalidate() {
  return false;
}

export function meta() {
  return buildMeta({
    title: "Sign in | Skillshelf",
    description: "Sign in to Skillshelf to open your purchased tech cards, labs and interview kits.",
  });
}

export default function Login() {
  const toast = useToast();
  const location = useLocation();
  const revalidator = useRevalidator();
  const redirectAfter = useRedirectAfter();
  // Arriving from registration, the e-mail is filled in already.
  const email = (location.state as { email?: unknown } | null)?.email;

  const { errors, phase, formProps } = useSchemaForm(loginSchema, {
    async onValid(data, { showErrors, form }) {
      const result = await login(data, toast);
      if (!result.ok || !result.body) {
        showErrors(result.body?.errors);
        if (result.httpStatus === 401) form.querySelector<HTMLInputElement>("input[name=password]")?.select();
        return false;
      }
      saveUserRecord(result.body.data);
      void revalidator.revalidate();
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
          New to Skillshelf? <Link to="/registration">Create an account</Link>
        </p>
      }
    >
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
            Remember me
          </label>
          <Link to="/forgot-password" className="form__link">
            Forgot Password?
          </Link>
        </div>
        <SubmitButton phase={phase} label="Sign in" busyLabel="Signing in…" />
      </form>
    </AuthShell>
  );
}

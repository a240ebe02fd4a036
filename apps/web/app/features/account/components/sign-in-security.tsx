import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  startRegistration,
} from "@simplewebauthn/browser";
import type { ActionOutcome } from "@skillshelf/shared/api.ts";
import { formatOrderDate } from "@skillshelf/shared/order-dates.ts";
import type { AuthenticatorSetupView, PasskeyRow, SecondStepView } from "@skillshelf/shared/second-step-forms.ts";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useActionData, useFetcher, useRevalidator } from "react-router";
import { PasswordField } from "../../../components/form/password-field";
import { TextField } from "../../../components/form/text-field";
import { apiCall } from "../../../lib/api-client";
import { useFormatting } from "../../../lib/formatting";
import { useT } from "../../../lib/i18n";
import { useToast } from "../../toast/toast-context";

/** The forms of this panel, by their `intent` (the settings page's action runs each: settings-security.server.ts). */
export type SecurityIntent = "start-app" | "confirm-app" | "remove-app" | "rename-passkey" | "remove-passkey";

type SecurityOutcome = ActionOutcome<unknown> & { intent?: SecurityIntent };

/**
 * One of the panel's forms: a plain form post without JavaScript (the page
 * comes back with its message), a fetcher with it (a toast, the page's data
 * read again).
 */
function SecurityForm(props: {
  intent: SecurityIntent;
  label: string;
  busyLabel: string;
  danger?: boolean;
  className?: string;
  children?: (errors: Record<string, string>) => ReactNode;
}) {
  const { intent, label, busyLabel, danger, className, children } = props;
  const t = useT();
  const toast = useToast();
  // The app's confirmation shares its answer (the recovery codes) with RecoveryCodes, which outlives its form.
  const fetcher = useFetcher<SecurityOutcome>(intent === "confirm-app" ? { key: "confirm-app" } : undefined);
  const posted = useActionData() as SecurityOutcome | undefined;
  const mine = (outcome: SecurityOutcome | undefined) => (outcome?.intent === intent ? outcome : undefined);
  const outcome = mine(fetcher.data) ?? mine(posted);
  const answered = useRef(fetcher.data);
  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state !== "idle" || !data || data === answered.current) return;
    answered.current = data;
    if (data.message) (data.ok ? toast.success : toast.error)(data.message);
  }, [fetcher.state, fetcher.data, toast]);
  const errors = outcome && !outcome.ok ? (outcome.errors ?? {}) : {};
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className={className ?? "form security__form"}>
      <input type="hidden" name="intent" value={intent} />
      {/* Without JavaScript the page comes back with the answer: its message is shown here. */}
      {outcome && !fetcher.data && (
        <p className={outcome.ok ? "notice" : "notice notice--error"} role={outcome.ok ? "status" : "alert"}>
          {outcome.message}
        </p>
      )}
      {children?.(errors)}
      <button
        type="submit"
        className={danger ? "button button--outline button--small" : "button button--small"}
        disabled={busy}
      >
        {t(busy ? busyLabel : label)}
      </button>
    </fetcher.Form>
  );
}

function PasskeyItem({ passkey }: { passkey: PasskeyRow }) {
  const t = useT();
  const formatting = useFormatting();
  const when = (iso: string) => formatOrderDate(iso, formatting);
  return (
    <li className="security__passkey">
      <p>
        <strong>{passkey.name}</strong>
        <br />
        <span className="security__meta">
          {t("Added {{date}}", { date: when(passkey.created_at) })} ·{" "}
          {passkey.last_used_at ? t("Last used {{date}}", { date: when(passkey.last_used_at) }) : t("Never used")}
        </span>
      </p>
      <SecurityForm intent="rename-passkey" label="Rename" busyLabel="Saving…" className="form form--inline">
        {(errors) => (
          <>
            <input type="hidden" name="id" value={passkey.id} />
            <TextField
              label="New name"
              name="name"
              defaultValue={passkey.name}
              maxLength={60}
              required
              error={errors.name}
            />
          </>
        )}
      </SecurityForm>
      <SecurityForm intent="remove-passkey" label="Remove" busyLabel="Removing…" danger>
        {() => <input type="hidden" name="id" value={passkey.id} />}
      </SecurityForm>
    </li>
  );
}

/** Adding a passkey: the browser's ceremony needs JavaScript; without it the form says so. */
function AddPasskey() {
  const t = useT();
  const toast = useToast();
  const revalidator = useRevalidator();
  const nameId = useId();
  const [supported, setSupported] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setSupported(browserSupportsWebAuthn()), []);
  const add = async (name: string) => {
    setBusy(true);
    try {
      const start = await apiCall<{ data: PublicKeyCredentialCreationOptionsJSON }>(
        "/api/passkeys/registration/options",
        { quiet: true },
      );
      if (!start.ok || !start.body) throw new Error(start.message);
      const response = await startRegistration({ optionsJSON: start.body.data });
      const added = await apiCall("/api/passkeys", { body: { name, response }, quiet: true });
      if (!added.ok) throw new Error(added.message);
      toast.success(t("Passkey added."));
      await revalidator.revalidate();
    } catch {
      toast.error(t("The passkey could not be added. Please try again."));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="form security__form"
      aria-label={t("Add a passkey")}
      onSubmit={(event) => {
        event.preventDefault();
        const name = new FormData(event.currentTarget).get("passkey_name");
        if (typeof name === "string" && name.trim()) void add(name.trim());
      }}
    >
      <div className="field">
        <label className="field__label" htmlFor={nameId}>
          {t("Passkey name")}
        </label>
        <input
          id={nameId}
          name="passkey_name"
          className="field__control"
          maxLength={60}
          required
          placeholder={t("e.g. My laptop")}
        />
      </div>
      {supported === false && <p className="field__hint">{t("This browser cannot make passkeys.")}</p>}
      {supported === null && <p className="field__hint">{t("Adding a passkey needs JavaScript.")}</p>}
      <button type="submit" className="button button--small" disabled={!supported || busy}>
        {t(busy ? "Waiting for your passkey…" : "Add a passkey")}
      </button>
    </form>
  );
}

function AppSetup({ setup }: { setup: AuthenticatorSetupView }) {
  const t = useT();
  return (
    <div className="security__setup">
      <p>{t("Scan the QR code with your authenticator app, then enter the code it shows.")}</p>
      {/* The store's own drawing of the otpauth:// address (lean-qr). */}
      <img
        className="security__qr"
        src={`data:image/svg+xml,${encodeURIComponent(setup.qr_svg)}`}
        alt={t("QR code")}
        width={232}
        height={232}
      />
      <p>
        {t("Or type this key in your app:")} <code className="security__secret">{setup.secret}</code>
      </p>
      <SecurityForm intent="confirm-app" label="Turn on" busyLabel="Verifying…">
        {(errors) => (
          <TextField
            label="Code from the app"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            required
            error={errors.code}
          />
        )}
      </SecurityForm>
    </div>
  );
}

/** The recovery codes the app's confirmation answered: shown this once. */
function RecoveryCodes() {
  const t = useT();
  const posted = useActionData() as SecurityOutcome | undefined;
  const fetchers = useFetcherCodes();
  const codes =
    fetchers ?? (posted?.ok && posted.intent === "confirm-app" ? (posted.data as { recovery_codes: string[] }) : null);
  if (!codes) return null;
  return (
    <div className="security__codes" role="status">
      <p>
        <strong>{t("Your recovery codes")}</strong>
      </p>
      <p>
        {t(
          "Each code signs you in once if you lose your authenticator app. Keep them somewhere safe: they are not shown again.",
        )}
      </p>
      <ol className="security__code-list">
        {codes.recovery_codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The codes of a confirmation made by a fetcher (JavaScript), kept while the page stays. */
function useFetcherCodes(): { recovery_codes: string[] } | null {
  const fetcher = useFetcher<SecurityOutcome>({ key: "confirm-app" });
  return fetcher.data?.ok && fetcher.data.intent === "confirm-app"
    ? (fetcher.data.data as { recovery_codes: string[] })
    : null;
}

/**
 * Settings' "Sign-in security": the account's passkeys (add, rename, remove)
 * and its authenticator app (set up with a QR code and its first code, with
 * one-time recovery codes; removed with the password). Each is a second step.
 */
export function SignInSecurity({ security }: { security: SecondStepView & { setup: AuthenticatorSetupView | null } }) {
  const t = useT();
  return (
    <section id="sign-in-security" className="card account-panel security" aria-labelledby="sign-in-security-title">
      <h2 id="sign-in-security-title">{t("Sign-in security")}</h2>
      <p>
        {t(
          "A passkey or an authenticator app is a second step: signing in with your password then asks for it too. Operators need one to open the admin area.",
        )}
      </p>
      <h3>{t("Passkeys")}</h3>
      {security.passkeys.length ? (
        <ul className="security__passkeys">
          {security.passkeys.map((passkey) => (
            <PasskeyItem key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      ) : (
        <p>{t("No passkeys yet.")}</p>
      )}
      <AddPasskey />
      <h3>{t("Authenticator app")}</h3>
      <RecoveryCodes />
      {security.app === "on" && (
        <>
          <p>{t("On. Recovery codes left: {{count}}.", { count: security.recovery_codes_left })}</p>
          <SecurityForm intent="remove-app" label="Remove the authenticator app" busyLabel="Removing…" danger>
            {(errors) => (
              <PasswordField
                label="Current password"
                name="current_password"
                autoComplete="current-password"
                error={errors.current_password}
              />
            )}
          </SecurityForm>
        </>
      )}
      {security.app === "pending" && security.setup && <AppSetup setup={security.setup} />}
      {security.app === "off" && (
        <SecurityForm intent="start-app" label="Set up an authenticator app" busyLabel="Starting…" />
      )}
    </section>
  );
}

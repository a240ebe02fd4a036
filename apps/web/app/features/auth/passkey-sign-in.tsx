import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  WebAuthnAbortService,
} from "@simplewebauthn/browser";
import type { UserRecord } from "@skillshelf/shared/api.ts";
import { useEffect, useState } from "react";
import { apiCall } from "../../lib/api-client";
import { safeRedirect } from "../../lib/guards";
import { useT } from "../../lib/i18n";
import { saveUserRecord } from "../../lib/user-storage";
import { useToast } from "../toast/toast-context";

type Outcome = "signed-in" | "cancelled" | "failed";

/**
 * A passkey sign-in (both steps at once): the store's options, the browser's
 * ceremony (from the e-mail field's autofill, or a button), the store's check.
 * Signed in, the page is left for `redirectTo` or the account's home, loaded
 * anew so that every part of it shows the account.
 */
async function signInWithPasskey(autofill: boolean, redirectTo: string | null): Promise<Outcome> {
  const start = await apiCall<{ data: { options: PublicKeyCredentialRequestOptionsJSON } }>(
    "/api/passkeys/sign-in/options",
    { quiet: true },
  );
  if (!start.ok || !start.body) return "failed";
  let response: Awaited<ReturnType<typeof startAuthentication>>;
  try {
    response = await startAuthentication({ optionsJSON: start.body.data.options, useBrowserAutofill: autofill });
  } catch {
    // Dismissed, timed out, or replaced by another ceremony (the button after the autofill's).
    return "cancelled";
  }
  const done = await apiCall<{ data: UserRecord }>("/api/passkeys/sign-in", {
    body: { response, remember_me: false },
    quiet: true,
  });
  if (!done.ok || !done.body) return "failed";
  saveUserRecord(done.body.data);
  window.location.assign(safeRedirect(redirectTo, "/dashboard"));
  return "signed-in";
}

/**
 * "Sign in with a passkey": a button, and the browser's autofill (conditional
 * mediation) on the e-mail field while the page is open. Without JavaScript,
 * or in a browser without passkeys, there is nothing to press: the button
 * shows only once the page's script runs and finds WebAuthn.
 */
const redirectTo = () => new URLSearchParams(window.location.search).get("redirectTo");

export function PasskeySignIn({ autofill = false }: { autofill?: boolean }) {
  const t = useT();
  const toast = useToast();
  const [supported, setSupported] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setSupported(browserSupportsWebAuthn());
    if (!autofill) return;
    let live = true;
    void browserSupportsWebAuthnAutofill().then(async (yes) => {
      if (!yes || !live) return;
      // The autofill's failures are quiet: the learner did not ask for it, and the form is still there.
      await signInWithPasskey(true, redirectTo());
    });
    return () => {
      live = false;
      WebAuthnAbortService.cancelCeremony();
    };
  }, [autofill]);

  if (!supported) return null;
  return (
    <div className="passkey-sign-in">
      <p className="passkey-sign-in__or">{t("or")}</p>
      <button
        type="button"
        className="button button--secondary button--block"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={async () => {
          setBusy(true);
          const outcome = await signInWithPasskey(false, redirectTo());
          if (outcome !== "signed-in") setBusy(false);
          if (outcome === "failed") toast.error(t("The passkey could not be used. Please try again."));
        }}
      >
        {busy ? t("Waiting for your passkey…") : t("Sign in with a passkey")}
      </button>
    </div>
  );
}

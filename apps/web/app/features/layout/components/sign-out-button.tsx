import { type ReactNode, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { apiCall } from "../../../lib/api-client";
import { useLanguagePath, useT } from "../../../lib/i18n";
import { useConfirm } from "../../confirm/confirm-dialog";
import { useToast } from "../../toast/toast-context";
import { clearSession } from "../clear-session";

const SIGN_OUT_CONFIRM = "Are you sure you want to logout?";

interface SignOutButtonProps {
  className?: string;
  children?: ReactNode;
}

/**
 * Sign out, from the navigation bar and the account sidebar: confirm, revoke
 * the session on the server (which expires the cookie), clear the browser's
 * storage, go to /login (in the page's language) and refresh the header. If the server cannot be
 * reached the learner stays signed in, and is told so.
 */
export function SignOutButton({ className = "nav-link nav-link--button", children }: SignOutButtonProps) {
  const t = useT();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const confirm = useConfirm();
  const at = useLanguagePath();

  const onClick = async () => {
    if (busy || !(await confirm({ question: t(SIGN_OUT_CONFIRM), confirmLabel: t("Sign out") }))) return;
    setBusy(true);
    const result = await apiCall<object>("/api/logout", { notify: toast });
    if (!result.ok) {
      setBusy(false);
      return;
    }
    clearSession();
    await navigate(at("/login"), { replace: true });
    // The root loader (the header's user and cart count) does not rerun on a navigation by itself.
    await revalidator.revalidate();
    setBusy(false);
  };

  return (
    <button type="button" className={className} onClick={onClick} aria-disabled={busy || undefined}>
      {children ?? t("Sign out")}
    </button>
  );
}

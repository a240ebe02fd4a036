import { useHydrated } from "../../hooks/use-hydrated";
import type { FormPhase } from "../../hooks/use-schema-form";
import { useT } from "../../lib/i18n";

interface SubmitButtonProps {
  phase: FormPhase;
  label: string;
  /** Shown while the request is on its way, e.g. 'Signing in…'. */
  busyLabel: string;
  className?: string;
}

/**
 * Unavailable while the form is checked, sent, or about to leave the page
 * (SPEC.md section 4). It stays focusable (aria-disabled) so keyboard focus is
 * not lost. Every form posts to its route's action, so before the page's
 * script runs (or without it) a press is a plain form post.
 */
export function SubmitButton({ phase, label, busyLabel, className = "button button--block" }: SubmitButtonProps) {
  const t = useT();
  const hydrated = useHydrated();
  const busy = phase === "sending";
  return (
    <button
      type="submit"
      className={className}
      // The page's script handles a press from now on (a plain form post before).
      data-enhanced={hydrated || undefined}
      aria-disabled={phase !== "idle" ? true : undefined}
      data-busy={busy || undefined}
    >
      {busy && <span className="spinner spinner--on-brand" aria-hidden="true" />}
      {busy ? t(busyLabel) : phase === "done" ? t("Redirecting…") : t(label)}
    </button>
  );
}

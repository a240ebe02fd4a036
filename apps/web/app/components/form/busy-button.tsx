import type { ReactNode } from "react";
import { useHydrated } from "../../hooks/use-hydrated";

/**
 * A form's submit button that shows a spinner and is disabled while its request runs (with
 * JavaScript; a plain form post before the page's script runs, or without it).
 */
export function BusyButton({
  busy,
  className = "button button--small",
  children,
}: {
  busy: boolean;
  className?: string;
  /** Its label (and any text only a screen reader says). */
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      className={className}
      disabled={busy}
      aria-busy={busy || undefined}
      // The page's script handles a press from now on (a plain form post before).
      data-enhanced={hydrated || undefined}
    >
      {busy && <span className="spinner button__spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

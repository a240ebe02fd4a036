import { useEffect, useRef } from "react";
import { LockIcon } from "../../../components/icons/lock-icon";
import { useT } from "../../../lib/i18n";

/**
 * Submits the checkout's form (a plain post without JavaScript, the page's
 * own handler with it); disabled with a spinner while the processing flag is set.
 */
export function CompletePurchaseButton({ processing }: { processing: boolean }) {
  const t = useT();
  const button = useRef<HTMLButtonElement>(null);
  const wasProcessing = useRef(false);
  // A payment error re-enables the button: keyboard focus, dropped when it was disabled, comes back.
  useEffect(() => {
    if (wasProcessing.current && !processing && (document.activeElement === document.body || !document.activeElement)) {
      button.current?.focus();
    }
    wasProcessing.current = processing;
  }, [processing]);
  return (
    <button
      ref={button}
      type="submit"
      className="button button--large checkout__pay"
      disabled={processing}
      aria-busy={processing || undefined}
    >
      {processing ? <span className="spinner button__spinner" aria-hidden="true" /> : <LockIcon size={18} />}
      {processing ? t("Processing…") : t("Complete Purchase")}
    </button>
  );
}

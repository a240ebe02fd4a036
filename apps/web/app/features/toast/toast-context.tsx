import { TOAST_AUTO_CLOSE_MS } from "@skillshelf/shared/constants.ts";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useT } from "../../lib/i18n";

export type ToastTone = "success" | "error";

interface Toast {
  id: number;
  tone: ToastTone;
  message: string;
}

interface ToastApi {
  success(message: string): void;
  error(message: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Toasts of SPEC.md sections 8 and 9: 5000 ms, paused while hovered or focused. */
export function ToastProvider({
  children,
  position,
}: {
  children: React.ReactNode;
  position: "top-right" | "top-center";
}) {
  const t = useT();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const api = useMemo<ToastApi>(() => {
    const push = (tone: ToastTone, message: string) =>
      setToasts((list) => [...list.slice(-3), { id: ++nextId.current, tone, message }]);
    return { success: (m) => push("success", m), error: (m) => push("error", m) };
  }, []);
  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* One live region, on the page from the start: what is added to it is read out (an element
          that arrives with its own role and text often is not). */}
      <section className={`toasts toasts--${position}`} aria-label={t("Notifications")} aria-live="polite">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onClose={() => dismiss(toast.id)} />
        ))}
      </section>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  const t = useT();
  const [paused, setPaused] = useState(false);
  const remaining = useRef(TOAST_AUTO_CLOSE_MS);
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(onClose, remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused, onClose]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hovering only pauses the timer; the close button is the control.
    <div
      className={`toast toast--${toast.tone}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <p>{t(toast.message)}</p>
      <button type="button" className="toast__close" onClick={onClose} aria-label={t("Dismiss notification")}>
        ×
      </button>
    </div>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast outside ToastProvider");
  return api;
}

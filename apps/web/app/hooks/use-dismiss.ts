import { type RefObject, useEffect } from "react";

/** Put on a popup's container while it is open, so Escape closes the innermost popup first. */
export const POPUP_OPEN = { "data-popup": "open" } as const;

/**
 * Closes an open popup on a pointer press or focus outside `container`, and
 * on Escape (focus then returns to `trigger`).
 */
export function useDismiss(
  open: boolean,
  close: () => void,
  container: RefObject<HTMLElement | null>,
  trigger: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (!container.current?.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const innermost = document.activeElement?.closest("[data-popup='open']");
      if (innermost && innermost !== container.current) return;
      close();
      trigger.current?.focus();
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("focusin", outside);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("focusin", outside);
      document.removeEventListener("keydown", onKey);
    };
  }, [open, close, container, trigger]);
}

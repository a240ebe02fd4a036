import { useCallback, useEffect, useRef } from "react";
import { type NavigateOptions, useNavigate } from "react-router";

/** SPEC.md section 9: after signing in, 2 s; after registration, forgot and reset, 3 s. */
export const REDIRECT_DELAY_MS = { login: 2000, other: 3000 } as const;

/** Navigates after a delay, so the success message can be read first; cancelled if the page goes away. */
export function useRedirectAfter() {
  const navigate = useNavigate();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return useCallback(
    (to: string, delayMs: number, options?: NavigateOptions) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => navigate(to, options), delayMs);
    },
    [navigate],
  );
}

import { useState } from "react";
import { useLocation } from "react-router";

/** Calls `close` during render whenever the location changes (React's "adjust state on prop change"). */
export function useCloseOnNavigate(close: () => void): void {
  const { key } = useLocation();
  const [seen, setSeen] = useState(key);
  if (seen !== key) {
    setSeen(key);
    close();
  }
}

import type { ReactNode } from "react";

interface SvgIconProps {
  children: ReactNode;
  size?: number;
  /** Filled glyphs (brand marks) instead of the default outline style. */
  filled?: boolean;
}

/** The frame every icon shares: decorative, hidden from assistive technology, drawn in currentColor. */
export function SvgIcon({ children, size = 20, filled = false }: SvgIconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill={filled ? "currentColor" : "none"}
      stroke={filled ? "none" : "currentColor"}
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

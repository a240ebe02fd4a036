import type { ReactNode } from "react";

/**
 * The box of a table that may scroll sideways on a narrow screen, named by
 * the heading `labelledBy` points at. It takes the focus, or a keyboard could
 * not scroll it (axe's scrollable-region-focusable).
 */
export function TableBox({
  labelledBy,
  className,
  children,
}: {
  labelledBy: string;
  className?: string;
  children: ReactNode;
}) {
  const classes = className ? `admin-table-wrap ${className}` : "admin-table-wrap";
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must take the focus, or a keyboard cannot scroll it.
    <section className={classes} aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </section>
  );
}

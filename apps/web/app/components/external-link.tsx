import type { ReactNode } from "react";
import { useT } from "../lib/i18n";

interface ExternalLinkProps {
  href: string;
  className?: string;
  children: ReactNode;
}

/** A link that opens in a new tab and says so to screen-reader users. */
export function ExternalLink({ href, className, children }: ExternalLinkProps) {
  const t = useT();
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="sr-only">{t(" (opens in a new tab)")}</span>
    </a>
  );
}

import type { ReactNode } from "react";

/** A plain link for `Trans`'s components: its words are the translated text's, given as its children. */
export function TransAnchor({ href, children }: { href: string; children?: ReactNode }) {
  return <a href={href}>{children}</a>;
}

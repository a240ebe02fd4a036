import type { ReactNode } from "react";

/** The title of an account page, with a line under it. */
export function AccountPageHeader({ title, lead, children }: { title: string; lead: string; children?: ReactNode }) {
  return (
    <header className="account-page__header">
      <div>
        <h1 className="account-page__title">{title}</h1>
        <p className="account-page__lead">{lead}</p>
      </div>
      {children}
    </header>
  );
}

import type { ReactNode } from "react";
import { useT } from "../../../lib/i18n";

interface AuthShellProps {
  title: string;
  lead: string;
  children: ReactNode;
  /** Links under the form: to sign in, to create an account. */
  footer?: ReactNode;
  /** The panel beside the form on wide screens (sign in and registration). */
  aside?: ReactNode;
}

/** The frame of the four auth screens: a card with the form, and an optional panel beside it. */
export function AuthShell({ title, lead, children, footer, aside }: AuthShellProps) {
  const t = useT();
  return (
    <div className="auth">
      <div className={`container auth__inner${aside ? " auth__inner--split" : ""}`}>
        {aside}
        <section className="auth__card card" aria-labelledby="auth-title">
          <h1 id="auth-title" className="auth__title">
            {t(title)}
          </h1>
          <p className="auth__lead">{t(lead)}</p>
          {children}
          {footer && <div className="auth__footer">{footer}</div>}
        </section>
      </div>
    </div>
  );
}

import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId } from "react";
import { useMessage, useT } from "../../lib/i18n";

interface FieldFrameProps {
  id: string;
  label: string;
  error: string | undefined;
  /** A line under the label, e.g. '(optional)'. */
  hint?: string;
  children: ReactNode;
  /** Shown after the control, before the error (the reset checklist). */
  after?: ReactNode;
}

/** Label, control and its message: the message is tied to the control with aria-describedby. */
export function FieldFrame({ id, label, error, hint, children, after }: FieldFrameProps) {
  // Labels are English keys; a message is a schema's issue text (a key, with any values) or an
  // action's, already in the page's language: both shown in the page's language.
  const t = useT();
  const message = useMessage();
  return (
    <div className="field" data-invalid={error ? true : undefined}>
      <label className="field__label" htmlFor={id}>
        {t(label)}
        {hint && <span className="field__hint"> {t(hint)}</span>}
      </label>
      {children}
      {after}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {message(error)}
        </p>
      )}
    </div>
  );
}

/** The ARIA of a control: invalid when it has a message, described by its message and any extra ids. */
export function describe(id: string, error: string | undefined, extra?: string) {
  const ids = [error ? `${id}-error` : null, extra].filter(Boolean).join(" ");
  return { "aria-invalid": error ? true : undefined, "aria-describedby": ids || undefined } as const;
}

type TextFieldProps = {
  label: string;
  name: string;
  error?: string | undefined;
  hint?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id">;

export function TextField({ label, name, error, hint, type = "text", ...input }: TextFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <input id={id} name={name} type={type} className="field__control" {...describe(id, error)} {...input} />
    </FieldFrame>
  );
}

/** The e-mail field of the account forms (sign in, registration, reset link, profile). */
export function EmailField(props: {
  error?: string | undefined;
  defaultValue?: string | undefined;
  /** The sign-in form's: "username webauthn", so the browser offers its passkeys there too. */
  autoComplete?: string;
}) {
  return <TextField label="Email" name="email" type="email" autoComplete="email" inputMode="email" {...props} />;
}

type TextAreaFieldProps = {
  label: string;
  name: string;
  error?: string | undefined;
  hint?: string;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id">;

export function TextAreaField({ label, name, error, hint, rows = 4, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <textarea
        id={id}
        name={name}
        rows={rows}
        className="field__control field__control--area"
        {...describe(id, error)}
        {...textarea}
      />
    </FieldFrame>
  );
}

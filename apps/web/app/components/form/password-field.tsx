import { type InputHTMLAttributes, type ReactNode, useId, useState } from "react";
import { useT } from "../../lib/i18n";
import { describe, FieldFrame } from "./text-field";

type PasswordFieldProps = {
  label: string;
  name: string;
  error?: string | undefined;
  autoComplete: "current-password" | "new-password";
  /** Rendered under the input and referenced by it (the reset form's checklist). */
  after?: (describedById: string) => ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "type" | "autoComplete">;

/** A password input with a Show/Hide toggle, so a learner can check what they typed. */
export function PasswordField({ label, name, error, after, ...input }: PasswordFieldProps) {
  const id = useId();
  const t = useT();
  const [visible, setVisible] = useState(false);
  const afterId = `${id}-after`;
  return (
    <FieldFrame id={id} label={label} error={error} after={after?.(afterId)}>
      <div className="field__password">
        <input
          id={id}
          name={name}
          type={visible ? "text" : "password"}
          className="field__control"
          spellCheck={false}
          autoCapitalize="off"
          {...describe(id, error, after ? afterId : undefined)}
          {...input}
        />
        <button type="button" className="field__reveal" aria-controls={id} onClick={() => setVisible(!visible)}>
          {visible ? t("Hide") : t("Show")}
          <span className="sr-only"> {t(label).toLowerCase()}</span>
        </button>
      </div>
    </FieldFrame>
  );
}

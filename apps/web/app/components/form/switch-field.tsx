import { type InputHTMLAttributes, useId } from "react";
import { useT } from "../../lib/i18n";

type SwitchFieldProps = {
  label: string;
  description: string;
  name: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "type" | "role">;

/** An on/off setting: a native checkbox announced as a switch, with its label and a line of explanation. */
export function SwitchField({ label, description, name, ...input }: SwitchFieldProps) {
  const t = useT();
  const id = useId();
  return (
    <div className="switch-field">
      <div className="switch-field__text">
        <label htmlFor={id} className="switch-field__label">
          {t(label)}
        </label>
        <p id={`${id}-description`} className="switch-field__description">
          {t(description)}
        </p>
      </div>
      <input
        id={id}
        name={name}
        type="checkbox"
        // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox exposes its checked state to the switch role itself (ARIA in HTML).
        role="switch"
        className="switch"
        aria-describedby={`${id}-description`}
        {...input}
      />
    </div>
  );
}

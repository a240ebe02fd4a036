import { type SelectHTMLAttributes, useId } from "react";
import { useT } from "../../lib/i18n";
import { describe, FieldFrame } from "./text-field";

type SelectFieldProps = {
  label: string;
  name: string;
  error?: string | undefined;
  options: readonly { value: string; label: string }[];
  /** The empty first choice, shown when nothing is chosen yet. */
  placeholder: string;
  /** false: the options' labels are already in the reader's language (country names). */
  translateOptions?: boolean;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id">;

export function SelectField({
  label,
  name,
  error,
  options,
  placeholder,
  translateOptions = true,
  ...select
}: SelectFieldProps) {
  const t = useT();
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error}>
      <select
        id={id}
        name={name}
        className="field__control field__control--select"
        {...describe(id, error)}
        {...select}
      >
        <option value="">{t(placeholder)}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {translateOptions ? t(option.label) : option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

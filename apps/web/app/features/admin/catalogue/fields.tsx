import { formatPrice } from "@skillshelf/shared/constants.ts";
import { useId } from "react";

/** A labelled text input, textarea or checkbox of the catalogue forms, with the server's message under it. */
export function TextInput({
  label,
  value,
  onChange,
  error,
  hint,
  required,
  multiline,
  rows,
  mono,
  inputMode,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
  multiline?: boolean;
  rows?: number;
  mono?: boolean;
  inputMode?: "decimal";
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    value,
    required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    className: `admin-input${mono ? " admin-mono" : ""}`,
  };
  return (
    <div className="admin-field">
      <label htmlFor={id} className="admin-label">
        {label}
        {required ? " (required)" : ""}
      </label>
      {multiline ? (
        <textarea {...common} rows={rows ?? 3} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type="text" inputMode={inputMode} onChange={(e) => onChange(e.target.value)} />
      )}
      {hint && (
        <p id={`${id}-hint`} className="admin-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="admin-error">
          {error}
        </p>
      )}
    </div>
  );
}

export function CheckboxInput({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="admin-check">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

export function SelectInput({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div className="admin-field">
      <label htmlFor={id} className="admin-label">
        {label}
      </label>
      <select id={id} className="admin-input" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A price for a text field: '' for free. */
export const priceText = (price: number | null) => (price === null ? "" : formatPrice(price));

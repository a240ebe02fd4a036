import { formatPrice } from "@skillshelf/shared/constants.ts";
import { useId, useState } from "react";
import { useT } from "../../../lib/i18n";

/**
 * A labelled text input or textarea of the catalogue forms, with its message
 * under it. Label, hint and message come in English and show in the page's language. Uncontrolled: the form posts what is typed, with or without JavaScript.
 */
export function TextInput({
  label,
  name,
  defaultValue,
  error,
  hint,
  required,
  multiline,
  rows,
  mono,
  inputMode,
  hintValues,
  onInput,
}: {
  label: string;
  name: string;
  defaultValue: string;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
  multiline?: boolean;
  rows?: number;
  mono?: boolean;
  inputMode?: "decimal";
  /** The hint's placeholders' values. */
  hintValues?: Record<string, string>;
  /** Each change of what is typed, with JavaScript. */
  onInput?: (value: string) => void;
}) {
  const id = useId();
  const t = useT();
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name,
    defaultValue,
    required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    className: `admin-input${mono ? " admin-mono" : ""}`,
    onInput:
      onInput &&
      ((event: React.FormEvent<HTMLInputElement | HTMLTextAreaElement>) => onInput(event.currentTarget.value)),
  };
  return (
    <div className="admin-field">
      <label htmlFor={id} className="admin-label">
        {required ? t("{{label}} (required)", { label: t(label) }) : t(label)}
      </label>
      {multiline ? <textarea {...common} rows={rows ?? 3} /> : <input {...common} type="text" inputMode={inputMode} />}
      {hint && (
        <p id={`${id}-hint`} className="admin-hint">
          {t(hint, hintValues)}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * The slug's field, whose hint is the address the item will have: `prefix`
 * (its artefact's path, or "/") and the slug as typed, followed as it changes.
 */
export function SlugInput({
  prefix,
  defaultValue,
  error,
}: {
  prefix: string;
  defaultValue: string;
  error?: string | undefined;
}) {
  const [slug, setSlug] = useState(defaultValue.trim());
  return (
    <TextInput
      label="Slug"
      name="slug"
      required
      defaultValue={defaultValue}
      error={error}
      hint={slug ? "Its address: {{address}}" : "Its address: {{prefix}} followed by the slug"}
      hintValues={{ address: `${prefix}${slug}`, prefix }}
      onInput={(value) => setSlug(value.trim())}
    />
  );
}

export function CheckboxInput({
  label,
  name,
  defaultChecked,
}: {
  label: string;
  name: string;
  defaultChecked: boolean;
}) {
  const id = useId();
  const t = useT();
  return (
    <div className="admin-check">
      <input id={id} name={name} type="checkbox" defaultChecked={defaultChecked} />
      <label htmlFor={id}>{t(label)}</label>
    </div>
  );
}

export function SelectInput({
  label,
  name,
  defaultValue,
  options,
  error,
}: {
  label: string;
  name: string;
  defaultValue: string;
  options: { value: string; label: string }[];
  error?: string | undefined;
}) {
  const id = useId();
  const t = useT();
  return (
    <div className="admin-field">
      <label htmlFor={id} className="admin-label">
        {t(label)}
      </label>
      <select
        id={id}
        name={name}
        className="admin-input"
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * How an artefact or a group is taxed (tax.ts): a group's may be blank, taxed
 * as its artefact. Which artefacts are e-publications is the operator's call.
 */
export function TaxClassInput({
  defaultValue,
  error,
  inherits,
}: {
  /** The stored (or posted) tax class; "" for a group taxed as its artefact. */
  defaultValue: string;
  error?: string | undefined;
  /** A group's: its first choice is "as its artefact". */
  inherits?: boolean;
}) {
  const t = useT();
  const options = [
    ...(inherits ? [{ value: "", label: t("As its artefact") }] : []),
    { value: "standard", label: t("Standard rate") },
    { value: "e_publication", label: t("E-publication (zero-rated in the UK)") },
  ];
  return <SelectInput label="Tax class" name="tax_class" defaultValue={defaultValue} options={options} error={error} />;
}

/** A price for a text field: '' for free. */
/** A stored price as its field shows it, with the currency's decimals: "32.50" (GBP), "1200" (JPY). */
export const priceText = (price: number | null, currency: string) =>
  price === null ? "" : formatPrice(price, currency);

/** What a plain form post sent, when the page shows its messages again: the field's text, else the stored one. */
export type PostedFields = Record<string, string | boolean> | undefined;

export const textOf = (posted: PostedFields, name: string, stored: string): string => {
  const value = posted?.[name];
  return typeof value === "string" ? value : stored;
};

/**
 * A field's message under it (its id is the field's, with -error), when it has
 * one: the action's, already in the page's language, or the shared schema's
 * (checked in the browser), a catalogue key.
 */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  const t = useT();
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="admin-error">
      {t(error)}
    </p>
  );
}

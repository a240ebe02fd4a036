import { type AdminGroup, groupCreateSchema, groupUpdateSchema } from "@skillshelf/shared/admin-forms.ts";
import { Link } from "react-router";
import { useT } from "../../../lib/i18n";
import { useAdminForm } from "../use-admin-form";
import { CATALOGUE_PATH } from "./catalogue-url";
import { type PostedFields, priceText, TaxClassInput, TextInput, textOf } from "./fields";

/** Creates a group under an artefact, or edits one. */
export function GroupForm({
  group,
  artefact,
  currency,
  posted,
  onSaved,
}: {
  group?: AdminGroup;
  artefact: { id: number; name: string };
  /** The store's currency: prices are checked and shown with its decimals. */
  currency: string;
  /** A plain form post of this form that failed: what was typed, and why. */
  posted?: { fields: PostedFields; errors?: Record<string, string> | undefined } | undefined;
  onSaved: () => void;
}) {
  const { errors, busy, formProps } = useAdminForm<AdminGroup>({
    schema: group ? groupUpdateSchema(currency) : groupCreateSchema(currency),
    initialErrors: posted?.errors,
    onDone: onSaved,
  });
  const t = useT();
  const text = (name: string, stored: string | null | undefined) => textOf(posted?.fields, name, stored ?? "");

  return (
    <form
      className="admin-form"
      {...formProps}
      aria-label={group ? t("Edit group {{name}}", { name: group.name }) : t("New group")}
    >
      <h2 className="admin-subtitle">
        {group ? t("Edit group: {{name}}", { name: group.name }) : t("New group in {{name}}", { name: artefact.name })}
      </h2>
      <input type="hidden" name="intent" value={group ? "group-update" : "group-create"} />
      {/* The group edited, or the artefact a new one goes in. */}
      <input type="hidden" name="id" value={group ? group.id : artefact.id} />
      <div className="admin-form__grid">
        <TextInput
          label="Group name"
          name="name"
          required
          defaultValue={text("name", group?.name)}
          error={errors.name}
        />
        <TextInput
          label="Group price"
          name="price"
          inputMode="decimal"
          defaultValue={text("price", priceText(group?.price ?? null, currency))}
          error={errors.price}
          hint="Blank for free"
        />
        <TextInput
          label="Group payment note"
          name="payment_note"
          defaultValue={text("payment_note", group?.payment_note)}
          error={errors.payment_note}
        />
        <TaxClassInput inherits defaultValue={text("tax_class", group?.tax_class ?? "")} error={errors.tax_class} />
      </div>
      <div className="admin-actions">
        <button type="submit" className="button" disabled={busy}>
          {group ? t("Save group") : t("Create group")}
        </button>
        <Link to={CATALOGUE_PATH} className="button button--outline">
          {t("Cancel")}
        </Link>
      </div>
    </form>
  );
}

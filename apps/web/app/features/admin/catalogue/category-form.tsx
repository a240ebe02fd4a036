import { type AdminCategory, categoryCreateSchema, categoryUpdateSchema } from "@skillshelf/shared/admin-forms.ts";
import type { AdminChoice } from "@skillshelf/shared/api.ts";
import type { IconChoice } from "@skillshelf/shared/icons.ts";
import { Link } from "react-router";
import { useT } from "../../../lib/i18n";
import { AdminSearchForm, AdminSearchIn } from "../components/admin-bits";
import { useAdminForm } from "../use-admin-form";
import { PARENT_SEARCH } from "./catalogue-intents";
import { CATALOGUE_PATH } from "./catalogue-url";
import {
  CheckboxInput,
  type PostedFields,
  priceText,
  SelectInput,
  SlugInput,
  TaxClassInput,
  TextInput,
  textOf,
} from "./fields";
import { IconPicker, IconSearchForm } from "./icon-picker";

/**
 * Creates or edits a parent category (parentId 0) or an artefact. The price,
 * payment note and tax class belong to artefacts only.
 */
export function CategoryForm({
  category,
  parentId,
  parents,
  icons,
  currency,
  posted,
  onSaved,
}: {
  /** The category to edit; none to create one. */
  category?: AdminCategory;
  /** 0 for a parent category, else the artefact's parent. */
  parentId: number;
  /** The parents an artefact may go under: its own first, then what ?parents= found (or the first in order). */
  parents: AdminChoice[];
  /** The icon picker's: the category's icon, and what ?icons= found (or suggestions). */
  icons: { chosen: IconChoice; found: IconChoice[]; searched: boolean };
  /** The store's currency: prices are checked and shown with its decimals. */
  currency: string;
  /** A plain form post of this form that failed: what was typed, and why. */
  posted?: { fields: PostedFields; errors?: Record<string, string> | undefined } | undefined;
  onSaved: (saved: AdminCategory) => void;
}) {
  const isArtefact = parentId !== 0;
  const { errors, busy, formProps } = useAdminForm<AdminCategory>({
    schema: category ? categoryUpdateSchema(currency) : categoryCreateSchema(currency),
    initialErrors: posted?.errors,
    onDone: onSaved,
  });
  const fields = posted?.fields;
  const text = (name: keyof AdminCategory, stored: string | null | undefined) => textOf(fields, name, stored ?? "");
  const ticked = (name: "is_header_menu" | "hidden") => (fields ? fields[name] === true : (category?.[name] ?? false));

  const t = useT();
  const fresh = isArtefact ? t("New artefact") : t("New parent category");
  return (
    <>
      <form
        className="admin-form"
        {...formProps}
        aria-label={category ? t("Edit {{name}}", { name: category.name }) : fresh}
      >
        <h2 className="admin-subtitle">
          {category
            ? isArtefact
              ? t("Edit artefact: {{name}}", { name: category.name })
              : t("Edit parent category: {{name}}", { name: category.name })
            : fresh}
        </h2>
        <input type="hidden" name="intent" value={category ? "category-update" : "category-create"} />
        {category && <input type="hidden" name="id" value={category.id} />}
        {isArtefact && (
          <SelectInput
            label="Parent category"
            name="parent_id"
            defaultValue={text("parent_id", String(parentId))}
            options={parents.map((p) => ({ value: String(p.id), label: p.label }))}
            error={errors.parent_id}
          />
        )}
        {isArtefact && (
          <AdminSearchIn
            form={PARENT_SEARCH_FORM}
            name={PARENT_SEARCH}
            label="Find a parent by name"
            placeholder="Parent name"
            hint="Without a search, the list shows the first parents in order."
            live
          />
        )}
        <div className="admin-form__grid">
          <TextInput
            label="Name"
            name="name"
            required
            defaultValue={text("name", category?.name)}
            error={errors.name}
          />
          <SlugInput prefix="/" defaultValue={text("slug", category?.slug)} error={errors.slug} />
          <TextInput
            label="Single line"
            name="single_line"
            defaultValue={text("single_line", category?.single_line)}
            error={errors.single_line}
          />
          {isArtefact && (
            <>
              <TextInput
                label="Price"
                name="price"
                inputMode="decimal"
                defaultValue={text("price", priceText(category?.price ?? null, currency))}
                error={errors.price}
                hint="Blank for free"
              />
              <TextInput
                label="Payment note"
                name="payment_note"
                defaultValue={text("payment_note", category?.payment_note)}
                error={errors.payment_note}
              />
              <TaxClassInput
                defaultValue={text("tax_class", category?.tax_class ?? "standard")}
                error={errors.tax_class}
              />
            </>
          )}
          <TextInput
            label="Meta title"
            name="meta_title"
            defaultValue={text("meta_title", category?.meta_title)}
            error={errors.meta_title}
          />
          <TextInput
            label="Meta description"
            name="meta_description"
            multiline
            defaultValue={text("meta_description", category?.meta_description)}
            error={errors.meta_description}
          />
        </div>
        <IconPicker {...icons} posted={text("icon", undefined) || undefined} error={errors.icon} />
        <CheckboxInput
          label="Show in the header menu"
          name="is_header_menu"
          defaultChecked={ticked("is_header_menu")}
        />
        <CheckboxInput label="Hidden from the public pages" name="hidden" defaultChecked={ticked("hidden")} />
        <div className="admin-actions">
          <button type="submit" className="button" disabled={busy}>
            {category ? t("Save") : isArtefact ? t("Create artefact") : t("Create parent category")}
          </button>
          <Link to={CATALOGUE_PATH} className="button button--outline">
            {t("Cancel")}
          </Link>
        </div>
      </form>
      {isArtefact && <AdminSearchForm id={PARENT_SEARCH_FORM} name={PARENT_SEARCH} />}
      <IconSearchForm />
    </>
  );
}

/** The id of the GET form the parent search sends (it stands outside the category's form: forms cannot nest). */
const PARENT_SEARCH_FORM = "category-parent-search";

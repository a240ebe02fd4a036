import type { AdminCategory, AdminParentNode } from "@skillshelf/shared/admin-forms.ts";
import { type FormEvent, useState } from "react";
import { useToast } from "../../toast/toast-context";
import { adminCall } from "../admin-api";
import { CheckboxInput, priceText, SelectInput, TextInput } from "./fields";

/**
 * Creates or edits a parent category (parentId 0) or an artefact. The price
 * and payment note belong to artefacts only.
 */
export function CategoryForm({
  category,
  parentId,
  parents,
  onSaved,
  onCancel,
}: {
  /** The category to edit; none to create one. */
  category?: AdminCategory;
  /** 0 for a parent category, else the artefact's parent. */
  parentId: number;
  parents: AdminParentNode[];
  onSaved: (saved: AdminCategory) => void;
  onCancel: () => void;
}) {
  const toast = useToast();
  const isArtefact = parentId !== 0;
  const [fields, setFields] = useState({
    parent_id: String(parentId),
    slug: category?.slug ?? "",
    name: category?.name ?? "",
    icon: category?.icon ?? "",
    single_line: category?.single_line ?? "",
    is_header_menu: category?.is_header_menu ?? false,
    hidden: category?.hidden ?? false,
    price: priceText(category?.price ?? null),
    payment_note: category?.payment_note ?? "",
    meta_title: category?.meta_title ?? "",
    meta_description: category?.meta_description ?? "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof fields) => (value: string | boolean) => setFields((f) => ({ ...f, [name]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const { parent_id, price, payment_note, ...rest } = fields;
    const body = {
      ...rest,
      ...(isArtefact ? { parent_id: Number(parent_id), price, payment_note } : category ? {} : { parent_id: null }),
    };
    const result = await adminCall<{ data: AdminCategory }>(
      category ? `/api/admin/categories/${category.id}` : "/api/admin/categories",
      { method: category ? "PATCH" : "POST", body, notify: toast },
    );
    setBusy(false);
    setErrors(result.body?.errors ?? {});
    if (result.ok && result.body) onSaved(result.body.data);
  };

  const kind = isArtefact ? "artefact" : "parent category";
  return (
    <form
      className="admin-form"
      onSubmit={submit}
      noValidate
      aria-label={category ? `Edit ${category.name}` : `New ${kind}`}
    >
      <h2 className="admin-subtitle">{category ? `Edit ${kind}: ${category.name}` : `New ${kind}`}</h2>
      {isArtefact && (
        <SelectInput
          label="Parent category"
          value={fields.parent_id}
          onChange={set("parent_id")}
          options={parents.map((p) => ({ value: String(p.id), label: p.name }))}
        />
      )}
      <div className="admin-form__grid">
        <TextInput label="Name" required value={fields.name} onChange={set("name")} error={errors.name} />
        <TextInput
          label="Slug"
          required
          value={fields.slug}
          onChange={set("slug")}
          error={errors.slug}
          hint="Its address: /slug"
        />
        <TextInput label="Icon" value={fields.icon} onChange={set("icon")} error={errors.icon} hint="An emoji" />
        <TextInput
          label="Single line"
          value={fields.single_line}
          onChange={set("single_line")}
          error={errors.single_line}
        />
        {isArtefact && (
          <>
            <TextInput
              label="Price"
              inputMode="decimal"
              value={fields.price}
              onChange={set("price")}
              error={errors.price}
              hint="Blank for free"
            />
            <TextInput
              label="Payment note"
              value={fields.payment_note}
              onChange={set("payment_note")}
              error={errors.payment_note}
            />
          </>
        )}
        <TextInput
          label="Meta title"
          value={fields.meta_title}
          onChange={set("meta_title")}
          error={errors.meta_title}
        />
        <TextInput
          label="Meta description"
          multiline
          value={fields.meta_description}
          onChange={set("meta_description")}
          error={errors.meta_description}
        />
      </div>
      <CheckboxInput label="Show in the header menu" checked={fields.is_header_menu} onChange={set("is_header_menu")} />
      <CheckboxInput label="Hidden from the public pages" checked={fields.hidden} onChange={set("hidden")} />
      <div className="admin-actions">
        <button type="submit" className="button" disabled={busy}>
          {category ? "Save" : `Create ${kind}`}
        </button>
        <button type="button" className="button button--outline" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

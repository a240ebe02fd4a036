import type { AdminGroup } from "@skillshelf/shared/admin-forms.ts";
import { type FormEvent, useState } from "react";
import { useToast } from "../../toast/toast-context";
import { adminCall } from "../admin-api";
import { priceText, TextInput } from "./fields";

/** Creates a group under an artefact, or edits one. */
export function GroupForm({
  group,
  artefact,
  onSaved,
  onCancel,
}: {
  group?: AdminGroup;
  artefact: { id: number; name: string };
  onSaved: () => void;
  onCancel: () => void;
}) {
  const toast = useToast();
  const [name, setName] = useState(group?.name ?? "");
  const [price, setPrice] = useState(priceText(group?.price ?? null));
  const [note, setNote] = useState(group?.payment_note ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await adminCall(
      group ? `/api/admin/groups/${group.id}` : `/api/admin/categories/${artefact.id}/groups`,
      {
        method: group ? "PATCH" : "POST",
        body: { name, price, payment_note: note },
        notify: toast,
      },
    );
    setBusy(false);
    setErrors(result.body?.errors ?? {});
    if (result.ok) onSaved();
  };

  return (
    <form
      className="admin-form"
      onSubmit={submit}
      noValidate
      aria-label={group ? `Edit group ${group.name}` : "New group"}
    >
      <h2 className="admin-subtitle">{group ? `Edit group: ${group.name}` : `New group in ${artefact.name}`}</h2>
      <div className="admin-form__grid">
        <TextInput label="Group name" required value={name} onChange={setName} error={errors.name} />
        <TextInput
          label="Group price"
          inputMode="decimal"
          value={price}
          onChange={setPrice}
          error={errors.price}
          hint="Blank for free"
        />
        <TextInput label="Group payment note" value={note} onChange={setNote} error={errors.payment_note} />
      </div>
      <div className="admin-actions">
        <button type="submit" className="button" disabled={busy}>
          {group ? "Save group" : "Create group"}
        </button>
        <button type="button" className="button button--outline" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

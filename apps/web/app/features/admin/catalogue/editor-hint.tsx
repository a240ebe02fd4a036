import { useT } from "../../../lib/i18n";

/** The side panel with no editor open, or with one whose item is not there (a stale link). */
export function EditorHint() {
  const t = useT();
  return <p className="admin-muted admin-side__hint">{t("Choose Edit or Add on an item to change the catalogue.")}</p>;
}

import { useT } from "../lib/i18n";

/** A small pill with the number of articles; renders nothing for zero. */
export function CountBadge({ count }: { count: number }) {
  const t = useT();
  if (count <= 0) return null;
  return (
    <>
      <span className="count-badge">{count}</span>
      <span className="sr-only"> {t("articles", { count })}</span>
    </>
  );
}

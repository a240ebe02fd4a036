/** A small pill with the number of articles; renders nothing for zero. */
export function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <>
      <span className="count-badge">{count}</span>
      <span className="sr-only">{count === 1 ? " article" : " articles"}</span>
    </>
  );
}

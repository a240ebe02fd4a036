import { Link } from "react-router";

/** The empty states of /my-items and /my-orders. */
export function EmptyAccountState({
  title,
  text,
  withExplore,
}: {
  title: string;
  text: string;
  withExplore?: boolean;
}) {
  return (
    <div className="empty-panel">
      <h2 className="empty-panel__title">{title}</h2>
      <p className="empty-panel__text">{text}</p>
      {withExplore && (
        <Link to="/" className="button">
          Explore Artifacts
        </Link>
      )}
    </div>
  );
}

import { useNavigation } from "react-router";

/** A spinner while the next page's data loads; the live region is always present so it is announced. */
export function RouteProgress() {
  const navigation = useNavigation();
  return (
    <div role="status" className="route-progress">
      {navigation.state === "loading" && (
        <span className="route-progress__pill">
          <span className="spinner" aria-hidden="true" />
          Loading…
        </span>
      )}
    </div>
  );
}

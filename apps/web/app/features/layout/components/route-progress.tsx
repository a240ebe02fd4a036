import { useNavigation } from "react-router";
import { useT } from "../../../lib/i18n";

/** A spinner while the next page's data loads; the live region is always present so it is announced. */
export function RouteProgress() {
  const t = useT();
  const navigation = useNavigation();
  return (
    <div role="status" className="route-progress">
      {navigation.state === "loading" && (
        <span className="route-progress__pill">
          <span className="spinner" aria-hidden="true" />
          {t("Loading…")}
        </span>
      )}
    </div>
  );
}

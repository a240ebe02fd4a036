import { AccountPageHeader } from "../features/account/components/account-page-header";
import { SettingsForm } from "../features/account/components/settings-form";
import { requireViewer } from "../lib/guards";
import { buildMeta } from "../lib/meta";
import type { Route } from "./+types/settings";

export function loader({ context, request }: Route.LoaderArgs) {
  return { user: requireViewer(context, request).user };
}

export function meta() {
  return buildMeta({
    title: "Settings | Skillshelf",
    description: "Your display name, time zone, language and notification choices.",
  });
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  return (
    <div className="account-page">
      <AccountPageHeader title="Settings" lead="Choose how Skillshelf looks and talks to you." />
      <div className="card account-panel">
        <SettingsForm user={loaderData.user} />
      </div>
    </div>
  );
}

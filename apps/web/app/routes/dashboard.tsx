import { ShieldIcon, UserIcon } from "../features/account/components/account-icons";
import { AccountPageHeader } from "../features/account/components/account-page-header";
import { PasswordForm } from "../features/account/components/password-form";
import { ProfileForm } from "../features/account/components/profile-form";
import { Tabs } from "../features/account/components/tabs";
import { requireViewer } from "../lib/guards";
import { buildMeta } from "../lib/meta";
import type { Route } from "./+types/dashboard";

export function loader({ context, request }: Route.LoaderArgs) {
  return { user: requireViewer(context, request).user };
}

export function meta() {
  return buildMeta({ title: "Dashboard | Skillshelf", description: "Your Skillshelf profile and password." });
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  const firstName = user.name.trim().split(/\s+/)[0] ?? user.name;
  return (
    <div className="account-page">
      <AccountPageHeader
        title="Dashboard"
        lead={`Hello, ${firstName}. Keep your details up to date and your account secure.`}
      />
      <div className="card account-panel">
        <Tabs
          label="Account details"
          tabs={[
            { id: "profile", label: "Profile", icon: <UserIcon size={18} />, panel: <ProfileForm user={user} /> },
            { id: "password", label: "Password", icon: <ShieldIcon size={18} />, panel: <PasswordForm /> },
          ]}
        />
      </div>
    </div>
  );
}

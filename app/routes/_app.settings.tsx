import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { PlaceholderScreen, screenMeta } from "~/components/shell/screen";

export const meta: MetaFunction = screenMeta("Settings");

export default function Settings() {
  return (
    <PlaceholderScreen
      title="Settings"
      description="Preferences for your workspace and your account."
      empty={{
        icon: "settings",
        title: "Settings are on their way",
        children: <p>Workspace details, notification preferences and security settings will be managed here.</p>,
        action: { to: "/profile", label: "View your profile" },
      }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

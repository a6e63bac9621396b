import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { useShellUser } from "~/components/shell/app-shell";
import { PlaceholderScreen, screenMeta } from "~/components/shell/screen";
import { displayName } from "~/components/shell/user-display";

export const meta: MetaFunction = screenMeta("Dashboard");

export default function Dashboard() {
  const user = useShellUser();
  return (
    <PlaceholderScreen
      title="Dashboard"
      description={`Welcome back, ${displayName(user)}. This is where your work comes together.`}
      empty={{
        icon: "dashboard",
        title: "Nothing to show yet",
        children: <p>Your projects, recent activity and AI insights will appear here once your team starts working.</p>,
        action: { to: "/projects", label: "Go to Projects" },
      }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
